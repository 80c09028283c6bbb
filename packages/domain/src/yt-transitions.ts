import { YT_STATUSES, type YtStatus } from './card-status.js';
import type { Role } from './roles.js';

type YtMoveTable = Partial<Record<YtStatus, readonly YtStatus[]>>;

/** The first reading of spec 000 §4 "YouTube-helper statuses" (DESIGN §4); completed is final. */
const FULL: YtMoveTable = {
  assigned: ['inProgress', 'cancelled'],
  cancelled: ['assigned'],
  inProgress: ['ytQA', 'cancelled'],
  ytQA: ['inDone', 'cancelled'],
  inDone: ['completed', 'cancelled', 'inProgress'],
};

/**
 * A helper starts the work, hands the assets to QA and, once the card is in Review, marks it ready
 * for upload or takes it back for a revision (spec 001 §4: Revision is for admin and helper roles);
 * passing QA and cancelling are the lead's (and admin's).
 */
const HELPER: YtMoveTable = {
  assigned: ['inProgress'],
  inProgress: ['ytQA'],
  inDone: ['completed', 'inProgress'],
};

/** Customers, editors, QA and team leads don't move helper cards (customers see theirs read-only). */
const YT_BASE: Record<Role, YtMoveTable> = {
  admin: FULL,
  'yt-helper-lead': FULL,
  'yt-helper': HELPER,
  'team-lead': {},
  qa: {},
  editor: {},
  customer: {},
};

/** Helper-side targets a role may choose from a status. */
export function allowedYtTargets(role: Role, from: YtStatus): YtStatus[] {
  const targets = new Set(YT_BASE[role][from] ?? []);
  return YT_STATUSES.filter((s) => s !== from && targets.has(s));
}

export interface YtMovableCard {
  yt_status: YtStatus;
  paused: boolean;
}

/** Targets for a concrete card: a paused card moves only for admin. */
export function allowedYtMoves(role: Role, card: YtMovableCard): YtStatus[] {
  if (card.paused && role !== 'admin') return [];
  return allowedYtTargets(role, card.yt_status);
}

/** The helper call that carries a move (spec 000 §7): moves that need data have their own. */
export const YT_MOVE_CALLS = ['move', 'assets', 'revision', 'markComplete'] as const;
export type YtMoveCall = (typeof YT_MOVE_CALLS)[number];

/**
 * Moves forward between the working columns (inProgress → ytQA → inDone) carry the assets (POST
 * …/done, or …/doneSkip to keep the ones there); inDone → inProgress is a revision; → completed is
 * markComplete; the rest is a plain move (…/move or …/internalMove).
 */
export function ytMoveCallFor(from: YtStatus, to: YtStatus): YtMoveCall {
  if (to === 'completed') return 'markComplete';
  if (from === 'inDone' && to === 'inProgress') return 'revision';
  if ((from === 'inProgress' && to === 'ytQA') || (from === 'ytQA' && to === 'inDone')) return 'assets';
  return 'move';
}
