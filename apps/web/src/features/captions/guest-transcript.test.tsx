import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuestReviewReply } from '@cutroom/domain/schemas';
import { fakeServer } from '../../test/fake-server';
import { queriesTo } from '../../test/requests';
import { renderApp } from '../../test/render-app';
import { stubDocumentFonts } from '../../test/card-test-kit';
import { captionsReply, makeCaption } from './captions-test-kit';

const TOKEN = 'a'.repeat(43);
const REVIEW: GuestReviewReply = {
  card: { card_title: 'Spring launch teaser', status_label: 'Review' },
  guest_name: 'Maria Lopez',
  expires_at: '2026-12-01T12:00:00.000Z',
  comments_open: true,
  versions: [
    {
      key: 'version-2',
      label: 'Version 3',
      kind: 'done',
      videos: [{ number: 1, url: '/api/guest/files/cut.mp4', media: null, watermark: null }],
    },
  ],
  approver: false,
  download: 'none',
  watermark: false,
  approval: null,
  notes: [],
};

describe('the transcript on the guest review page', () => {
  beforeAll(stubDocumentFonts);
  beforeEach(() => sessionStorage.setItem('cutroom_guest_link', TOKEN));

  it("reads the visit's captions and sends a note over a line's range, with nothing to upload or edit", async () => {
    const server = fakeServer({
      'GET /api/guest/review': { body: REVIEW },
      'GET /api/guest/captions': captionsReply([makeCaption({ video_version: 2 })]),
      'POST /api/guest/comment': {
        status: 201,
        body: { message: 'Comment is added successfully', note: null },
      },
    });
    const user = userEvent.setup();
    renderApp(`/review/${TOKEN}`);
    const video = await screen.findByTestId<HTMLVideoElement>('video-element');
    Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: 0 });
    Object.defineProperty(video, 'duration', { configurable: true, value: 10 });
    fireEvent.loadedMetadata(video);
    const rows = await screen.findAllByTestId('transcript-cue');
    expect(queriesTo('/api/guest/captions')).toEqual([{ video_version: '2' }]);
    expect(screen.queryByRole('button', { name: 'Upload captions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit this line' })).toBeNull();

    await user.click(within(rows[2]!).getByRole('button', { name: 'Comment on this line' }));
    const box = screen.getByRole('textbox', { name: 'Your note' });
    expect(document.activeElement).toBe(box);
    expect(screen.getByTestId('guest-range').textContent).toContain('From 0:06.000 to 0:08.000');
    await user.type(box, 'Too quiet here');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/guest/comment')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/guest/comment')[0]!.body).toMatchObject({
      note: '@VT{6} Too quiet here',
      time_in: 6,
      time_out: 8,
      note_for_video_number: 1,
    });
  });
});
