import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Role } from '@cutroom/domain';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { renderApp } from '../../test/render-app';
import {
  cardServer,
  commentsReply,
  makeCardDetail,
  makeNote,
  stubDocumentFonts,
  viewerFor,
} from '../../test/card-test-kit';

/** A delivered card whose helper side is in Review, with two thumbnails. */
const inReview = (overrides: Partial<CardDetailReply> = {}) =>
  makeCardDetail({
    card_status: 'completed_done',
    is_complete: true,
    has_youtube_helper: true,
    yt_card_status: 'inDone',
    ytHelper_card_status: 'inDone',
    yt_helper_id: 1,
    yt_firstname: 'Hana',
    yt_lastname: 'Helper',
    thumbnails_link: 'https://img.example.com/a.png|https://img.example.com/b.png',
    yt_card_description: '<p>Chapters and links</p>',
    ...overrides,
  });

function openYtTab(role: Role, card = inReview(), extra: Parameters<typeof cardServer>[2] = {}) {
  const server = cardServer(viewerFor(role), card, {
    [`GET /api/ythelper/card/${card.card_id}/commentsV2`]: commentsReply([]),
    ...extra,
  });
  renderApp(`/card-details/${card.card_id}?tab=yt`);
  return server;
}

const has = (testId: string) => screen.queryByTestId(testId) !== null;

describe('the YT Helper tab', { timeout: 20_000 }, () => {
  beforeAll(stubDocumentFonts);

  it("gives a helper Revision and 'Ready For Upload', the description editor, but not the lead's due date", async () => {
    openYtTab('yt-helper');
    await screen.findByTestId('yt-tab');
    expect(screen.getByTestId('yt-action-markDone').textContent).toBe(MSG.readyForUpload);
    expect(has('yt-action-revision')).toBe(true);
    expect(has('yt-action-rate')).toBe(false);
    expect(has('yt-due-date-picker')).toBe(false);
    expect(has('yt-helper-select')).toBe(false);
    expect(await screen.findByTestId('yt-description-editor')).toBeTruthy();
    expect(screen.getAllByTestId('thumbnail-image')).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'Thumbnail 2' })).toBeTruthy();
  });

  it("gives an admin 'Mark as done', the helper due date and the helper choice", async () => {
    openYtTab('admin');
    await screen.findByTestId('yt-tab');
    expect(screen.getByTestId('yt-action-markDone').textContent).toBe(MSG.markAsDone);
    expect(has('yt-due-date-picker')).toBe(true);
    expect(has('yt-helper-select')).toBe(true);
  });

  it('shows the customer the work read-only, and Rate once the helper side is complete', async () => {
    openYtTab('customer', inReview({ client_id: 50 }));
    await screen.findByTestId('yt-tab');
    expect(has('yt-action-markDone')).toBe(false);
    expect(has('yt-action-revision')).toBe(false);
    expect(has('yt-description-editor')).toBe(false);
    expect(screen.getByText('Chapters and links')).toBeTruthy();
    expect(screen.getByTestId('yt-status-select').hasAttribute('disabled')).toBe(true);
  });

  it('offers Rate to the customer after completion', async () => {
    openYtTab('customer', inReview({ client_id: 50, yt_is_complete: true }));
    expect(await screen.findByTestId('yt-action-rate')).toBeTruthy();
  });

  it('asks before the revision and sends it to the helper revision call', async () => {
    const server = openYtTab('yt-helper', inReview(), {
      'POST /api/ythelper/card/7/revision': { body: { message: MSG.movedToRevision } },
    });
    fireEvent.click(await screen.findByTestId('yt-action-revision'));
    expect(await screen.findByText(MSG.confirmRevision)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/ythelper/card/7/revision')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/ythelper/card/7/revision')[0]?.body).toMatchObject({ card_status: 'inDone' });
  });

  it("lets an admin give the helper's feedback with the completion", async () => {
    const server = openYtTab('admin', inReview(), {
      'POST /api/ythelper/card/7/markComplete': { body: { message: MSG.cardMarkedCompleted } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('yt-action-markDone'));
    const dialog = await screen.findByTestId('yt-complete-dialog');
    expect(within(dialog).getByText(MSG.confirmMarkComplete)).toBeTruthy();
    // Stars are labels over visually hidden radios; a user clicks the fourth star.
    const fourth = within(dialog).getByLabelText('4 stars');
    await user.click(dialog.querySelector(`label[for="${fourth.id}"]`)!);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/ythelper/card/7/markComplete')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/ythelper/card/7/markComplete')[0]?.body).toMatchObject({
      status: 1,
      cardSection: 'ytHelper',
      buttonText: MSG.markAsDone,
      rating: 4,
    });
  });

  it('asks a helper only the question on Ready For Upload', async () => {
    openYtTab('yt-helper');
    fireEvent.click(await screen.findByTestId('yt-action-markDone'));
    const dialog = await screen.findByTestId('yt-complete-dialog');
    expect(within(dialog).queryByLabelText('4 stars')).toBeNull();
  });

  it("marks a customer's note in the helper chat and quotes replies there at 15 characters", async () => {
    const reply = makeNote({
      note_id: 4,
      chat: 'yt',
      note: 'Done, see thumbnail 2',
      client_type: 'yt-helper',
      note_by_id: 1,
      note_parent_id: 3,
      parent: { note_id: 3, preview: 'Please make the title brighter', firstname: 'Cleo' },
    });
    const server = openYtTab('customer', inReview({ client_id: 50 }), {
      'GET /api/ythelper/card/7/commentsV2': commentsReply([reply]),
      'POST /api/ythelper/card/7/comment': {
        status: 201,
        body: { id: 9, message: MSG.commentAdded, note: makeNote({ note_id: 9, chat: 'yt' }) },
      },
    });
    const user = userEvent.setup();
    expect((await screen.findByTestId('reply-quote')).textContent).toContain('Please make the…');
    await user.type(screen.getByTestId('comment-input'), 'Love it{Enter}');
    await waitFor(() => expect(server.callsTo('POST', '/api/ythelper/card/7/comment')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/ythelper/card/7/comment')[0]?.body).toMatchObject({
      note: '@YT_CUS_CMNT{} Love it',
    });
  });

  it('posts a shape drawn on a thumbnail to the helper chat as an annotation', async () => {
    const server = openYtTab('yt-helper', inReview(), {
      'POST /api/ythelper/card/7/comment': {
        status: 201,
        body: { id: 9, message: MSG.annotationAdded, note: makeNote({ note_id: 9, chat: 'yt', note: 'Bigger title' }) },
      },
    });
    const user = userEvent.setup();
    fireEvent.click(await screen.findByTestId('annotate'));
    fireEvent.click(within(screen.getByTestId('draw-bar')).getByRole('button', { name: 'Point' }));
    const layer = screen.getByTestId('annotation-layer');
    fireEvent.pointerDown(layer, { button: 0, pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerUp(layer, { button: 0, pointerId: 1, clientX: 10, clientY: 10 });
    expect(await screen.findByTestId('annotation-banner')).toBeTruthy();
    await user.type(screen.getByTestId('comment-input'), 'Bigger title{Enter}');
    await waitFor(() => expect(server.callsTo('POST', '/api/ythelper/card/7/comment')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/ythelper/card/7/comment')[0]?.body).toMatchObject({
      note: 'Bigger title',
      note_type: 'annotation',
      note_for_video_number: 1,
      annotation: { shape: 'point', version: 'thumbnail' },
    });
  });
});
