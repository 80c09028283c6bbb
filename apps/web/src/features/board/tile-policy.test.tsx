import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CardTileReply } from '@cutroom/domain/schemas';
import type { Role } from '@cutroom/domain';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { boardServer, makeCard } from './board-test-kit';

/** Card 1's tile for a viewer: whether it has the Mark as done button, and the names in its ⋯ menu. */
async function tileFor(role: Role, card: CardTileReply, me: Parameters<typeof makeUser>[0] = {}) {
  boardServer(role, [card], {
    'GET /api/me': { body: makeUser({ client_type: role, client_id: role === 'customer' ? 7 : 1, ...me }) },
  });
  const user = userEvent.setup();
  renderApp('/');
  await screen.findByTestId(`card-${card.card_id}`);
  const markDone = screen.queryByTestId(`mark-done-${card.card_id}`) !== null;
  const button = screen.queryByTestId(`card-actions-${card.card_id}`);
  if (!button) return { markDone, menu: [] };
  await user.click(button);
  const items = await screen.findAllByRole('menuitem');
  return { markDone, menu: items.map((item) => item.textContent) };
}

describe('a tile asks the card policy (issue 11)', { timeout: 30_000 }, () => {
  it('offers the owning customer Mark as done and Archive on a card in review', async () => {
    const tile = await tileFor('customer', makeCard({ card_status: 'done' }));
    expect(tile.markDone).toBe(true);
    expect(tile.menu).toContain('Archive');
  });

  it('takes Mark as done and Archive away from a customer whose subscription lapsed, as the card page does', async () => {
    const tile = await tileFor('customer', makeCard({ card_status: 'done' }), { is_active_subscription: false });
    expect(tile.markDone).toBe(false);
    expect(tile.menu).not.toContain('Archive');
    expect(tile.menu).toContain('Edit');
  });

  it('offers a team lead Pause on a card in review', async () => {
    const tile = await tileFor('team-lead', makeCard({ card_status: 'done', client_id: 50 }));
    expect(tile.menu).toContain('Pause');
    expect(tile.markDone).toBe(false);
  });
});
