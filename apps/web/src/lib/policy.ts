import {
  cardPolicy,
  notePolicy,
  rateVerdict,
  ytPolicy,
  ytStatusOnBoard,
  type CardPolicy,
  type ChatKind,
  type PolicyActor,
  type PolicyCard,
  type PolicyNote,
  type YtPolicy,
  type YtStatus,
} from '@cutroom/domain';
import type { CardDetailReply, CardTileReply, NoteView, UserView } from '@cutroom/domain/schemas';

/**
 * The web's side of the domain's card policy: the signed-in user, a card and a note as the API
 * replies carry them, turned into what cardPolicy and notePolicy read. Menus, buttons and drop
 * targets ask these instead of writing role rules of their own.
 */

/** The user fields the policy reads. */
export type PolicyViewer = Pick<
  UserView,
  'client_type' | 'client_id' | 'is_active_subscription' | 'has_youtube_helper'
>;

export const policyActor = (user: PolicyViewer): PolicyActor => ({
  role: user.client_type,
  id: user.client_id,
  active_subscription: user.is_active_subscription,
  has_youtube_helper: user.has_youtube_helper,
});

/** A board tile's fields the policy reads; the card page's reply adds the archive date and the helper status. */
export type PolicyCardSource = Pick<
  CardTileReply,
  | 'card_status'
  | 'client_id'
  | 'paused'
  | 'is_complete'
  | 'is_repurpose_complete'
  | 'has_repurpose'
  | 'has_youtube_helper'
  | 'assigned_qa_id'
  | 'yt_card_status'
  | 'yt_is_complete'
> &
  Partial<Pick<CardDetailReply, 'archived_at' | 'ytHelper_card_status'>>;

/** Tiles carry no archive date because archived cards never reach the board. */
export const policyCard = (card: PolicyCardSource): PolicyCard => ({
  card_status: card.card_status,
  client_id: card.client_id,
  paused: card.paused,
  is_complete: card.is_complete,
  is_repurpose_complete: card.is_repurpose_complete,
  has_repurpose: card.has_repurpose,
  has_youtube_helper: card.has_youtube_helper,
  archived: Boolean(card.archived_at),
  assigned_qa_id: card.assigned_qa_id,
  // The card page names the helper status ytHelper_card_status, the board yt_card_status; both hold the same value.
  ytHelper_card_status: card.ytHelper_card_status !== undefined ? card.ytHelper_card_status : card.yt_card_status,
  yt_is_complete: card.yt_is_complete,
});

export const policyNote = (
  note: Pick<NoteView, 'note_by_id' | 'client_type' | 'is_deleted'> & Partial<Pick<NoteView, 'guest_name' | 'qc_kind'>>,
): PolicyNote => ({
  author_id: note.note_by_id,
  author_role: note.client_type,
  is_deleted: note.is_deleted,
  by_guest: note.guest_name != null,
  by_qc: note.qc_kind != null,
});

/** Everything the user may do to this card. */
export const policyFor = (user: PolicyViewer, card: PolicyCardSource): CardPolicy =>
  cardPolicy(policyActor(user), policyCard(card));

/** Everything the user may do on this card's YouTube-helper side. */
export const ytPolicyFor = (user: PolicyViewer, card: PolicyCardSource): YtPolicy =>
  ytPolicy(policyActor(user), policyCard(card));

/** Completing the helper side, whoever will rate the helper's work gives the feedback with it (spec 001 §4). */
export const ratesYtOnCompletion = (user: PolicyViewer, card: PolicyCardSource): boolean =>
  rateVerdict(policyActor(user), { ...policyCard(card), yt_is_complete: true }, 'yt') === null;

/** The card's helper-board status (its column), or null while it is not on the helper board. */
export const ytStatusOf = (card: PolicyCardSource): YtStatus | null => ytStatusOnBoard(policyCard(card));

/** Everything the user may do to this note in this chat. */
export const notePolicyFor = (
  user: PolicyViewer,
  note: Pick<NoteView, 'note_by_id' | 'client_type' | 'is_deleted'>,
  chat: ChatKind,
) => notePolicy(policyActor(user), policyNote(note), chat);
