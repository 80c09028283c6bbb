import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REVISION_REASONS, MSG } from '@cutroom/domain';
import { renderApp } from '../../test/render-app';
import { boardServer, makeCard } from './board-test-kit';

describe('revision from the board', { timeout: 15_000 }, () => {
  it('asks for reasons from the active list before sending the card back, and sends them', async () => {
    const cards = [makeCard({ card_id: 4, card_status: 'done', client_id: 7 })];
    const server = boardServer('customer', cards, {
      'GET /api/revisionReasons': {
        body: {
          reasons: DEFAULT_REVISION_REASONS.filter((r) => r.key !== 'style').map((r, i) => ({
            ...r,
            active: true,
            position: i + 1,
          })),
        },
      },
      'POST /api/card/4/revision': () => {
        cards[0] = { ...cards[0]!, card_status: 'editing', revision_nr: 1 };
        return { body: { success: true, message: MSG.movedToRevision } };
      },
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByTestId('status-menu-4'));
    await user.click(await screen.findByRole('menuitem', { name: 'Editing' }));
    const dialog = await screen.findByTestId('revision-dialog');
    expect(within(dialog).getByText(MSG.confirmRevision)).toBeTruthy();
    await within(dialog).findByLabelText('Wrong cut');
    // Only the active reasons are offered.
    expect(within(dialog).queryByLabelText('Style')).toBeNull();
    const submit = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Request revision' });
    expect(submit.disabled).toBe(true);
    await user.click(within(dialog).getByLabelText('Audio'));
    await user.click(within(dialog).getByLabelText('Missed instruction'));
    await user.click(submit);
    await waitFor(() => expect(server.callsTo('POST', '/api/card/4/revision')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/card/4/revision')[0]!.body).toEqual({
      card_id: 4,
      card_status: 'done',
      revisionType: 'editing',
      reasons: ['audio', 'missed_instruction'],
    });
  });
});
