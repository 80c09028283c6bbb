import {
  MSG,
  isStaff,
  isYtHelperRole,
  type CardDetailReply,
  type CardStatus,
  type Role,
  type UserView,
} from '@cutroom/domain';

export type ActionKey =
  'revision' | 'markDone' | 'readyForUpload' | 'rate' | 'archive' | 'pause' | 'resume' | 'repurpose' | 'download';

export interface CardAction {
  key: ActionKey;
  label: string;
}

export type ActionViewer = Pick<UserView, 'client_type' | 'client_id' | 'is_active_subscription'>;
export type ActionCard = Pick<
  CardDetailReply,
  | 'card_status'
  | 'client_id'
  | 'is_complete'
  | 'is_repurpose_complete'
  | 'paused'
  | 'has_repurpose'
  | 'has_youtube_helper'
  | 'ytHelper_card_status'
  | 'yt_is_complete'
  | 'archived_at'
>;

const ARCHIVABLE: readonly CardStatus[] = ['done', 'completed_done', 'canceled'];
/** Cards still being worked on; only these can be paused (spec 001 §4). */
const IN_PROGRESS: readonly CardStatus[] = ['video_request', 'on_hold', 'editing', 'qa', 'repurpose_editing'];
const PAUSERS: readonly Role[] = ['admin', 'team-lead'];

/**
 * The action buttons a viewer gets on a card (spec 001 §2, §4, §6): revision, mark done, rate,
 * archive and repurpose belong to the card's customer (with an active subscription) and admins;
 * pause to admins and team leads; download to customers and admins for the portal's own files.
 */
export function cardActions(viewer: ActionViewer, card: ActionCard, hasOwnVideos: boolean): CardAction[] {
  const role = viewer.client_type;
  const isAdmin = role === 'admin';
  const activeOwner = role === 'customer' && viewer.is_active_subscription && card.client_id === viewer.client_id;
  const ownerOrAdmin = isAdmin || activeOwner;
  // Paused cards stay where they are for everyone but admins (DESIGN §4).
  const movable = isAdmin || !card.paused;
  const actions: CardAction[] = [];
  const add = (key: ActionKey, label: string) => actions.push({ key, label });

  if (card.archived_at) {
    if ((role === 'customer' || isAdmin) && hasOwnVideos) add('download', 'Download');
    return actions;
  }
  const inReview = card.card_status === 'done' && !card.is_complete;

  if (ownerOrAdmin && movable && inReview) add('revision', 'Revision');
  if (ownerOrAdmin && !card.is_complete && (card.card_status === 'done' || card.card_status === 'repurpose_done')) {
    add('markDone', 'Mark As Done');
  }
  if (ownerOrAdmin && card.is_complete) add('rate', 'Rate');
  if (
    isYtHelperRole(role) &&
    card.has_youtube_helper &&
    card.ytHelper_card_status === 'inDone' &&
    !card.yt_is_complete
  ) {
    add('readyForUpload', MSG.readyForUpload);
  }
  if (ownerOrAdmin && movable && inReview && card.has_repurpose && !card.is_repurpose_complete) {
    add('repurpose', 'Repurpose');
  }
  if (ownerOrAdmin && ARCHIVABLE.includes(card.card_status)) add('archive', 'Archive');
  if (PAUSERS.includes(role) && !card.is_complete) {
    if (card.paused) add('resume', 'Resume');
    else if (IN_PROGRESS.includes(card.card_status)) add('pause', 'Pause');
  }
  if ((role === 'customer' || isAdmin) && hasOwnVideos) add('download', 'Download');
  return actions;
}

/** The spec's default tab: the review for customers, the details for everyone else (spec 001 §2). */
export const defaultTab = (role: Role): 'review' | 'details' => (isStaff(role) ? 'details' : 'review');

/** A customer looking at a card in QA reads the chat only: no preview, no writing (spec 001 §2). */
export const isQaLocked = (role: Role, status: CardStatus) => role === 'customer' && status === 'qa';
