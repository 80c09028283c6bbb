import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, type Role } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { boardServer, makeCard } from './board-test-kit';

const REPURPOSE = 'Enable repurpose';
const YT_HELPER = 'Enable YouTube helper';

/** The names of the items in card 1's ⋯ menu, or [] when the tile has no menu. */
async function menuItems(role: Role, card: CardTileReply, me: Parameters<typeof makeUser>[0] = {}) {
  boardServer(role, [card], {
    'GET /api/me': { body: makeUser({ client_type: role, client_id: role === 'customer' ? 7 : 1, ...me }) },
  });
  const user = userEvent.setup();
  renderApp('/');
  await screen.findByTestId(`card-${card.card_id}`);
  const button = screen.queryByTestId(`card-actions-${card.card_id}`);
  if (!button) return [];
  await user.click(button);
  const items = await screen.findAllByRole('menuitem');
  return items.map((item) => item.textContent);
}

describe('enabling extras from the ⋯ menu', { timeout: 30_000 }, () => {
  it('offers both to the admin on a card without them', async () => {
    const items = await menuItems('admin', makeCard());
    expect(items).toContain(REPURPOSE);
    expect(items).toContain(YT_HELPER);
  });

  it('offers both to the owning customer whose plan has the YouTube helper', async () => {
    const items = await menuItems('customer', makeCard(), { has_youtube_helper: true });
    expect(items).toContain(REPURPOSE);
    expect(items).toContain(YT_HELPER);
  });

  it('offers a customer without the helper in their plan only repurpose', async () => {
    const items = await menuItems('customer', makeCard(), { has_youtube_helper: false });
    expect(items).toContain(REPURPOSE);
    expect(items).not.toContain(YT_HELPER);
  });

  it("offers neither to a customer on someone else's card", async () => {
    const items = await menuItems('customer', makeCard({ client_id: 8 }), { has_youtube_helper: true });
    expect(items).not.toContain(REPURPOSE);
    expect(items).not.toContain(YT_HELPER);
  });

  it.each(['qa', 'editor', 'team-lead'] as const)('offers neither to %s', async (role) => {
    const items = await menuItems(role, makeCard({ client_id: 1 }));
    expect(items).not.toContain(REPURPOSE);
    expect(items).not.toContain(YT_HELPER);
  });

  it('hides repurpose once the card has it', async () => {
    const enabled = await menuItems('admin', makeCard({ has_repurpose: true }));
    expect(enabled).not.toContain(REPURPOSE);
    expect(enabled).toContain(YT_HELPER);
  });

  it('hides the helper once the card has it', async () => {
    const items = await menuItems('customer', makeCard({ has_youtube_helper: true }), { has_youtube_helper: true });
    expect(items).toContain(REPURPOSE);
    expect(items).not.toContain(YT_HELPER);
  });

  it('offers neither on a canceled card', async () => {
    window.localStorage.setItem('showCanceled', 'true');
    const items = await menuItems('admin', makeCard({ card_status: 'canceled' }));
    expect(items).not.toContain(REPURPOSE);
    expect(items).not.toContain(YT_HELPER);
  });

  it('opens the confirmation from the menu and turns the helper on', async () => {
    const server = boardServer('admin', [makeCard()], {
      'POST /api/card/1/enableCardYtHelper': { body: { message: MSG.ytHelperEnabled, card_id: 1 } },
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByTestId('card-actions-1'));
    await user.click(await screen.findByRole('menuitem', { name: YT_HELPER }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(MSG.ytHelperEnabled)).toBeTruthy();
    expect(server.callsTo('POST', '/api/card/1/enableCardYtHelper')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull());
  });

  it('opens the repurpose form from the menu', async () => {
    boardServer('customer', [makeCard()]);
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByTestId('card-actions-1'));
    await user.click(await screen.findByRole('menuitem', { name: REPURPOSE }));
    expect(await screen.findByRole('dialog', { name: 'Enable repurpose' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Vertical (9:16)' })).toBeTruthy();
  });
});
