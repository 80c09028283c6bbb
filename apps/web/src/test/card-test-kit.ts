import type { CardDetailReply, NoteView, UserView } from '@cutroom/domain/schemas';
import type { Role } from '@cutroom/domain';
import { fakeServer, type Reply } from './fake-server';
import { makeUser } from './fixtures';

export { makeCardDetail } from './fixtures';

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
    time_in: null,
    time_out: null,
    annotation: null,
    fix_round: null,
    wont_fix_reason: null,
    guest_name: null,
    qc_kind: null,
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

export { stubDocumentFonts } from './document-fonts';
