import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CAPTIONS_MSG } from '@cutroom/domain';
import { renderApp } from '../../test/render-app';
import { makeVideo } from '../../test/fixtures';
import { cardServer, makeCardDetail, stubDocumentFonts, viewerFor } from '../../test/card-test-kit';
import { captionsReply, makeCaption, makeCue } from './captions-test-kit';

const CARD = makeCardDetail({
  video_versions: {
    'version-0': [makeVideo(0, { video_url: '/files/media/1/v0.mp4' })],
    'version-1': [makeVideo(1, { video_url: '/files/media/1/cut.mp4' })],
  },
});
const badFile = {
  status: 400,
  body: { error_message: 'Line 12: the cue ends before it starts (00:00:05,000 --> 00:00:04,000)', code: 'VALIDATION' },
};

/** The multipart form the page sent (the fake server records JSON bodies only). */
const sentForm = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([, init]) => init?.body)
    .find((body): body is FormData => body instanceof FormData)!;

describe('uploading and editing captions on the card page', () => {
  beforeAll(stubDocumentFonts);

  it("sends the file for the version on screen and shows the server's message naming the bad line", async () => {
    const server = cardServer(viewerFor('customer'), CARD, {
      'GET /api/card/7/captions': captionsReply([]),
      'POST /api/card/7/captions': badFile,
    });
    const user = userEvent.setup();
    const { container } = renderApp('/card-details/7');
    await user.click(await screen.findByRole('button', { name: 'Upload captions' }));
    const form = screen.getByTestId('upload-captions');
    const file = new File(['1\n00:00:05,000 --> 00:00:04,000\nHi\n'], 'cut.srt', { type: 'application/x-subrip' });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await user.clear(within(form).getByRole('textbox', { name: 'Language' }));
    await user.type(within(form).getByRole('textbox', { name: 'Language' }), 'pt-BR');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));

    expect((await screen.findByTestId('upload-captions-error')).textContent).toBe(badFile.body.error_message);
    expect(server.callsTo('POST', '/api/card/7/captions')).toHaveLength(1);
    const sent = sentForm();
    // The newest version (1) is the one on screen.
    expect(sent.get('video_version')).toBe('1');
    expect(sent.get('video_number')).toBe('1');
    expect(sent.get('language')).toBe('pt-BR');
    expect((sent.get('file') as File).name).toBe('cut.srt');
  });

  it("edits a line in place and shows the server's refusal, then saves", async () => {
    let refuse = true;
    const caption = makeCaption({ video_version: 1 });
    const server = cardServer(viewerFor('customer'), CARD, {
      'GET /api/card/7/captions': captionsReply([caption]),
      'PUT /api/card/7/captions/11/cues/2': () =>
        refuse
          ? { status: 400, body: { error_message: CAPTIONS_MSG.overlaps, code: 'VALIDATION' } }
          : {
              body: {
                message: CAPTIONS_MSG.cueSaved,
                caption: {
                  ...caption,
                  cues: [caption.cues[0]!, makeCue(2, 3, 5, 'Today: the mic test'), caption.cues[2]!],
                },
              },
            },
    });
    const user = userEvent.setup();
    renderApp('/card-details/7');
    const rows = await screen.findAllByTestId('transcript-cue');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Edit this line' }));
    const form = screen.getByTestId('edit-cue');
    const text = within(form).getByRole('textbox', { name: 'Line text' });
    await user.clear(text);
    await user.type(text, 'Today: the mic test');
    const end = within(form).getByRole('textbox', { name: 'End' });
    await user.clear(end);
    await user.type(end, '0:06.5');
    await user.click(within(form).getByRole('button', { name: 'Save line' }));
    expect((await screen.findByTestId('edit-cue-error')).textContent).toBe(CAPTIONS_MSG.overlaps);
    expect(server.callsTo('PUT', '/api/card/7/captions/11/cues/2')[0]!.body).toEqual({
      text: 'Today: the mic test',
      start: 3,
      end: 6.5,
    });

    refuse = false;
    await user.clear(end);
    await user.type(end, '5');
    await user.click(within(form).getByRole('button', { name: 'Save line' }));
    await waitFor(() => expect(screen.queryByTestId('edit-cue')).toBeNull());
    expect(server.callsTo('PUT', '/api/card/7/captions/11/cues/2')[1]!.body).toMatchObject({ end: 5 });
  });
});
