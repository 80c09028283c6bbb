import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, fill } from '@cutroom/domain';
import type { UploadedFile } from '@cutroom/domain/schemas';
import { makeMedia, makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const video = (over: Partial<UploadedFile> = {}): UploadedFile => ({
  id: 5,
  customer_id: 3,
  file_name: 'Interview-take-2.mov',
  key: 'uploads/3/Interview-take-2',
  bytes: 90_000_000,
  content_type: 'video/quicktime',
  uploaded_by: 'Cleo Creator',
  created_at: '2026-11-25T14:29:30.123Z',
  media: makeMedia(),
  ...over,
});
const listReply = (files: UploadedFile[]) => ({ body: { files, count: files.length, page: 1, page_size: 10 } });
const customer = { body: makeUser({ client_type: 'customer', client_id: 3 }) };

describe('videos on the upload page (issue 34)', { timeout: 30_000 }, () => {
  it('shows a processed video’s poster, plays its proxy in a dialog, and leaves other files plain', async () => {
    fakeServer({
      'GET /api/me': customer,
      'GET /api/uploads': listReply([
        video(),
        video({ id: 6, file_name: 'Brief.pdf', content_type: 'application/pdf', media: null }),
      ]),
    });
    const user = userEvent.setup();
    renderApp('/upload');
    const table = await screen.findByRole('table', { name: 'Uploaded files' });
    const preview = within(table).getByRole('button', { name: 'Preview Interview-take-2.mov' });
    expect(preview.querySelector('img')?.getAttribute('src')).toBe('/api/media/assets/7/poster.jpg');
    expect(within(table).queryByRole('button', { name: 'Preview Brief.pdf' })).toBeNull();
    await user.click(preview);
    const dialog = await screen.findByRole('dialog', { name: 'Interview-take-2.mov' });
    const player = within(dialog).getByTestId<HTMLVideoElement>('upload-preview-player');
    // happy-dom's window is 1024 px wide: Auto takes the largest proxy, as on a desktop.
    expect(player.getAttribute('src')).toBe('/api/media/assets/7/proxy-1080.mp4');
    expect(player.getAttribute('poster')).toBe('/api/media/assets/7/poster.jpg');
  });

  it('says how far processing is, asks again until the video is ready, and names a failure', async () => {
    let asked = 0;
    fakeServer({
      'GET /api/me': customer,
      'GET /api/uploads': () => {
        asked += 1;
        return listReply([
          video({
            media:
              asked === 1
                ? makeMedia({ status: 'processing', progress: 42, proxies: [], poster_url: null })
                : makeMedia(),
          }),
          video({
            id: 6,
            file_name: 'Broken.mov',
            media: makeMedia({
              status: 'failed',
              error: 'The file is damaged: it ends early.',
              proxies: [],
              poster_url: null,
            }),
          }),
        ]);
      },
    });
    renderApp('/upload');
    const table = await screen.findByRole('table', { name: 'Uploaded files' });
    expect(within(table).getByRole('status', { name: fill(MSG.mediaProcessing, { percent: '42' }) })).toBeTruthy();
    expect(within(table).getByRole('status', { name: 'The file is damaged: it ends early.' })).toBeTruthy();
    await waitFor(
      () => expect(within(table).getByRole('button', { name: 'Preview Interview-take-2.mov' })).toBeTruthy(),
      {
        timeout: 8000,
      },
    );
    expect(asked).toBeGreaterThanOrEqual(2);
  });
});
