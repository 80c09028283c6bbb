import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARD_STATUS_LABELS, DEFAULT_REVISION_REASONS, MSG, REVISION_REASON_MSG } from '@cutroom/domain';
import { cardTile } from '@cutroom/domain/schemas';
import { deferred } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { makeMedia, makeVideo } from '../../test/fixtures';
import {
  cardServer,
  commentsReply,
  makeCardDetail,
  makeNote,
  stubDocumentFonts,
  viewerFor,
} from '../../test/card-test-kit';

const selectedTab = () =>
  screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

describe('card detail page', { timeout: 15_000 }, () => {
  beforeAll(stubDocumentFonts);

  it('opens a customer on Video & Comments and records one card_open', async () => {
    const server = cardServer(viewerFor('customer'), makeCardDetail());
    renderApp('/card-details/7');
    expect((await screen.findByTestId('card-title')).textContent).toBe('Gear review: budget microphones');
    // The tabs come with the page's body, loaded after the header (card-detail-view.tsx).
    await screen.findByRole('tablist');
    expect(selectedTab()).toBe('Video & Comments');
    await screen.findByTestId('chat-empty');
    expect(screen.queryByTestId('chat-toggle')).toBeNull();
    await waitFor(() => expect(server.callsTo('GET', '/api/add-card-event/7')).toHaveLength(1));
    expect(server.callsTo('GET', '/api/card/7/team/commentsV2')).toHaveLength(0);
    // Headings go down one level at a time (issue 18: Lighthouse's heading order on this page).
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => i > 0 && expect(level).toBeLessThanOrEqual(levels[i - 1]! + 1));
  });

  it('shows the header of the tile it was opened from while the card is on its way (issue 36)', async () => {
    const card = makeCardDetail();
    const reply = deferred();
    const server = cardServer(viewerFor('customer'), card, { 'GET /api/card/7': reply.handler });
    // Only a tile's fields, as the board hands them over, and a title the card has changed since.
    const tile = { ...cardTile.parse(card), card_title: 'Gear review (as the board had it)' };
    renderApp({ pathname: '/card-details/7', state: { tile } });
    const preview = await screen.findByTestId('card-preview');
    expect(within(preview).getByTestId('card-title').textContent).toBe('Gear review (as the board had it)');
    expect(within(preview).getByTestId('card-status').textContent).toBe('Review');
    expect(preview.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('tab')).toBeNull();
    // Nothing is recorded as opened before the card is there.
    expect(server.callsTo('GET', '/api/add-card-event/7')).toHaveLength(0);

    reply.release({ body: card });
    // card-detail says the page is whole: its body (the tabs) is there with it.
    const detail = await screen.findByTestId('card-detail');
    expect(within(detail).getByTestId('card-title').textContent).toBe(card.card_title);
    expect(detail.hasAttribute('aria-busy')).toBe(false);
    expect(within(detail).getByRole('tab', { name: 'Video & Comments' })).toBeTruthy();
    expect(screen.queryByTestId('card-preview')).toBeNull();
  });

  it("shows no preview from another card's tile in the history state", async () => {
    const card = makeCardDetail();
    const reply = deferred();
    cardServer(viewerFor('customer'), card, { 'GET /api/card/7': reply.handler });
    renderApp({ pathname: '/card-details/7', state: { tile: { ...cardTile.parse(card), card_id: 8 } } });
    expect(await screen.findByLabelText('Loading card')).toBeTruthy();
    expect(screen.queryByTestId('card-title')).toBeNull();
    reply.release({ body: card });
    expect((await screen.findByTestId('card-title')).textContent).toBe(card.card_title);
  });

  it('asks to pause the video in an empty chat only when our player opens it', async () => {
    const own = `${window.location.origin}/files/media/1/final.mp4`;
    cardServer(
      viewerFor('customer'),
      makeCardDetail({ video_versions: { 'version-0': [makeVideo(0, { video_url: own })] }, done_videos: [own] }),
    );
    const first = renderApp('/card-details/7');
    expect((await screen.findByTestId('chat-empty')).textContent).toContain(MSG.noCommentsHint);
    first.unmount();

    cardServer(
      viewerFor('customer'),
      makeCardDetail({
        card_status: 'editing',
        done_video_link: null,
        video_versions: {},
        done_videos: [],
        done_video_count: 0,
      }),
    );
    const second = renderApp('/card-details/7');
    const empty = await screen.findByTestId('chat-empty');
    expect(empty.textContent).toContain(MSG.noComments);
    expect(empty.textContent).not.toContain('Pause the video');
    second.unmount();

    // A YouTube link plays in YouTube's own player: no timecodes to pause on (issue 54).
    const youtube = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    cardServer(
      viewerFor('customer'),
      makeCardDetail({
        done_video_link: youtube,
        video_versions: { 'version-0': [makeVideo(0, { video_url: youtube, video_type: null })] },
        done_videos: [youtube],
      }),
    );
    renderApp('/card-details/7');
    const linkOnly = await screen.findByTestId('chat-empty');
    expect(linkOnly.textContent).toContain(MSG.noComments);
    expect(linkOnly.textContent).not.toContain('Pause the video');
  });

  it('opens staff on Details, with the team chat one click away', async () => {
    const server = cardServer(viewerFor('editor'), makeCardDetail(), {
      'GET /api/card/7/team/commentsV2': commentsReply([
        makeNote({ note_id: 3, chat: 'team', note: 'Colour pass done', client_type: 'editor', note_by_id: 1 }),
      ]),
    });
    const user = userEvent.setup();
    renderApp('/card-details/7');
    await screen.findByTestId('details-tab');
    expect(selectedTab()).toBe('Details');
    await user.click(screen.getByRole('tab', { name: 'Video & Comments' }));
    await user.click(within(await screen.findByTestId('chat-toggle')).getByText('Team Chat'));
    expect((await screen.findByText('Colour pass done')).closest('[data-testid="chat-note"]')).toBeTruthy();
    expect(server.callsTo('GET', '/api/card/7/team/commentsV2').length).toBeGreaterThan(0);
  });

  it('shows a customer a QA card as the warning and the chat, without player or composer', async () => {
    cardServer(viewerFor('customer'), makeCardDetail({ card_status: 'qa' }));
    renderApp('/card-details/7');
    await screen.findByTestId('qa-warning');
    expect(screen.queryByTestId('video-player')).toBeNull();
    expect(screen.queryByTestId('comment-composer')).toBeNull();
    expect(screen.getByTestId('qa-warning').textContent).toContain(MSG.commentsClosedInQa);
    expect(screen.getByTestId('qa-chat-closed')).toBeTruthy();
  });

  const repurposed = () =>
    makeCardDetail({
      card_status: 'repurpose_done',
      has_repurpose: true,
      repurpose_video_versions: {
        'version-0': [makeVideo(0, { video_id: 41, video_url: 'https://example.com/short.mp4' })],
      },
    });

  it('shows a QA the repurposed videos without a way to edit their links (spec 001 §6: admin and team lead)', async () => {
    cardServer(viewerFor('qa'), repurposed());
    renderApp('/card-details/7');
    expect((await screen.findByTestId('repurpose-video-row')).textContent).toContain('https://example.com/short.mp4');
    expect(screen.getAllByRole('button', { name: /^Edit the link of video/ }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Edit the link of repurposed video 1' })).toBeNull();
  });

  it("lets a team lead replace a repurposed video's link", async () => {
    const server = cardServer(viewerFor('team-lead'), repurposed(), {
      'POST /api/card/changeDoneVideo': { body: { success: true, message: MSG.linkUpdated } },
    });
    const user = userEvent.setup();
    renderApp('/card-details/7');
    await user.click(await screen.findByRole('button', { name: 'Edit the link of repurposed video 1' }));
    const input = await screen.findByLabelText('Video link');
    await user.clear(input);
    await user.type(input, 'https://example.com/short-v2.mp4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/card/changeDoneVideo')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/card/changeDoneVideo')[0]!.body).toEqual({
      card_id: 7,
      done_video_link: 'https://example.com/short-v2.mp4',
      video_id: 41,
      type: 'repurpose',
    });
  });

  it('says a card that is not there (or not ours) is not found', async () => {
    cardServer(viewerFor('customer'), makeCardDetail(), {
      'GET /api/card/7': { status: 404, body: { error_message: 'Not found', code: 'NOT_FOUND' } },
    });
    renderApp('/card-details/7');
    expect((await screen.findByTestId('card-not-found')).textContent).toContain(MSG.cardNotFound);
  });

  it("shows the server's message, or 'Couldn't fetch card content', when loading fails", async () => {
    cardServer(viewerFor('customer'), makeCardDetail(), {
      'GET /api/card/7': { status: 500, body: { error_message: 'Database is resting', code: 'INTERNAL' } },
    });
    renderApp('/card-details/7');
    expect(await screen.findByText('Database is resting', {}, { timeout: 5_000 })).toBeTruthy();
  });

  it('redirects a dashboard address carrying ?cardId= to the card', async () => {
    cardServer(viewerFor('customer'), makeCardDetail());
    const app = renderApp(`/card-details?cardId=${btoa('7')}`);
    await screen.findByTestId('card-title');
    expect(app.pathname()).toBe('/card-details/7');
  });

  it('lets an admin rename the card, refusing an empty title before any call', async () => {
    const server = cardServer(viewerFor('admin'), makeCardDetail(), {
      'PUT /api/card/7/updateCardDetail': { body: { message: MSG.titleUpdated, card_id: 7 } },
    });
    const user = userEvent.setup();
    renderApp('/card-details/7');
    await user.click(await screen.findByRole('button', { name: 'Edit title' }));
    const input = screen.getByTestId('title-input');
    await user.clear(input);
    await user.type(input, '   {Enter}');
    expect(await screen.findByText(MSG.titleEmpty)).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'Gear review: budget mics{Enter}');
    await waitFor(() => expect(server.callsTo('PUT', '/api/card/7/updateCardDetail')).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      oldTitle: 'Gear review: budget microphones',
      card_title: 'Gear review: budget mics',
    });
    expect(await screen.findByText(MSG.titleUpdated)).toBeTruthy();
  });

  it('hides the edit pencil from everyone but admins', async () => {
    cardServer(viewerFor('team-lead'), makeCardDetail());
    renderApp('/card-details/7');
    await screen.findByTestId('card-title');
    expect(screen.queryByRole('button', { name: 'Edit title' })).toBeNull();
  });

  it('offers a team lead Pause on a card in review, as the server allows (issue 11)', async () => {
    cardServer(viewerFor('team-lead'), makeCardDetail());
    renderApp('/card-details/7');
    expect(await screen.findByTestId('action-pause')).toBeTruthy();
    expect(screen.queryByTestId('action-revision')).toBeNull();
  });

  it('asks before a revision with at least one reason, and reports the move', async () => {
    const server = cardServer(viewerFor('customer'), makeCardDetail(), {
      'GET /api/revisionReasons': {
        body: {
          reasons: DEFAULT_REVISION_REASONS.map((r, i) => ({ ...r, active: true, position: i + 1 })),
        },
      },
      'POST /api/card/7/revision': { body: { success: true, message: MSG.movedToRevision } },
    });
    const user = userEvent.setup();
    renderApp('/card-details/7');
    await user.click(await screen.findByTestId('action-revision'));
    expect(await screen.findByText(MSG.confirmRevision)).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Request revision' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(REVISION_REASON_MSG.revisionReasonRequired)).toBeTruthy();
    await user.click(await screen.findByLabelText('Pacing'));
    await user.click(screen.getByLabelText('Text / typos'));
    expect(submit.hasAttribute('disabled')).toBe(false);
    await user.click(submit);
    expect(await screen.findByText(MSG.movedToRevision)).toBeTruthy();
    expect(server.callsTo('POST', '/api/card/7/revision')[0]!.body).toEqual({
      card_id: 7,
      card_status: 'done',
      reasons: ['pacing', 'text_typos'],
    });
  });

  it('says how many review notes are still open when the customer marks the card done', async () => {
    cardServer(viewerFor('customer'), makeCardDetail({ open_fix_items: 2 }));
    const user = userEvent.setup();
    const first = renderApp('/card-details/7');
    await user.click(await screen.findByTestId('action-markDone'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('2 of your review notes are still open.');
    expect(dialog.textContent).toContain(MSG.confirmMarkComplete);
    first.unmount();

    cardServer(viewerFor('customer'), makeCardDetail({ open_fix_items: 1 }));
    renderApp('/card-details/7');
    await user.click(await screen.findByTestId('action-markDone'));
    expect((await screen.findByRole('dialog')).textContent).toContain(MSG.openReviewNote);
  });

  it('marks done, then asks for feedback with OK held until a star, then reminds about the YouTube helper', async () => {
    const server = cardServer(
      viewerFor('customer'),
      makeCardDetail({ has_youtube_helper: true, ytHelper_card_status: 'assigned' }),
      {
        'POST /api/card/7/markComplete': { body: { success: true, message: MSG.cardMarkedCompleted } },
        'POST /api/card/7/rate': { body: { success: true, message: MSG.feedbackSubmitted } },
      },
    );
    const user = userEvent.setup();
    renderApp('/card-details/7');
    await user.click(await screen.findByTestId('action-markDone'));
    expect(await screen.findByText(MSG.confirmMarkComplete)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    const dialog = await screen.findByTestId('feedback-dialog');
    const ok = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'OK' });
    expect(ok.disabled).toBe(true);
    // Stars are labels over visually hidden radios; a user clicks the fourth star.
    const fourth = within(dialog).getByLabelText('4 stars');
    await user.click(dialog.querySelector(`label[for="${fourth.id}"]`)!);
    expect(ok.disabled).toBe(false);
    await user.type(within(dialog).getByLabelText('Comment (optional)'), 'Lovely');
    await user.click(ok);
    expect((await screen.findByTestId('reminder-dialog')).textContent).toContain(MSG.ytHelperReminder);
    expect(server.callsTo('POST', '/api/card/7/markComplete')[0]!.body).toMatchObject({
      card_id: 7,
      status: 1,
      cardSection: 'done',
    });
    expect(server.callsTo('POST', '/api/card/7/rate')[0]!.body).toEqual({
      card_id: 7,
      rating: 4,
      comment: 'Lovely',
      card_type: 'done',
      assigned_qa_id: 20,
    });
  });

  it('greys deleted customer comments for admins and leaves them out for everyone else', async () => {
    const notes = [
      makeNote({ note_id: 1, note: 'Kept' }),
      makeNote({ note_id: 2, note: 'Taken back', is_deleted: true }),
    ];
    cardServer(viewerFor('admin'), makeCardDetail(), { 'GET /api/card/7/commentsV2': commentsReply(notes) });
    const app = renderApp('/card-details/7?tab=review');
    const deleted = (await screen.findByText('Taken back')).closest('[data-testid="chat-note"]')!;
    expect(deleted.getAttribute('data-deleted')).toBe('true');
    app.unmount();

    cardServer(viewerFor('customer'), makeCardDetail(), {
      'GET /api/card/7/commentsV2': commentsReply([notes[0]!, { ...notes[1]!, note: '' }]),
    });
    renderApp('/card-details/7');
    await screen.findByText('Kept');
    expect(screen.getAllByTestId('chat-note')).toHaveLength(1);
  });

  it("seeks a note's timecode to the middle of the exact frame it names, at the video's own rate (issue 35)", async () => {
    const media = makeMedia({ fps: 25, fps_rational: '25/1', poster_url: null, sprite_url: null, waveform_url: null });
    const card = makeCardDetail({
      video_versions: { 'version-0': [makeVideo(0, { video_url: '/files/media/1/cut.mp4', media })] },
    });
    // 3.31 s is frame 82 at 25 fps (3.28 s to 3.32 s): its middle is 3.30 s.
    const note = makeNote({ note: '@VT{3} Flash frame', video_time: 3, time_in: 3.31, note_for_video_number: 1 });
    cardServer(viewerFor('customer'), card, { 'GET /api/card/7/commentsV2': commentsReply([note]) });
    renderApp('/card-details/7');
    const video = await screen.findByTestId<HTMLVideoElement>('video-element');
    Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: 0 });
    Object.defineProperty(video, 'duration', { configurable: true, value: 24 });
    fireEvent.loadedMetadata(video);
    await userEvent.click(await screen.findByRole('button', { name: 'Jump to 0:03' }));
    await waitFor(() => expect(video.currentTime).toBeCloseTo(3.3, 6));
  });

  it("reads each note's time at its own version's frame rate, and pins only this version's notes (issue 54)", async () => {
    window.localStorage.setItem('timecodeMode', 'frames');
    const files = { poster_url: null, sprite_url: null, waveform_url: null };
    const v1 = makeMedia({ fps: 30, fps_rational: '30/1', duration: 40, ...files });
    const v2 = makeMedia({ fps: 29.97, fps_rational: '30000/1001', duration: 30, ...files });
    const card = makeCardDetail({
      video_versions: {
        'version-0': [
          makeVideo(0, { video_url: '/files/media/1/v1.mp4', media: v1, created_at: '2026-04-10T10:00:00.000Z' }),
        ],
        'version-1': [
          makeVideo(1, { video_url: '/files/media/1/v2.mp4', media: v2, created_at: '2026-04-12T10:00:00.000Z' }),
        ],
      },
    });
    // Written on v1 (after its delivery, before v2's): 20.3 s is frame 609 at 30 fps (608 at 29.97).
    const onV1 = makeNote({
      note_id: 1,
      note: '@VT{20} Hold this shot',
      video_time: 20,
      time_in: 20.3,
      note_for_video_number: 1,
      date_added: '2026-04-11T10:00:00.000Z',
    });
    const onV2 = makeNote({
      note_id: 2,
      note: '@VT{5} Better',
      video_time: 5,
      time_in: 5.2,
      note_for_video_number: 1,
      date_added: '2026-04-13T10:00:00.000Z',
    });
    cardServer(viewerFor('customer'), card, { 'GET /api/card/7/commentsV2': commentsReply([onV1, onV2]) });
    renderApp('/card-details/7');
    const video = await screen.findByTestId<HTMLVideoElement>('video-element');
    Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: 0 });
    Object.defineProperty(video, 'duration', { configurable: true, value: 30 });
    fireEvent.loadedMetadata(video);
    const first = (await screen.findAllByTestId('comment-text')).find((el) =>
      el.textContent?.includes('Hold this shot'),
    )!;
    expect(first.textContent).toContain('609 f');
    // v2 on screen: only its own note is pinned on its timeline.
    await waitFor(() => expect(screen.getAllByTestId('timeline-marker')).toHaveLength(1));
    expect(screen.getByTestId('timeline-marker').getAttribute('data-time')).toBe('5.2');
    window.localStorage.removeItem('timecodeMode');
  });

  it("gives the editor the tile's status moves on the card page: Move to QA from here (issue 54)", async () => {
    const editor = viewerFor('editor');
    cardServer(editor, makeCardDetail({ card_status: 'editing', assigned_to: editor.client_id }));
    const user = userEvent.setup();
    renderApp('/card-details/7');
    await user.click(await screen.findByTestId('status-menu-7'));
    await user.click(await screen.findByRole('menuitem', { name: 'QA' }));
    expect(await screen.findByRole('dialog', { name: 'Move to QA' })).toBeTruthy();
  });

  it('shows the status of an archived card as a plain badge, with no moves', async () => {
    cardServer(viewerFor('admin'), makeCardDetail({ card_status: 'editing', archived_at: '2026-04-20T10:00:00.000Z' }));
    renderApp('/card-details/7');
    expect((await screen.findByTestId('card-status')).textContent).toBe(CARD_STATUS_LABELS.editing);
    expect(screen.queryByTestId('status-menu-7')).toBeNull();
  });
});
