import type { CardStatus, YtStatus } from './card-status.js';
import type { ErrorCode } from './errors.js';
import { MSG } from './messages.js';
import { isStaff, isYtHelperRole, type Role } from './roles.js';
import { allowedMoves, moveCallFor, type MoveCall } from './transitions.js';
import { CARD_STATUSES } from './card-status.js';
import type { Chat } from './chat.js';

/**
 * Who may do what to a card: one answer for the server (which enforces it) and the web app (which
 * builds its menus, buttons and drop targets from it). Data rules with their own messages (a done
 * video needs a link) stay with the call that takes the data.
 */

/** The person acting, as both sides know them. */
export interface PolicyActor {
  role: Role;
  id: number;
  /** A customer's subscription is on; staff have none (it is never consulted for them). */
  active_subscription: boolean;
  /** The customer's plan includes the YouTube helper. */
  has_youtube_helper: boolean;
}

/** The card's facts the rules read; board tiles and the card page both carry them. */
export interface PolicyCard {
  card_status: CardStatus;
  client_id: number;
  paused: boolean;
  is_complete: boolean;
  is_repurpose_complete: boolean;
  has_repurpose: boolean;
  has_youtube_helper: boolean;
  archived: boolean;
  assigned_qa_id: number | null;
  ytHelper_card_status?: YtStatus | null;
  yt_is_complete?: boolean;
}

/** A refusal: the AppError code the server answers with, and a message when the code's own is not the spec's. */
export interface Denial {
  code: ErrorCode;
  message?: string;
  field?: string;
}
export type Verdict = Denial | null;

// ---------------------------------------------------------------- the role lists (each written once)

/** Pause and resume (spec 001 §5: admin "and some other roles"; the team lead runs the board). */
export const PAUSE_ROLES: readonly Role[] = ['admin', 'team-lead'];
/** Reorder video requests (spec 000 §5). */
export const REORDER_ROLES: readonly Role[] = ['admin', 'customer'];
/** Hand a card to someone (spec 001 §6). */
export const ASSIGN_ROLES: readonly Role[] = ['admin', 'team-lead'];
/** Who a card can be handed to. */
export const ASSIGNABLE_ROLES: readonly Role[] = ['editor', 'qa', 'team-lead'];
/** Edit the YouTube-helper links (unlisted video, thumbnails, snippet). */
export const YT_LINK_ROLES: readonly Role[] = ['admin', 'team-lead', 'yt-helper', 'yt-helper-lead'];
/** Edit a repurposed video's link (spec 001 §6). */
export const REPURPOSE_LINK_ROLES: readonly Role[] = ['admin', 'team-lead'];
/** Bring an archived card back. */
export const UNARCHIVE_ROLES: readonly Role[] = ['admin', 'team-lead'];
/** Order a request and turn on its extras afterwards (customers for their own cards). */
export const REQUEST_ROLES: readonly Role[] = ['admin', 'customer'];

/** Done and canceled cards (and completed ones) leave the board through the archive. */
export const ARCHIVABLE_STATUSES: readonly CardStatus[] = ['done', 'completed_done', 'canceled'];

/** Moves a customer without an active subscription can't make (spec 000 §6, spec 001 §4). */
const NEEDS_SUBSCRIPTION: readonly MoveCall[] = ['revision', 'moveCardSub'];

const deny = (code: ErrorCode, message?: string, field?: string): Denial => ({
  code,
  ...(message ? { message } : {}),
  ...(field ? { field } : {}),
});
const ownsCard = (actor: PolicyActor, card: PolicyCard) => actor.role === 'customer' && card.client_id === actor.id;
/** The card's customer with an active subscription, or an admin (spec 001 §5 "Revision, mark done, archive"). */
const activeOwnerOrAdmin = (actor: PolicyActor, card: PolicyCard) =>
  actor.role === 'admin' || (ownsCard(actor, card) && actor.active_subscription);
const ownerOrAdmin = (actor: PolicyActor, card: PolicyCard) => actor.role === 'admin' || ownsCard(actor, card);

// ---------------------------------------------------------------- verdicts (the server throws them)

/** One move through one call (DESIGN §4): the call must carry it, the role's table must allow it. */
export function moveVerdict(actor: PolicyActor, card: PolicyCard, to: CardStatus, call: MoveCall): Verdict {
  if (moveCallFor(card.card_status, to) !== call) return deny('INVALID_CARD_STATUS');
  if (call === 'moveCardSub' && !card.has_repurpose) return deny('INVALID_CARD_DATA', MSG.repurposeNotEnabled);
  if (actor.role === 'customer' && !actor.active_subscription && NEEDS_SUBSCRIPTION.includes(call)) {
    return deny('MOVE_NOT_ALLOWED');
  }
  // Completion goes through mark done, whose rule is the owner's, not the move table's.
  if (call === 'markComplete') return markDoneVerdict(actor, card);
  if (!allowedMoves(actor.role, card).includes(to)) return deny('MOVE_NOT_ALLOWED');
  return null;
}

/** Mark as done: the active owner or an admin, on a delivered card not yet complete; a paused one, admin only. */
export function markDoneVerdict(actor: PolicyActor, card: PolicyCard): Verdict {
  if (!activeOwnerOrAdmin(actor, card)) return deny('MOVE_NOT_ALLOWED');
  // DESIGN §4: paused cards move only for admin, completion included.
  if (card.paused && actor.role !== 'admin') return deny('MOVE_NOT_ALLOWED');
  const delivered = card.card_status === 'done' || card.card_status === 'repurpose_done';
  if (!delivered || card.is_complete || card.archived) return deny('INVALID_CARD_STATUS');
  return null;
}

/** Which part a completion is for: the one the caller names, else the card's column says. */
export type CompletionSection = 'done' | 'repurpose';
export const completionSection = (card: Pick<PolicyCard, 'card_status'>, asked?: CompletionSection) =>
  asked ?? (card.card_status === 'repurpose_done' || card.card_status === 'repurpose_editing' ? 'repurpose' : 'done');

/** Spec 000 §4 "Into completed": whether the delivery allows it, with the spec's message for each refusal. */
export function completionVerdict(card: PolicyCard, section: CompletionSection): Verdict {
  if (section === 'repurpose') {
    if (card.card_status === 'repurpose_editing') return deny('CARD_IN_PROGRESS');
    if (card.card_status !== 'repurpose_done') return deny('INVALID_CARD_STATUS');
  } else {
    if (card.card_status !== 'done') return deny('CARD_NOT_IN_DONE');
    if (card.has_repurpose && !card.is_repurpose_complete) return deny('CARD_REPURPOSE_ENABLED');
  }
  return card.is_complete ? deny('INVALID_CARD_STATUS') : null;
}

export function archiveVerdict(actor: PolicyActor, card: PolicyCard): Verdict {
  if (!activeOwnerOrAdmin(actor, card)) return deny('MOVE_NOT_ALLOWED');
  if (card.archived || !ARCHIVABLE_STATUSES.includes(card.card_status)) return deny('INVALID_CARD_STATUS');
  return null;
}

export function unarchiveVerdict(actor: PolicyActor, card: PolicyCard): Verdict {
  if (!UNARCHIVE_ROLES.includes(actor.role)) return deny('FORBIDDEN');
  if (!card.archived) return deny('INVALID_CARD_STATUS');
  return null;
}

/** Pause or resume: cards still in play (not complete, canceled or archived). */
export function pauseVerdict(actor: PolicyActor, card: PolicyCard): Verdict {
  if (!PAUSE_ROLES.includes(actor.role)) return deny('FORBIDDEN');
  if (card.is_complete || card.archived || card.card_status === 'canceled') return deny('INVALID_CARD_STATUS');
  return null;
}

/** The parts of a card rated apart: the done video, the repurposed ones, the helper's work. */
export const RATED_PARTS = ['done', 'repurpose', 'yt'] as const;
export type RatedPart = (typeof RATED_PARTS)[number];

/** Rate the done video, the repurposed ones or the helper's work, once that part is complete. */
export function rateVerdict(actor: PolicyActor, card: PolicyCard, part: RatedPart = 'done'): Verdict {
  // The helper lead also judges a helper's work (spec 002: non-customers rate in the rating review).
  const rater = activeOwnerOrAdmin(actor, card) || (part === 'yt' && actor.role === 'yt-helper-lead');
  if (!rater) return deny('MOVE_NOT_ALLOWED');
  const complete = { done: card.is_complete, repurpose: card.is_repurpose_complete, yt: !!card.yt_is_complete }[part];
  if (!complete) return deny('INVALID_CARD_STATUS', MSG.rateAfterDone);
  return null;
}

/** The owner or an admin edits the request's fields, until it is archived. */
export function editRequestVerdict(actor: PolicyActor, card: PolicyCard): Verdict {
  if (!ownerOrAdmin(actor, card)) return deny('FORBIDDEN');
  if (card.archived) return deny('INVALID_CARD_STATUS');
  return null;
}

export const editTitleVerdict = (actor: PolicyActor): Verdict => (actor.role === 'admin' ? null : deny('FORBIDDEN'));

/** Extras are turned on after ordering by the owner or an admin, on cards still in play (spec 000 §6). */
function extrasVerdict(actor: PolicyActor, card: PolicyCard): Verdict {
  if (!REQUEST_ROLES.includes(actor.role) || !ownerOrAdmin(actor, card)) return deny('FORBIDDEN');
  if (card.archived || card.card_status === 'canceled') return deny('INVALID_CARD_STATUS');
  return null;
}

export function enableRepurposeVerdict(actor: PolicyActor, card: PolicyCard): Verdict {
  return (
    extrasVerdict(actor, card) ??
    (card.has_repurpose ? deny('VALIDATION', MSG.repurposeAlreadyOn, 'hasRepurpose') : null)
  );
}

/** A customer needs the helper in their plan; the admin turns it on for anyone. */
export function enableYtHelperVerdict(actor: PolicyActor, card: PolicyCard): Verdict {
  const refused = extrasVerdict(actor, card);
  if (refused) return refused;
  if (card.has_youtube_helper) return deny('VALIDATION', MSG.ytHelperAlreadyOn, 'hasYTHelper');
  if (actor.role !== 'admin' && !actor.has_youtube_helper) return deny('VALIDATION', MSG.planNoYtHelper, 'hasYTHelper');
  return null;
}

const byRoles =
  (roles: readonly Role[]) =>
  (actor: PolicyActor): Verdict =>
    roles.includes(actor.role) ? null : deny('FORBIDDEN');
const staffOnly = (actor: PolicyActor): Verdict => (isStaff(actor.role) ? null : deny('FORBIDDEN'));

export const assignVerdict = byRoles(ASSIGN_ROLES);
export const reorderVerdict = (actor: PolicyActor, card: PolicyCard): Verdict =>
  byRoles(REORDER_ROLES)(actor) ?? (card.card_status === 'video_request' && !card.archived ? null : deny('NOT_FOUND'));
export const editYtLinksVerdict = byRoles(YT_LINK_ROLES);
/** Due date, delivered links, Sync IDs and the status history are the team's. */
export const editDueDateVerdict = staffOnly;
export const editDoneLinkVerdict = staffOnly;
export const editRepurposeLinkVerdict = byRoles(REPURPOSE_LINK_ROLES);
export const editContentIdVerdict = staffOnly;
export const viewActivityVerdict = staffOnly;

/** Subtitles are attached by admin, YouTube helpers and the card's own QA. */
export function uploadSrtVerdict(actor: PolicyActor, card: PolicyCard): Verdict {
  const ownQa = actor.role === 'qa' && card.assigned_qa_id === actor.id;
  return actor.role === 'admin' || actor.role === 'yt-helper' || ownQa ? null : deny('FORBIDDEN');
}

// ---------------------------------------------------------------- chats and notes

export type ChatKind = Chat;

/**
 * The team chat is the staff's and the helper chat exists only on cards with the helper; for anyone
 * else they do not exist (404, never 403).
 */
export const readChatVerdict = (
  actor: Pick<PolicyActor, 'role'>,
  chat: ChatKind,
  card?: Partial<Pick<PolicyCard, 'has_youtube_helper'>>,
): Verdict =>
  (chat === 'team' && !isStaff(actor.role)) || (chat === 'yt' && card?.has_youtube_helper === false)
    ? deny('NOT_FOUND')
    : null;

/** While the video is in quality check the customer reads its chat but does not write (spec 001 §2). */
export const writeChatVerdict = (
  actor: Pick<PolicyActor, 'role'>,
  card: Pick<PolicyCard, 'card_status'> & Partial<Pick<PolicyCard, 'has_youtube_helper'>>,
  chat: ChatKind,
): Verdict =>
  readChatVerdict(actor, chat, card) ??
  (actor.role === 'customer' && chat === 'customer' && card.card_status === 'qa' ? deny('COMMENTS_CLOSED') : null);

/** A note's facts the rules read. */
export interface PolicyNote {
  author_id: number;
  author_role: Role;
  is_deleted: boolean;
  /** Written through a guest review link: its author_id is the card's customer, who did not write it. */
  by_guest?: boolean;
  /** Posted by delivery QC (issue 51): no one wrote it; staff work it as an item to fix. */
  by_qc?: boolean;
}

const byCustomer = (note: PolicyNote) => note.author_role === 'customer';

/** Deleted notes leave the chat, except that admins still see deleted customer comments, greyed (spec 001 §4). */
export const noteShown = (actor: Pick<PolicyActor, 'role'>, note: PolicyNote) =>
  !note.is_deleted || (actor.role === 'admin' && byCustomer(note));

/** Its author edits or deletes a note; an admin also the staff's notes (spec 001 §6) and a guest's. */
export function changeNoteVerdict(actor: PolicyActor, note: PolicyNote): Verdict {
  const mayChange =
    note.by_guest || note.by_qc
      ? actor.role === 'admin'
      : note.author_id === actor.id || (actor.role === 'admin' && !byCustomer(note));
  if (!mayChange) return deny('FORBIDDEN');
  if (note.is_deleted) return deny('NOT_FOUND');
  return null;
}

/** Staff tick off a customer's comment once handled (spec 001 §4), and delivery QC's findings. */
export const markNoteVerdict = (actor: PolicyActor, note: PolicyNote): Verdict =>
  isStaff(actor.role) && (byCustomer(note) || note.by_qc) && !note.is_deleted ? null : deny('FORBIDDEN');

/** The thumbs-up: customers, on customers' comments in the customer or helper chat (spec 001 §5, §7). */
export const reactNoteVerdict = (actor: PolicyActor, note: PolicyNote, chat: ChatKind): Verdict =>
  actor.role === 'customer' && chat !== 'team' && byCustomer(note) && !note.is_deleted ? null : deny('FORBIDDEN');

/** Everything a viewer may do to one note, for the chat's menus. */
export const notePolicy = (actor: PolicyActor, note: PolicyNote, chat: ChatKind) => ({
  shown: noteShown(actor, note),
  change: changeNoteVerdict(actor, note) === null,
  mark: markNoteVerdict(actor, note) === null,
  react: reactNoteVerdict(actor, note, chat) === null,
});

// ---------------------------------------------------------------- the whole answer, for menus

/** The targets the actor may move this card to, each through the call that carries it. */
export function legalMoves(actor: PolicyActor, card: PolicyCard): CardStatus[] {
  if (card.archived) return [];
  return CARD_STATUSES.filter(
    (to) => to !== card.card_status && moveVerdict(actor, card, to, moveCallFor(card.card_status, to)) === null,
  );
}

/** Every action on a card, answered once: the web's menus and buttons, the server's checks. */
export function cardPolicy(actor: PolicyActor, card: PolicyCard) {
  const ok = (verdict: Verdict) => verdict === null;
  const moves = legalMoves(actor, card);
  const inReview = card.card_status === 'done' && !card.is_complete;
  const pausable = ok(pauseVerdict(actor, card));
  return {
    moves,
    markDone: ok(markDoneVerdict(actor, card)),
    archive: ok(archiveVerdict(actor, card)),
    unarchive: ok(unarchiveVerdict(actor, card)),
    pause: pausable && !card.paused,
    resume: pausable && card.paused,
    rate: ok(rateVerdict(actor, card, 'done')) || ok(rateVerdict(actor, card, 'repurpose')),
    /** The card page's Revision button: the customer's and admin's send-back (spec 001 §5). */
    revision: inReview && activeOwnerOrAdmin(actor, card) && moves.includes('editing'),
    /** The card page's Repurpose button. */
    repurpose:
      inReview && activeOwnerOrAdmin(actor, card) && !card.is_repurpose_complete && moves.includes('repurpose_editing'),
    editRequest: ok(editRequestVerdict(actor, card)),
    editTitle: ok(editTitleVerdict(actor)),
    enableRepurpose: ok(enableRepurposeVerdict(actor, card)),
    enableYtHelper: ok(enableYtHelperVerdict(actor, card)),
    assign: ok(assignVerdict(actor)),
    reorder: ok(reorderVerdict(actor, card)),
    editDueDate: ok(editDueDateVerdict(actor)),
    editDoneLink: ok(editDoneLinkVerdict(actor)),
    editRepurposeLink: ok(editRepurposeLinkVerdict(actor)),
    editYtLinks: ok(editYtLinksVerdict(actor)),
    editContentId: ok(editContentIdVerdict(actor)),
    uploadSrt: ok(uploadSrtVerdict(actor, card)),
    viewActivity: ok(viewActivityVerdict(actor)),
    readTeamChat: ok(readChatVerdict(actor, 'team')),
    writeCustomerChat: ok(writeChatVerdict(actor, card, 'customer')),
    /** YouTube-helper roles finish their half with 'Ready For Upload' (spec 001 §2). */
    readyForUpload:
      isYtHelperRole(actor.role) &&
      card.has_youtube_helper &&
      card.ytHelper_card_status === 'inDone' &&
      !card.yt_is_complete,
    /** The portal's own files of a card: its customer and admins. */
    download: actor.role === 'admin' || ownsCard(actor, card),
  };
}
export type CardPolicy = ReturnType<typeof cardPolicy>;
export type CardAction = Exclude<keyof CardPolicy, 'moves'>;
