import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { boardServer, makeCard } from './board-test-kit';

describe('a tile in Review with approver guests (issue 52)', { timeout: 30_000 }, () => {
  it('says how many approved of how many; a card without approvers says nothing of it', async () => {
    const shared = makeCard({ card_id: 1, card_status: 'done', approvals: { approved: 2, of: 3 } });
    const alone = makeCard({ card_id: 2, card_status: 'done', card_title: 'Customer alone', approvals: null });
    boardServer('customer', [shared, alone], {
      'GET /api/me': { body: makeUser({ client_type: 'customer', client_id: 7 }) },
    });
    renderApp('/');
    const icons = await screen.findByTestId('card-icons-1');
    const marker = within(icons).getByRole('img', { name: '2 of 3 approved' });
    expect(marker.textContent).toBe('2/3');
    expect(within(await screen.findByTestId('card-icons-2')).queryByRole('img', { name: /approved/ })).toBeNull();
  });
});
