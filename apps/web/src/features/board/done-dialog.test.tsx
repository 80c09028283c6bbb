import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { renderApp } from '../../test/render-app';
import { makeCardDetail } from '../../test/fixtures';
import { boardServer, makeCard } from './board-test-kit';

/** Opens the done dialog the keyboard way: the status menu of a QA card, then 'Review'. */
async function openDoneDialog(card: Partial<CardTileReply> = {}) {
  const cards = [makeCard({ card_id: 4, card_status: 'qa', ...card })];
  const server = boardServer('team-lead', cards, {
    'POST /api/card/4/done': () => {
      cards[0] = { ...cards[0]!, card_status: 'done' };
      return { body: { success: true, message: MSG.cardMoved } };
    },
  });
  const user = userEvent.setup();
  renderApp('/');
  await user.click(await screen.findByTestId('status-menu-4'));
  await user.click(await screen.findByRole('menuitem', { name: 'Review' }));
  const dialog = await screen.findByTestId('done-dialog');
  const submit = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Submit' });
  return { server, user, dialog, submit };
}

describe('done dialog', { timeout: 15_000 }, () => {
  it('offers the link delivered at QA (issue 18)', async () => {
    const cards = [makeCard({ card_id: 4, card_status: 'qa' })];
    boardServer('team-lead', cards, {
      'GET /api/card/4': {
        body: makeCardDetail({ card_id: 4, done_video_link: 'https://cdn.example.com/qa-cut.mp4' }),
      },
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByTestId('status-menu-4'));
    await user.click(await screen.findByRole('menuitem', { name: 'Review' }));
    const dialog = await screen.findByTestId('done-dialog');
    await waitFor(() =>
      expect(within(dialog).getByLabelText<HTMLInputElement>(/^Video link/).value).toBe(
        'https://cdn.example.com/qa-cut.mp4',
      ),
    );
  });

  it('enables Submit only with a video link and a Sync ID or the no Content ID tick', async () => {
    const { user, dialog, submit } = await openDoneDialog();
    expect(submit.disabled).toBe(true);

    await user.type(within(dialog).getByLabelText(/^Video link/), 'https://cdn.example.com/final.mp4');
    expect(submit.disabled).toBe(true);

    const syncId = within(dialog).getByLabelText(MSG.syncIdLabel);
    expect(syncId.getAttribute('placeholder')).toBe(MSG.syncIdPlaceholder);
    await user.type(syncId, 'SYNC-42');
    expect(submit.disabled).toBe(false);

    await user.clear(syncId);
    expect(submit.disabled).toBe(true);
    await user.click(within(dialog).getByLabelText(MSG.noContentId));
    expect(submit.disabled).toBe(false);

    await user.clear(within(dialog).getByLabelText(/^Video link/));
    expect(submit.disabled).toBe(true);
  });

  it('sends the link and Sync ID and moves the card to Review at once', async () => {
    const { server, user, dialog, submit } = await openDoneDialog();
    await user.type(within(dialog).getByLabelText(/^Video link/), 'https://cdn.example.com/final.mp4');
    await user.type(within(dialog).getByLabelText(MSG.syncIdLabel), 'SYNC-42');
    await user.click(submit);

    expect(await within(screen.getByTestId('column-done')).findByTestId('card-4')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('POST', '/api/card/4/done')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/card/4/done')[0]?.body).toEqual({
      card_id: 4,
      card_status: 'qa',
      newStatus: 'done',
      done_link: 'https://cdn.example.com/final.mp4',
      content_id: 'SYNC-42',
      no_content_id: false,
    });
    expect(await screen.findByText(MSG.cardMoved)).toBeTruthy();
  });

  it('after a revision makes the Sync ID optional, with its other label', async () => {
    const { user, dialog, submit } = await openDoneDialog({ revision_nr: 1 });
    const syncId = within(dialog).getByLabelText(MSG.syncIdLabelRevision);
    expect(syncId.getAttribute('placeholder')).toBe(MSG.syncIdPlaceholderRevision);
    expect(within(dialog).queryByLabelText(MSG.noContentId)).toBeNull();
    await user.type(within(dialog).getByLabelText(/^Video link/), 'https://cdn.example.com/v2.mp4');
    expect(submit.disabled).toBe(false);
  });

  it('asks for done_video_limit links: the main one and limit − 1 extra inputs', async () => {
    const { dialog, submit } = await openDoneDialog({ done_video_limit: 3 });
    expect(within(dialog).getByLabelText('Video link 2')).toBeTruthy();
    expect(within(dialog).getByLabelText('Video link 3')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Video link 4')).toBeNull();
    expect(submit.disabled).toBe(true);
  });

  it('holds Submit while a link does not look like one', async () => {
    const { user, dialog, submit } = await openDoneDialog();
    await user.type(within(dialog).getByLabelText(/^Video link/), 'final cut on the drive');
    await user.type(within(dialog).getByLabelText(MSG.syncIdLabel), 'SYNC-42');
    expect(submit.disabled).toBe(true);
  });
});
