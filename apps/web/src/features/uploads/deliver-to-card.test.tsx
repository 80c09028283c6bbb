import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DELIVERY_TEXT, MSG, fill } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { makeMedia, makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { makeCard } from '../board/board-test-kit';
import { makeUploadedFile } from './upload-test-kit';

const video = makeUploadedFile({ id: 5, customer_id: 3, media: makeMedia() });
const still = makeUploadedFile({ id: 6, customer_id: 3, file_name: 'Logo-20261125-142930123.png', media: null });

/** Staff on the upload page with Cleo's folder open: a finished video and a still. */
async function openFolder(editing: CardTileReply[], routes: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({
    'GET /api/me': { body: makeUser({ client_type: 'admin', client_id: 1 }) },
    'GET /api/uploads/folders': { body: { customers: [{ client_id: 3, fullname: 'Cleo Creator' }] } },
    'GET /api/uploads': { body: { files: [video, still], count: 2, page: 1, page_size: 10 } },
    'POST /api/getCards': { body: { editing } },
    ...routes,
  });
  const user = userEvent.setup();
  renderApp('/upload');
  await user.click(await screen.findByRole('combobox', { name: 'Customer' }));
  await user.click(await screen.findByRole('option', { name: 'Cleo Creator' }));
  await screen.findByRole('table', { name: 'Uploaded files' });
  return { server, user };
}

describe('Deliver to a card…', { timeout: 15_000 }, () => {
  it('lists the customer’s cards in Editing or Revision and moves the picked one to QA with upload_id', async () => {
    const { server, user } = await openFolder(
      [
        makeCard({ card_id: 21, card_title: 'Launch film', card_status: 'editing', client_id: 3 }),
        makeCard({ card_id: 22, card_title: 'Teaser', card_status: 'editing', client_id: 3, revision_nr: 2 }),
        makeCard({ card_id: 23, card_title: 'Someone else’s', card_status: 'editing', client_id: 9 }),
      ],
      { 'POST /api/card/22/moveToQa': { body: { success: true, message: MSG.cardMoved } } },
    );
    // A still is no video: only the video row offers it.
    expect(screen.queryByRole('button', { name: `Deliver ${still.file_name} to a card` })).toBeNull();
    await user.click(screen.getByRole('button', { name: `Deliver ${video.file_name} to a card` }));
    const dialog = await screen.findByTestId('deliver-dialog');
    await within(dialog).findByText('Launch film');
    expect(within(dialog).getByText('Revision 2')).toBeTruthy();
    expect(within(dialog).queryByText('Someone else’s')).toBeNull();
    const move = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Move to QA' });
    expect(move.disabled).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: /Teaser/ }));
    await user.click(move);
    expect(
      await within(dialog).findByText(fill(DELIVERY_TEXT.delivered, { file: video.file_name, card: 'Teaser' })),
    ).toBeTruthy();
    expect(server.callsTo('POST', '/api/card/22/moveToQa')[0]!.body).toEqual({
      card_id: 22,
      card_status: 'editing',
      newStatus: 'qa',
      upload_id: 5,
    });
  });

  it('says so when no card qualifies', async () => {
    const { user } = await openFolder([]);
    await user.click(screen.getByRole('button', { name: `Deliver ${video.file_name} to a card` }));
    expect(await screen.findByText(DELIVERY_TEXT.noCardToDeliver)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('deliver-dialog')).toBeNull());
  });

  it('shows the server’s refusal of the move', async () => {
    const { user } = await openFolder([makeCard({ card_id: 21, card_title: 'Launch film', client_id: 3 })], {
      'POST /api/card/21/moveToQa': {
        status: 400,
        body: { code: 'VALIDATION', error_message: MSG.uploadNotDeliverable, field: 'upload_id' },
      },
    });
    await user.click(screen.getByRole('button', { name: `Deliver ${video.file_name} to a card` }));
    const dialog = await screen.findByTestId('deliver-dialog');
    await user.click(await within(dialog).findByRole('radio', { name: /Launch film/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Move to QA' }));
    expect(await within(dialog).findByText(MSG.uploadNotDeliverable)).toBeTruthy();
  });
});
