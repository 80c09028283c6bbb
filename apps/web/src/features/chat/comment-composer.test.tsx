import { screen, waitFor, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@cutroom/domain';
import { AppProviders } from '../../app/providers';
import { deferred, fakeServer } from '../../test/fake-server';
import { createQueryClient } from '../../lib/query-client';
import { makeNote, stubDocumentFonts } from '../../test/card-test-kit';
import {
  NO_REVIEW,
  PlaybackContext,
  ReviewControlsContext,
  type Playback,
  type ReviewControls,
} from '../../lib/review-context';
import type { NoteView } from '@cutroom/domain/schemas';
import { CommentComposer } from './comment-composer';

const controls = (over: Partial<ReviewControls> = {}): ReviewControls => ({
  ...NO_REVIEW,
  hasPlayer: true,
  videoNumber: 1,
  version: 'version-0',
  ...over,
});

function renderComposer(
  review: ReviewControls = controls(),
  playback: Playback = { time: 0, playing: false },
  replyTo: NoteView | null = null,
) {
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <ReviewControlsContext.Provider value={review}>
        <PlaybackContext.Provider value={playback}>
          <CommentComposer cardId={7} chat="customer" replyTo={replyTo} onCancelReply={() => {}} onPosted={() => {}} />
        </PlaybackContext.Provider>
      </ReviewControlsContext.Provider>
    </AppProviders>,
  );
  return screen.getByTestId<HTMLTextAreaElement>('comment-input');
}

const posted = { status: 201, body: { id: 9, message: MSG.commentAdded, note: makeNote({ note_id: 9 }) } };

describe('comment composer', () => {
  beforeAll(stubDocumentFonts);

  it('sends on Enter and clears the field', async () => {
    const server = fakeServer({ 'POST /api/card/7/comment': posted });
    const input = renderComposer();
    await userEvent.type(input, 'The intro is too long{Enter}');
    await waitFor(() => expect(server.callsTo('POST', '/api/card/7/comment')).toHaveLength(1));
    expect(server.calls[0]!.body).toMatchObject({
      card_id: 7,
      note: 'The intro is too long',
      note_for_video_number: 1,
    });
    await waitFor(() => expect(input.value).toBe(''));
    expect(await screen.findByText(MSG.commentAdded)).toBeTruthy();
  });

  it('breaks the line on Shift+Enter without sending', async () => {
    const server = fakeServer({ 'POST /api/card/7/comment': posted });
    const input = renderComposer();
    await userEvent.type(input, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(input.value).toBe('First line\nsecond line');
    expect(server.calls).toHaveLength(0);
  });

  it('does not send an empty comment', async () => {
    const server = fakeServer({ 'POST /api/card/7/comment': posted });
    const input = renderComposer();
    await userEvent.type(input, '   {Enter}');
    expect(server.calls).toHaveLength(0);
  });

  it('makes one request at a time and says so when asked twice', async () => {
    const slow = deferred();
    const server = fakeServer({ 'POST /api/card/7/comment': slow.handler });
    const input = renderComposer();
    await userEvent.type(input, 'Once{Enter}');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await userEvent.type(input, '{Enter}');
    expect(await screen.findByText(MSG.commentRequestPending)).toBeTruthy();
    expect(server.calls).toHaveLength(1);
    slow.release(posted);
    await waitFor(() => expect(input.value).toBe(''));
  });

  it('pins a comment written while the video plays to the playing second', async () => {
    const server = fakeServer({ 'POST /api/card/7/comment': posted });
    const input = renderComposer(controls({ isPlaying: () => true, currentTime: () => 12.7 }));
    await userEvent.type(input, 'Cut here{Enter}');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.body).toMatchObject({ note: '@VT{12} Cut here', time_in: 12.7 });
  });

  it('shows a pinned video time as a readable chip, not a raw tag, and sends it with the note (issue 18)', async () => {
    const server = fakeServer({ 'POST /api/card/7/comment': posted });
    const input = renderComposer(controls({ currentTime: () => 63.9 }));
    await userEvent.click(screen.getByRole('button', { name: 'Insert the current video time' }));
    expect(screen.getByTestId('pinned-time').textContent).toContain('1:03');
    expect(input.value).toBe('');
    await userEvent.type(input, 'Fade out here{Enter}');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.body).toMatchObject({ note: '@VT{63} Fade out here', time_in: 63.9 });
    await waitFor(() => expect(screen.queryByTestId('pinned-time')).toBeNull());
  });

  it('points a comment written on the paused video at that frame, shown as a chip before sending (issue 33)', async () => {
    const server = fakeServer({ 'POST /api/card/7/comment': posted });
    const input = renderComposer(controls({ currentTime: () => 3.4 }), { time: 3.4, playing: false });
    expect(screen.getByTestId('pinned-time').textContent).toContain('0:03');
    await userEvent.type(input, 'Logo too small{Enter}');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.body).toMatchObject({ note: '@VT{3} Logo too small', time_in: 3.4 });
  });

  it("reads the paused moment's chip in the clock's mode: frames or timecode (issue 54)", () => {
    window.localStorage.setItem('timecodeMode', 'frames');
    renderComposer(controls({ frameRate: '25/1', currentTime: () => 3.42 }), { time: 3.42, playing: false });
    expect(screen.getByTestId('pinned-time').textContent).toContain('85 f');
    window.localStorage.removeItem('timecodeMode');
  });

  it('gives the range set with I and O to the next note, then clears it (issue 35)', async () => {
    const server = fakeServer({ 'POST /api/card/7/comment': posted });
    const clearRange = vi.fn();
    const input = renderComposer(controls({ range: { in: 2.02, out: 3.02 }, clearRange }), {
      time: 3.02,
      playing: false,
    });
    expect(screen.getByTestId('pinned-range').textContent).toContain('0:02.020 – 0:03.020');
    expect(screen.queryByTestId('pinned-time')).toBeNull();
    await userEvent.type(input, 'Too long{Enter}');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.body).toMatchObject({ note: '@VT{2} Too long', time_in: 2.02, time_out: 3.02 });
    await waitFor(() => expect(clearRange).toHaveBeenCalled());
  });

  it("gives a reply its parent's moment and range, or none, not the paused player's (issue 54)", async () => {
    const server = fakeServer({ 'POST /api/card/7/comment': posted });
    const parent = makeNote({ note_id: 4, time_in: 12.5, time_out: 14, note_for_video_number: 2 });
    const input = renderComposer(controls({ currentTime: () => 40.2 }), { time: 40.2, playing: false }, parent);
    expect(screen.queryByTestId('pinned-time')).toBeNull();
    await userEvent.type(input, 'Agreed{Enter}');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.body).toMatchObject({
      note: '@VT{12} Agreed',
      noteParentId: 4,
      note_for_video_number: 2,
      time_in: 12.5,
      time_out: 14,
    });
  });

  it('sends no moment with a reply to a note that has none', async () => {
    const server = fakeServer({ 'POST /api/card/7/comment': posted });
    const parent = makeNote({ note_id: 5, time_in: null, time_out: null, note_for_video_number: null });
    const input = renderComposer(controls({ currentTime: () => 40.2 }), { time: 40.2, playing: false }, parent);
    await userEvent.type(input, 'Thanks{Enter}');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.body).toMatchObject({ note: 'Thanks', noteParentId: 5 });
    expect(server.calls[0]!.body).not.toHaveProperty('time_in');
  });

  it('sends no time once the paused frame’s chip is removed', async () => {
    const server = fakeServer({ 'POST /api/card/7/comment': posted });
    const input = renderComposer(controls({ currentTime: () => 3.4 }), { time: 3.4, playing: false });
    await userEvent.click(screen.getByRole('button', { name: 'Unpin the video time' }));
    expect(screen.queryByTestId('pinned-time')).toBeNull();
    await userEvent.type(input, 'Thanks, looks great{Enter}');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.body).toMatchObject({ note: 'Thanks, looks great' });
    expect(server.calls[0]!.body).not.toHaveProperty('time_in');
  });

  it('gives no time to a comment written before the video is started', async () => {
    const server = fakeServer({ 'POST /api/card/7/comment': posted });
    const input = renderComposer(controls(), { time: 0, playing: false });
    expect(screen.queryByTestId('pinned-time')).toBeNull();
    await userEvent.type(input, 'General remark{Enter}');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.body).toMatchObject({ note: 'General remark' });
    expect(server.calls[0]!.body).not.toHaveProperty('time_in');
  });

  it('gives no time without a player, wherever the last position stood', () => {
    renderComposer(controls({ hasPlayer: false, currentTime: () => 8 }), { time: 8, playing: false });
    expect(screen.queryByTestId('pinned-time')).toBeNull();
  });

  it('posts a drawn shape as an annotation note at its time and video', async () => {
    const server = fakeServer({ 'POST /api/card/7/comment': posted });
    const pendingAnnotation = {
      shape: 'rect' as const,
      x: 0.1,
      y: 0.2,
      w: 0.3,
      h: 0.4,
      time: 4.25,
      version: 'version-0',
      videoNumber: 2,
    };
    const input = renderComposer(controls({ pendingAnnotation }));
    expect(screen.getByTestId('annotation-banner').textContent).toContain('Rectangle at 0:04');
    await userEvent.type(input, 'Brighten this{Enter}');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.body).toEqual({
      card_id: 7,
      note: '@VT{4} Brighten this',
      noteParentId: null,
      note_for_video_number: 2,
      // The exact moment the shape was drawn on; the tag keeps the spec's whole second.
      time_in: 4.25,
      note_type: 'annotation',
      annotation: { shape: 'rect', x: 0.1, y: 0.2, w: 0.3, h: 0.4, time: 4.25, version: 'version-0' },
    });
  });

  it("shows the server's reason when the chat is closed in QA", async () => {
    fakeServer({
      'POST /api/card/7/comment': {
        status: 403,
        body: { error_message: MSG.commentsClosedInQa, code: 'COMMENTS_CLOSED' },
      },
    });
    const input = renderComposer();
    await userEvent.type(input, 'Hello{Enter}');
    expect(await screen.findByText(MSG.commentsClosedInQa)).toBeTruthy();
    expect(input.value).toBe('Hello');
  });
});
