import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import { renderApp } from '../../test/render-app';
import { queriesTo } from '../../test/requests';
import { cardServer, makeCardDetail, makeNote, stubDocumentFonts, viewerFor } from '../../test/card-test-kit';
import { makeVideo } from '../../test/fixtures';
import { captionsReply, makeCaption } from './captions-test-kit';

/** Version 0 on our own storage, so the card page opens it in its player. */
const CARD = makeCardDetail({
  video_versions: { 'version-0': [makeVideo(0, { video_url: '/files/media/1/cut.mp4' })] },
});

const posted = { status: 201, body: { id: 9, message: MSG.commentAdded, note: makeNote({ note_id: 9 }) } };

/** The card page's player, standing on `time` of a 10 s video (jsdom plays nothing: the element is set by hand). */
async function playerAt(time: number) {
  const video = await screen.findByTestId<HTMLVideoElement>('video-element');
  Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: time });
  Object.defineProperty(video, 'duration', { configurable: true, value: 10 });
  fireEvent.loadedMetadata(video);
  return video;
}

const playTo = (video: HTMLVideoElement, seconds: number) => {
  video.currentTime = seconds;
  fireEvent.timeUpdate(video);
};

const cueRows = () => screen.getAllByTestId('transcript-cue');
const activeCues = () =>
  cueRows()
    .filter((r) => r.hasAttribute('data-active'))
    .map((r) => r.dataset.cue);

describe('the transcript panel on the card page', () => {
  beforeAll(stubDocumentFonts);

  it('lights the line being spoken, seeks on a click and filters by a search without accents or case', async () => {
    cardServer(viewerFor('customer'), CARD, { 'GET /api/card/7/captions': captionsReply([makeCaption()]) });
    const user = userEvent.setup();
    renderApp('/card-details/7');
    await screen.findByTestId('transcript-panel');
    const video = await playerAt(0);
    expect(await screen.findAllByTestId('transcript-cue')).toHaveLength(3);
    expect(queriesTo('/api/card/7/captions')[0]).toEqual({ video_version: '0' });
    expect(activeCues()).toEqual([]);

    playTo(video, 3.2);
    expect(activeCues()).toEqual(['2']);
    // The search box keeps the keys while the video moves on: following the line never takes the focus.
    const search = screen.getByRole('textbox', { name: 'Search the transcript' });
    await user.click(search);
    playTo(video, 6.5);
    expect(activeCues()).toEqual(['3']);
    expect(document.activeElement).toBe(search);

    await user.type(search, 'CAFE');
    expect(cueRows().map((r) => r.textContent)).toEqual(['0:03Today: the café microphone test']);
    await user.clear(search);
    expect(cueRows()).toHaveLength(3);

    await user.click(within(cueRows()[2]!).getByText('Let’s hear the first one'));
    expect(video.currentTime).toBe(6);
  });

  it('gives "Comment on this line" the line’s range: the composer sends it as time_in and time_out', async () => {
    const server = cardServer(viewerFor('customer'), CARD, {
      'GET /api/card/7/captions': captionsReply([makeCaption()]),
      'POST /api/card/7/comment': posted,
    });
    const user = userEvent.setup();
    renderApp('/card-details/7');
    await playerAt(0);
    const rows = await screen.findAllByTestId('transcript-cue');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Comment on this line' }));
    const input = screen.getByTestId('comment-input');
    expect(document.activeElement).toBe(input);
    expect(screen.getByTestId('pinned-range').textContent).toContain('0:03.000 – 0:05.500');
    await user.type(input, 'Say it slower{Enter}');
    await waitFor(() => expect(server.callsTo('POST', '/api/card/7/comment')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/card/7/comment')[0]!.body).toMatchObject({
      note: '@VT{3} Say it slower',
      time_in: 3,
      time_out: 5.5,
      note_for_video_number: 1,
    });
  });

  it('lists caption QC for staff, a click seeking to the line, and not for the customer', async () => {
    const qc = [{ n: 2, kind: 'too_fast' as const, message: 'Cue 2: 27 characters a second (at most 20)' }];
    cardServer(viewerFor('qa'), CARD, { 'GET /api/card/7/captions': captionsReply([makeCaption({ qc })]) });
    const user = userEvent.setup();
    // Staff open a card on its Details tab: the review is a tab away.
    const staff = renderApp('/card-details/7?tab=review');
    const video = await playerAt(0);
    const finding = await screen.findByTestId('caption-qc-finding');
    expect(finding.textContent).toBe('0:03Cue 2: 27 characters a second (at most 20)');
    await user.click(finding);
    expect(video.currentTime).toBe(3);
    staff.unmount();

    // Even were a reply to carry findings, the customer's page shows none.
    cardServer(viewerFor('customer'), CARD, {
      'GET /api/card/7/captions': captionsReply([makeCaption({ qc })]),
    });
    renderApp('/card-details/7');
    await screen.findAllByTestId('transcript-cue');
    expect(screen.queryByTestId('caption-qc')).toBeNull();
  });

  it('says there are none yet, offers the upload, and that transcription is not set up', async () => {
    cardServer(viewerFor('customer'), CARD, { 'GET /api/card/7/captions': captionsReply([], false) });
    renderApp('/card-details/7');
    expect((await screen.findByTestId('captions-empty')).textContent).toBe('No captions yet');
    expect(screen.getByRole('button', { name: 'Upload captions' })).toBeTruthy();
    expect(screen.getByText("Transcription isn't set up on this server.")).toBeTruthy();
    // Nothing to pick in the player's CC menu either.
    expect(screen.queryByTestId('captions-menu')).toBeNull();
  });

  it('says a transcript is on its way, asks again until it is made, and shows why one failed', async () => {
    let asked = 0;
    const transcript = makeCaption({ caption_id: 12, source: 'transcript', status: 'processing', cues: [] });
    const failed = makeCaption({
      caption_id: 13,
      language: 'es',
      status: 'failed',
      error: 'The audio could not be read',
    });
    const server = cardServer(viewerFor('customer'), CARD, {
      'GET /api/card/7/captions': () =>
        captionsReply(
          ++asked > 1 ? [{ ...makeCaption({ caption_id: 12, source: 'transcript' }) }, failed] : [transcript, failed],
        ),
    });
    const user = userEvent.setup();
    renderApp('/card-details/7');
    expect((await screen.findByTestId('transcribing')).textContent).toBe('Transcribing…');
    expect(await screen.findAllByTestId('transcript-cue', {}, { timeout: 8000 })).toHaveLength(3);
    expect(server.callsTo('GET', '/api/card/7/captions').length).toBeGreaterThan(1);
    // The transcript, made, is in the CC menu; the failed track is not.
    await user.click(screen.getByRole('button', { name: 'Captions' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['English (transcript)', 'Off']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: 'Caption track' }));
    await user.click(await screen.findByRole('option', { name: 'Spanish' }));
    expect((await screen.findByTestId('caption-failed')).textContent).toBe('The audio could not be read');
  }, 15_000);
});
