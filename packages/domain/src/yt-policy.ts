import type { YtStatus } from './card-status.js';
import { YT_LINK_ROLES, rateVerdict, type PolicyActor, type PolicyCard, type Verdict } from './card-policy.js';
import type { ErrorCode } from './errors.js';
import { MSG } from './messages.js';
import { isYtHelperRole, type Role } from './roles.js';
import { allowedYtMoves, ytMoveCallFor, type YtMoveCall } from './yt-transitions.js';
import { YT_STATUSES } from './card-status.js';

/**
 * Who may do what on a card's helper side (spec 000 §4, spec 001 §4–§6), for the server's checks and
 * the web's menus alike. The normal side's rules are in card-policy.ts.
 */

/** Hand a helper card to a helper, and set its helper due date (spec 001 §6). */
export const YT_MANAGE_ROLES: readonly Role[] = ['admin', 'yt-helper-lead'];

const deny = (code: ErrorCode): Verdict => ({ code });

/** The card's status on the helper board, or null while it is not there (its normal side isn't complete). */
export function ytStatusOnBoard(card: PolicyCard): YtStatus | null {
  if (!card.has_youtube_helper || !card.is_complete || card.archived) return null;
  if (card.yt_is_complete) return 'completed';
  return card.ytHelper_card_status ?? 'assigned';
}

/** One helper move through one call: the call must carry it and the role's table must allow it. */
export function ytMoveVerdict(actor: PolicyActor, card: PolicyCard, to: YtStatus, call: YtMoveCall): Verdict {
  const from = ytStatusOnBoard(card);
  if (!from || from === to || ytMoveCallFor(from, to) !== call) return deny('INVALID_CARD_STATUS');
  if (!allowedYtMoves(actor.role, { yt_status: from, paused: card.paused }).includes(to)) {
    return deny('MOVE_NOT_ALLOWED');
  }
  return null;
}

/** Helper-side targets the actor may move this card to, each through the call that carries it. */
export function legalYtMoves(actor: PolicyActor, card: PolicyCard): YtStatus[] {
  const from = ytStatusOnBoard(card);
  if (!from) return [];
  return YT_STATUSES.filter((to) => to !== from && ytMoveVerdict(actor, card, to, ytMoveCallFor(from, to)) === null);
}

export const ytManageVerdict = (actor: Pick<PolicyActor, 'role'>): Verdict =>
  YT_MANAGE_ROLES.includes(actor.role) ? null : deny('FORBIDDEN');
/** The description, like the helper links, is edited by admin, the team lead and the helper roles. */
export const ytEditVerdict = (actor: Pick<PolicyActor, 'role'>): Verdict =>
  YT_LINK_ROLES.includes(actor.role) ? null : deny('FORBIDDEN');

/** Every helper-side action on a card, answered once (the YT Helper tab, the helper board's menus). */
export function ytPolicy(actor: PolicyActor, card: PolicyCard) {
  const ok = (verdict: Verdict) => verdict === null;
  const moves = legalYtMoves(actor, card);
  return {
    onBoard: ytStatusOnBoard(card) !== null,
    moves,
    revision: moves.includes('inProgress') && ytStatusOnBoard(card) === 'inDone',
    /** 'Ready For Upload' for helper roles, 'Mark As Done' for admin (spec 001 §2). */
    markDone: moves.includes('completed'),
    markDoneLabel: isYtHelperRole(actor.role) ? MSG.readyForUpload : MSG.markAsDone,
    assign: ok(ytManageVerdict(actor)),
    editDueDate: ok(ytManageVerdict(actor)),
    editDescription: ok(ytEditVerdict(actor)),
    rate: ok(rateVerdict(actor, card, 'yt')),
  };
}
export type YtPolicy = ReturnType<typeof ytPolicy>;
