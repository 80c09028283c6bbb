import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, type Role } from '@cutroom/domain';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { boardServer, makeCard } from './board-test-kit';

const eddie = makeUser({
  client_id: 30,
  client_type: 'editor',
  firstname: 'Eddie',
  lastname: 'Cutter',
  fullname: 'Eddie Cutter',
});
const moved = { body: { message: MSG.cardMoved } };

/** A card in Video Requests moved to Editing from its status menu by someone of this role. */
async function moveToEditing(role: Role, card = makeCard({ card_id: 1 })) {
  const server = boardServer(role, [card], {
    'GET /api/users': { body: { users: [eddie], count: 1 } },
    'POST /api/card/1/timeline': moved,
    'POST /api/card/assign': { body: { message: MSG.assignmentUpdated } },
  });
  const user = userEvent.setup();
  renderApp('/');
  await user.click(await screen.findByTestId('status-menu-1'));
  await user.click(await screen.findByRole('menuitem', { name: 'Editing' }));
  const dialog = await screen.findByRole('dialog', { name: /Move to Editing/ });
  return { server, user, dialog };
}

// A card reached Completed through Editing with nobody assigned and no editor mailed (issue 33).
describe('moving a card nobody edits to Editing', { timeout: 15_000 }, () => {
  it('makes a team lead choose the editor, then assigns them after the move', async () => {
    const { server, user, dialog } = await moveToEditing('team-lead');
    expect(within(dialog).getByText(MSG.assignOnEditingRequired)).toBeTruthy();
    const yes = within(dialog).getByRole('button', { name: 'Yes' });
    expect(yes.hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: MSG.assignOnEditingLabel }));
    await user.click(await screen.findByRole('option', { name: 'Eddie Cutter · Editor' }));
    await user.click(yes);
    await waitFor(() => expect(server.callsTo('POST', '/api/card/assign')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/card/1/timeline')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/card/assign')[0]!.body).toEqual({ card_id: 1, assign_to: 30 });
  });

  it('lets an admin move it without an editor, and assigns nobody', async () => {
    const { server, user, dialog } = await moveToEditing('admin');
    expect(within(dialog).getByText(MSG.assignOnEditingOptional)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/card/1/timeline')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/card/assign')).toHaveLength(0);
  });

  it('asks nothing more when the card has its editor', async () => {
    const { dialog } = await moveToEditing(
      'team-lead',
      makeCard({ card_id: 1, assigned_to: 30, assigned_to_name: 'Eddie Cutter' }),
    );
    expect(within(dialog).queryByText(MSG.assignOnEditingLabel)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Yes' }).hasAttribute('disabled')).toBe(false);
  });
});
