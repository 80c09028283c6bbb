import type { CardDetailReply, NoteView, Role, UserView } from '@cutroom/domain';
import { fakeServer, type Reply } from '../../test/fake-server';
import { makeUser } from '../../test/fixtures';

/** A delivered card as GET /api/card/{id} returns it; tests override what they care about. */
export function makeCardDetail(overrides: Partial<CardDetailReply> = {}): CardDetailReply {
  return {
    card_id: 7,
    card_title: 'Gear review: budget microphones',
    card_status: 'done',
    repurpose_status: null,
    yt_card_status: null,
    is_complete: false,
    is_repurpose_complete: false,
    yt_is_complete: false,
    paused: false,
    sort: 0,
    has_youtube_helper: false,
    has_repurpose: false,
    revision_nr: 0,
    due_date: '2026-03-02T17:00:00.000Z',
    creation_time: '2026-02-27T15:00:00.000Z',
    updated_at: '2026-02-28T15:00:00.000Z',
    client_id: 50,
    client_name: 'Cleo Creator',
    firstname: 'Cleo',
    lastname: 'Creator',
    assigned_to: 30,
    assigned_to_name: 'Eddie Cutter',
    assigned_qa_id: 20,
    qa_firstname: 'Quinn',
    qa_lastname: 'Checker',
    done_video_limit: 1,
    timeline: 48,
    doneCardRating: null,
    repurposeCardRating: null,
    subscription_type: 'weekly',
    ytHelper_card_status: null,
    dropbox_link: 'https://www.dropbox.com/sh/raw?dl=0',
    youtube_aspect_ratio: '16:9',
    custom_aspect_ratio: null,
    video_purpose: 'youtube_content',
    other_video_purpose: null,
    additional_info: '<p>Short note.</p>',
    special_instructions: null,
    voice_note: null,
    video_thumb_desc: null,
    video_thumb_ref: [],
    video_optimization_desc: null,
    affiliate_links: [],
    subtitles: false,
    has_end_card: false,
    call_to_action: null,
    repurpose_aspect: [],
    repurpose_headline: null,
    repurpose_additional_info: null,
    done_video_link: 'http://localhost/files/media/1/final.mp4',
    content_id: ['SYNC-1'],
    no_content_id: false,
    unlisted_video_link: null,
    thumbnails_link: null,
    yt_snippet_link: null,
    srt_file: null,
    repurpose_done_link: null,
    yt_card_description: null,
    video_versions: {
      'version-0': [
        {
          video_id: 1,
          video_url: 'http://localhost/files/media/1/final.mp4',
          video_type: 'video/mp4',
          audio_video_type: null,
          parent_link_id: null,
          video_version: 0,
        },
      ],
    },
    repurpose_video_versions: {},
    done_videos: ['http://localhost/files/media/1/final.mp4'],
    done_video_count: 1,
    repurpose_done_videos: [],
    repurpose_video_count: 0,
    yt_due_date: null,
    yt_timeline: null,
    repurpose_revision_nr: 0,
    yt_card_revision: 0,
    yt_assigned_time: null,
    yt_helper_id: null,
    yt_firstname: null,
    yt_lastname: null,
    assigned_at: null,
    done_at: null,
    archived_at: null,
    client_firstname: 'Cleo',
    client_lastname: 'Creator',
    is_active_subscription: true,
    ...overrides,
  };
}

export function makeNote(overrides: Partial<NoteView> = {}): NoteView {
  return {
    note_id: 1,
    note_parent_id: null,
    parent: null,
    note: 'Looks great',
    note_type: 'comment',
    chat: 'customer',
    note_by_id: 50,
    client_type: 'customer',
    firstname: 'Cleo',
    lastname: 'Creator',
    profile_img: null,
    date_added: '2026-02-28T15:00:00.000Z',
    updated_at: '2026-02-28T15:00:00.000Z',
    is_deleted: false,
    is_note_complete: false,
    note_reaction: false,
    note_for_video_number: null,
    video_time: null,
    annotation: null,
    ...overrides,
  };
}

/** The viewer for a role: the customer owns the test card (client 50). */
export const viewerFor = (role: Role, overrides: Partial<UserView> = {}): UserView =>
  makeUser({ client_type: role, client_id: role === 'customer' ? 50 : 1, ...overrides });

export const commentsReply = (notes: NoteView[]) => ({
  body: {
    comments: { comments: notes, groupByChat: {}, count: notes.length },
    annotations: [],
    calledBy: null,
    server_time: '2026-03-01T00:00:00.000Z',
  },
});

/** The API a card page needs, for one viewer and one card; `extra` adds or replaces routes. */
export function cardServer(
  viewer: UserView,
  card: CardDetailReply,
  extra: Record<string, Reply | ((body: unknown) => Reply | Promise<Reply>)> = {},
) {
  const id = card.card_id;
  return fakeServer({
    'GET /api/me': { body: viewer },
    [`GET /api/card/${id}`]: { body: card },
    [`GET /api/add-card-event/${id}`]: { body: { success: true, message: 'Recorded' } },
    [`GET /api/card/${id}/commentsV2`]: commentsReply([]),
    [`GET /api/card/${id}/team/commentsV2`]: commentsReply([]),
    'GET /api/users': { body: { users: [], count: 0 } },
    ...extra,
  });
}

/** Mantine's autosizing textarea listens for font loads; happy-dom has no document.fonts. */
export function stubDocumentFonts() {
  if ('fonts' in document && document.fonts) return;
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
