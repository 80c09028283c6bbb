import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_TEXT, MSG } from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { AppProviders } from '../../../app/providers';
import { fakeServer } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { FakeXhr, makeUploadedFile, partUrls } from '../../uploads/upload-test-kit';
import { boardServer, makeCard } from '../board-test-kit';
import { RepurposeDialog } from './repurpose-dialog';

const started = { upload_id: 9, key: 'uploads/7/x', file_name: 'x', part_size: 10, part_count: 3 };
const cut = () => new File(['a'.repeat(30)], 'Final cut.mp4', { type: 'video/mp4' });

afterEach(() => {
  FakeXhr.sent = [];
  FakeXhr.delayMs = 5;
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The editor's status menu on an Editing card, then QA or Repurposing Review: the dialog, on "Upload the cut". */
async function openUpload(card: Partial<CardTileReply>, target: string, testId: string, routes = {}) {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const cards = [makeCard({ card_id: 4, card_status: 'editing', assigned_to: 1, ...card })];
  const server = boardServer('editor', cards, {
    'POST /api/uploads': { status: 201, body: started },
    'POST /api/uploads/9/part-urls': partUrls(9),
    'POST /api/uploads/9/complete': { body: { message: MSG.uploadComplete, file: makeUploadedFile({ id: 9 }) } },
    'DELETE /api/uploads/9': { body: { message: MSG.uploadCanceled } },
    ...routes,
  });
  const user = userEvent.setup();
  renderApp('/');
  await user.click(await screen.findByTestId('status-menu-4'));
  await user.click(await screen.findByRole('menuitem', { name: target }));
  const dialog = await screen.findByTestId(testId);
  await user.click(within(dialog).getByText(DELIVERY_TEXT.uploadCut));
  return { server, user, dialog };
}

describe('Upload the cut in the move dialogs', { timeout: 15_000 }, () => {
  it('Move to QA: the cut goes into the card customer’s folder and the card moves with upload_id', async () => {
    const { server, user, dialog } = await openUpload({}, 'QA', 'qa-dialog', {
      'POST /api/card/4/moveToQa': { body: { success: true, message: MSG.cardMoved } },
    });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, cut());
    await waitFor(() => expect(server.callsTo('POST', '/api/card/4/moveToQa')).toHaveLength(1));
    // The card's customer (client_id 7) owns the folder, whatever the editor's own id.
    expect(server.callsTo('POST', '/api/uploads')[0]!.body).toMatchObject({ customer_id: 7, size: 30 });
    expect(FakeXhr.sent).toHaveLength(3);
    expect(server.callsTo('POST', '/api/card/4/moveToQa')[0]!.body).toEqual({
      card_id: 4,
      card_status: 'editing',
      newStatus: 'qa',
      upload_id: 9,
    });
    // The upload is done: nothing is left to resume.
    expect(localStorage.getItem('cutroom.upload-resume')).toBeNull();
  });

  it('shows progress and a cancel that drops the upload, and keeps the card where it is', async () => {
    FakeXhr.delayMs = 10_000;
    const { server, user, dialog } = await openUpload({}, 'QA', 'qa-dialog');
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, cut());
    const status = await within(dialog).findByTestId('cut-upload-status');
    await waitFor(() => expect(status.textContent).toContain('of 30 bytes'));
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Submit' }).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Final cut.mp4' }));
    expect(await within(dialog).findByText(MSG.uploadCanceled)).toBeTruthy();
    await waitFor(() => expect(server.callsTo('DELETE', '/api/uploads/9')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/card/4/moveToQa')).toHaveLength(0);
  });

  it('says why the storage refused the file, and moves nothing', async () => {
    const { server, user, dialog } = await openUpload({}, 'QA', 'qa-dialog', {
      'POST /api/uploads': {
        status: 400,
        body: { code: 'VALIDATION', error_message: 'The file is larger than 20480 MB' },
      },
    });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, cut());
    expect(await within(dialog).findByText('The file is larger than 20480 MB')).toBeTruthy();
    expect(server.callsTo('POST', '/api/card/4/moveToQa')).toHaveLength(0);
  });

  it('the repurpose dialog delivers the upload instead of the links', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const server = fakeServer({
      'POST /api/uploads': { status: 201, body: started },
      'POST /api/uploads/9/part-urls': partUrls(9),
      'POST /api/uploads/9/complete': { body: { message: MSG.uploadComplete, file: makeUploadedFile({ id: 9 }) } },
    });
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(
      <AppProviders env="test">
        <RepurposeDialog
          card={makeCard({ card_id: 4, card_status: 'repurpose_editing' })}
          onCancel={() => {}}
          onSubmit={onSubmit}
        />
      </AppProviders>,
    );
    const dialog = await screen.findByTestId('repurpose-dialog');
    await user.click(within(dialog).getByText(DELIVERY_TEXT.uploadCut));
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, cut());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ links: [], uploadId: 9, srtFile: '' });
    expect(server.callsTo('POST', '/api/uploads')[0]!.body).toMatchObject({ customer_id: 7 });
  });
});
