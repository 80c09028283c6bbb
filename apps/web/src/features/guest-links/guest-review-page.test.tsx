import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GUEST_MSG, WATERMARK_TEXT } from '@cutroom/domain';
import type { GuestReviewReply } from '@cutroom/domain/schemas';
import { fakeServer, type Reply } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { makeMedia } from '../../test/fixtures';
import { stubDocumentFonts } from '../../test/card-test-kit';

const TOKEN = 'a'.repeat(43);
const ended: Reply = { status: 401, body: { error_message: GUEST_MSG.visitEnded, code: 'GUEST_SESSION_ENDED' } };
const refused: Reply = { status: 404, body: { error_message: GUEST_MSG.refused, code: 'GUEST_LINK_REFUSED' } };
const REVIEW: GuestReviewReply = {
  card: { card_title: 'Spring launch teaser', status_label: 'Review' },
  guest_name: 'Maria Lopez',
  expires_at: '2026-12-01T12:00:00.000Z',
  comments_open: true,
  versions: [],
  approver: false,
  download: 'none',
  watermark: false,
  approval: null,
  notes: [
    {
      note_id: 1,
      note: '@VT{4} Warmer colours here',
      note_type: 'comment',
      author: 'Cleo Creator',
      side: 'customer',
      date_added: '2026-11-26T10:00:00.000Z',
      video_time: 4,
      time_in: 4,
      time_out: null,
      note_for_video_number: 1,
      annotation: null,
      fix_state: 'open',
      wont_fix_reason: null,
    },
  ],
};

describe('the guest review page', () => {
  beforeAll(stubDocumentFonts);
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('asks the name, offers the password after a refusal, then shows the card with its notes', async () => {
    let opened = false;
    const server = fakeServer({
      'GET /api/guest/review': () => (opened ? { body: REVIEW } : ended),
      'POST /api/guest/open': (body) => {
        const { password } = body as { password?: string };
        if (password !== 'studio-pass') return refused;
        opened = true;
        return { body: { message: 'ok', guest_name: 'Maria Lopez', expires_at: REVIEW.expires_at } };
      },
    });
    const user = userEvent.setup();
    renderApp(`/review/${TOKEN}`);
    await user.type(await screen.findByLabelText(/Your name/), 'Maria Lopez');
    expect(screen.queryByLabelText('Password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open the review' }));
    expect((await screen.findByTestId('guest-open-error')).textContent).toBe(GUEST_MSG.refused);

    await user.type(screen.getByLabelText('Password'), 'studio-pass');
    await user.click(screen.getByRole('button', { name: 'Open the review' }));
    await screen.findByRole('heading', { name: 'Spring launch teaser' });
    expect(server.callsTo('POST', '/api/guest/open').map((c) => c.body)).toEqual([
      { token: TOKEN, name: 'Maria Lopez' },
      { token: TOKEN, name: 'Maria Lopez', password: 'studio-pass' },
    ]);
    const note = within(screen.getByTestId('guest-notes')).getByTestId('guest-note');
    expect(note.textContent).toContain('Cleo Creator');
    expect(note.textContent).toContain('Warmer colours here');
    expect(screen.getByText('No video yet')).toBeTruthy();
    // The name is kept for the next visit on this device.
    expect(localStorage.getItem('cutroom_guest_name')).toBe('Maria Lopez');
  });

  it("asks again on another link's page rather than show the open visit's card", async () => {
    sessionStorage.setItem('cutroom_guest_link', 'b'.repeat(43));
    fakeServer({ 'GET /api/guest/review': { body: REVIEW } });
    renderApp(`/review/${TOKEN}`);
    await screen.findByLabelText(/Your name/);
    expect(screen.queryByRole('heading', { name: 'Spring launch teaser' })).toBeNull();
  });

  it('sends a note at the moment the video stands on, to the millisecond (issue 35)', async () => {
    sessionStorage.setItem('cutroom_guest_link', TOKEN);
    const withVideo: GuestReviewReply = {
      ...REVIEW,
      versions: [
        {
          key: 'version-0',
          label: 'versions 1',
          kind: 'done',
          videos: [{ number: 1, url: '/api/guest/files/cut.mp4', media: null, watermark: null }],
        },
      ],
    };
    const server = fakeServer({
      'GET /api/guest/review': { body: withVideo },
      'POST /api/guest/comment': {
        status: 201,
        body: { message: 'Comment is added successfully', note: REVIEW.notes[0]! },
      },
    });
    const user = userEvent.setup();
    renderApp(`/review/${TOKEN}`);
    const video = await screen.findByTestId<HTMLVideoElement>('video-element');
    Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: 7.3456 });
    Object.defineProperty(video, 'duration', { configurable: true, value: 24 });
    fireEvent.loadedMetadata(video);
    await user.type(screen.getByRole('textbox', { name: 'Your note' }), 'Hold this shot');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/guest/comment')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/guest/comment')[0]!.body).toMatchObject({
      note: '@VT{7} Hold this shot',
      time_in: 7.346,
      note_for_video_number: 1,
    });
  });

  it('jumps into the middle of a note’s frame, takes its range, and sends the I/O range with the next note', async () => {
    sessionStorage.setItem('cutroom_guest_link', TOKEN);
    const rangeNote = { ...REVIEW.notes[0]!, note: '@VT{4} Too long', time_in: 4, time_out: 5.5 };
    const withVideo: GuestReviewReply = {
      ...REVIEW,
      notes: [rangeNote],
      versions: [
        {
          key: 'version-0',
          label: 'versions 1',
          kind: 'done',
          videos: [
            {
              number: 1,
              url: '/api/guest/files/cut.mp4',
              media: makeMedia({ duration: 24, frame_count: 600 }),
              watermark: null,
            },
          ],
        },
      ],
    };
    const server = fakeServer({
      'GET /api/guest/review': { body: withVideo },
      'POST /api/guest/comment': { status: 201, body: { message: 'Comment is added successfully', note: rangeNote } },
    });
    const user = userEvent.setup();
    renderApp(`/review/${TOKEN}`);
    const video = await screen.findByTestId<HTMLVideoElement>('video-element');
    Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: 0 });
    Object.defineProperty(video, 'duration', { configurable: true, value: 24 });
    fireEvent.loadedMetadata(video);

    // 4 s at 25 fps is frame 100, shown from 4.000 to 4.040 s: the player seeks to its middle.
    await user.click(within(screen.getByTestId('guest-note')).getByTestId('timecode'));
    expect(video.currentTime).toBe(4.02);
    expect(screen.getByTestId('guest-range').textContent).toContain('From 0:04.020 to 0:05.500');
    await user.click(screen.getByRole('button', { name: 'Clear range' }));
    expect(screen.queryByTestId('guest-range')).toBeNull();

    // I and O on the frames shown at 1.23 s and 2.5 s: the note goes out over that range.
    video.currentTime = 1.23;
    fireEvent.timeUpdate(video);
    await user.keyboard('i');
    video.currentTime = 2.5;
    fireEvent.timeUpdate(video);
    await user.keyboard('o');
    expect(screen.getByTestId('guest-range').textContent).toMatch(/^From 0:01\.2\d0 to 0:02\.5\d0/);
    await user.type(screen.getByRole('textbox', { name: 'Your note' }), 'Trim this');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/guest/comment')).toHaveLength(1));
    const sent = server.callsTo('POST', '/api/guest/comment')[0]!.body as { time_in: number; time_out: number };
    expect(sent).toMatchObject({ note: '@VT{1} Trim this', note_for_video_number: 1 });
    expect(sent.time_in).toBeCloseTo(1.23, 1);
    expect(sent.time_out).toBeCloseTo(2.5, 1);
    await waitFor(() => expect(screen.queryByTestId('guest-range')).toBeNull());
  });

  it('says a watermarked copy is being prepared, asks again, and plays the marked copy once made (issue 52)', async () => {
    sessionStorage.setItem('cutroom_guest_link', TOKEN);
    const media = makeMedia({ duration: 24, frame_count: 600 });
    const marked = (state: 'preparing' | 'ready'): GuestReviewReply => ({
      ...REVIEW,
      watermark: true,
      versions: [
        {
          key: 'version-0',
          label: 'Version 1',
          kind: 'done',
          videos: [
            {
              number: 1,
              url: state === 'ready' ? '/api/guest/copies/7' : '',
              media: { ...media, proxies: state === 'ready' ? [{ height: 720, url: '/api/guest/copies/7' }] : [] },
              watermark: state,
            },
          ],
        },
      ],
    });
    let asked = 0;
    const server = fakeServer({
      'GET /api/guest/review': () => ({ body: marked(++asked > 1 ? 'ready' : 'preparing') }),
    });
    renderApp(`/review/${TOKEN}`);
    expect((await screen.findByTestId('guest-copy-preparing')).textContent).toContain(WATERMARK_TEXT.preparing);
    expect(screen.queryByTestId('video-element')).toBeNull();
    const video = await screen.findByTestId<HTMLVideoElement>('video-element', {}, { timeout: 8000 });
    expect(video.getAttribute('src')).toBe('/api/guest/copies/7');
    expect(server.callsTo('GET', '/api/guest/review').length).toBeGreaterThan(1);
  }, 15_000);
});
