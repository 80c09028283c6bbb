import type { CardStatus } from './card-status.js';
import { CARD_STATUSES } from './card-status.js';
import type { Role } from './roles.js';

type MoveTable = Partial<Record<CardStatus, readonly CardStatus[]>>;

const except = (...excluded: CardStatus[]): CardStatus[] =>
  CARD_STATUSES.filter((s) => !excluded.includes(s) && s !== 'completed_done');

/** Admin: spec 000 §4 "Allowed moves by role"; canceled and completed allow no move (DESIGN §4). */
const ADMIN: MoveTable = {
  video_request: except('video_request'),
  on_hold: except('on_hold'),
  editing: except('editing'),
  qa: except('qa'),
  done: [...except('done'), 'completed_done'],
  repurpose_editing: except('repurpose_editing'),
  repurpose_done: ['video_request', 'on_hold', 'editing', 'qa', 'repurpose_editing', 'completed_done'],
};

const TEAM_LEAD_OR_EDITOR: MoveTable = {
  video_request: ['editing', 'canceled'],
  on_hold: ['editing', 'canceled'],
  editing: ['on_hold', 'qa', 'canceled'],
  qa: ['on_hold', 'editing', 'done', 'canceled'],
  done: ['video_request', 'on_hold', 'canceled', 'repurpose_editing'],
  repurpose_editing: ['repurpose_done'],
};

const CUSTOMER: MoveTable = {
  video_request: ['editing'],
  on_hold: ['editing'],
  editing: ['on_hold', 'qa'],
  qa: ['on_hold', 'done'],
  done: ['video_request', 'on_hold', 'editing', 'canceled', 'repurpose_editing'],
  repurpose_editing: ['repurpose_done'],
};

/** QA follows the second, role-gated reading of spec 000 §4 (DESIGN §4). */
const QA: MoveTable = {
  video_request: ['editing'],
  on_hold: ['editing'],
  editing: ['on_hold', 'qa'],
  qa: ['on_hold', 'done'],
};

const HELPER: MoveTable = { video_request: ['canceled'] };

/** The staff flag: every staff role may also move editing → done and done → editing. */
const STAFF_FLAG: MoveTable = { editing: ['done'], done: ['editing'] };

const BASE: Record<Role, MoveTable> = {
  admin: ADMIN,
  'team-lead': TEAM_LEAD_OR_EDITOR,
  editor: TEAM_LEAD_OR_EDITOR,
  customer: CUSTOMER,
  qa: QA,
  'yt-helper': HELPER,
  'yt-helper-lead': HELPER,
};

export interface MovableCard {
  card_status: CardStatus;
  paused: boolean;
  is_complete: boolean;
}

/** Targets a role may choose from a status, ignoring the card's flags. */
export function allowedTargets(role: Role, from: CardStatus): CardStatus[] {
  const base = BASE[role][from] ?? [];
  const flag = role === 'customer' ? [] : (STAFF_FLAG[from] ?? []);
  const merged = new Set<CardStatus>([...base, ...flag]);
  merged.delete(from);
  return CARD_STATUSES.filter((s) => merged.has(s));
}

/** Targets for a concrete card: paused or complete cards move only for admin. */
export function allowedMoves(role: Role, card: MovableCard): CardStatus[] {
  if ((card.paused || card.is_complete) && role !== 'admin') return [];
  return allowedTargets(role, card.card_status);
}

export const canMove = (role: Role, card: MovableCard, to: CardStatus): boolean =>
  allowedMoves(role, card).includes(to);

/** The call that carries a move, since moves needing data have their own (DESIGN §4). */
export const MOVE_CALLS = ['move', 'timeline', 'revision', 'done', 'moveToQa', 'markComplete', 'moveCardSub'] as const;
export type MoveCall = (typeof MOVE_CALLS)[number];

export function moveCallFor(from: CardStatus, to: CardStatus): MoveCall {
  if (to === 'completed_done') return 'markComplete';
  if (to === 'repurpose_editing' || to === 'repurpose_done') return 'moveCardSub';
  if (from === 'done' && (to === 'editing' || to === 'video_request')) return 'revision';
  if (to === 'editing') return 'timeline';
  if (to === 'done') return 'done';
  if (to === 'qa') return 'moveToQa';
  return 'move';
}
