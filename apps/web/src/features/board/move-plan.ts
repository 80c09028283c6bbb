import {
  isYtHelperRole,
  moveCallFor,
  MSG,
  REORDER_ROLES,
  TIMELINE_HOURS_FIRST,
  TIMELINE_HOURS_WITH_REVISION,
  type BoardColumnKey,
  type CardStatus,
  type MoveCall,
  type Role,
} from '@cutroom/domain';
import type { CardTileReply } from '@cutroom/domain/schemas';
import { policyFor, type PolicyViewer } from '../../lib/policy';
import { columnOfStatus } from './columns';

/** The dialog a move opens before anything is sent (spec 000 §4 "Dialogs on moving"). */
export type MoveDialog =
  | { kind: 'confirm'; message: string; note?: string }
  | { kind: 'done' }
  | { kind: 'qa'; fromDone: boolean }
  | { kind: 'repurpose' }
  | { kind: 'revision' };

export interface PlannedMove {
  card: CardTileReply;
  to: CardStatus;
  call: MoveCall;
  dialog: MoveDialog;
}

export const timelineHours = (card: Pick<CardTileReply, 'revision_nr'>) =>
  card.revision_nr > 0 ? TIMELINE_HOURS_WITH_REVISION : TIMELINE_HOURS_FIRST;

/** moveCallFor (the domain's one table) picks the call; the call and target pick the dialog. */
export function planMove(card: CardTileReply, to: CardStatus): PlannedMove {
  const call = moveCallFor(card.card_status, to);
  const plan = (dialog: MoveDialog): PlannedMove => ({ card, to, call, dialog });
  switch (call) {
    case 'timeline':
      return plan({
        kind: 'confirm',
        message: MSG.confirmMoveToEditing,
        note: MSG.timelineNote.replace('{hours}', String(timelineHours(card))),
      });
    case 'revision':
      // The spec's question, with the reasons picked from the admin's list (issue 20).
      return plan({ kind: 'revision' });
    case 'done':
      return plan({ kind: 'done' });
    case 'moveToQa':
      return plan({ kind: 'qa', fromDone: card.card_status === 'done' });
    case 'markComplete':
      return plan({ kind: 'confirm', message: MSG.confirmMarkComplete });
    case 'moveCardSub':
      return plan(to === 'repurpose_done' ? { kind: 'repurpose' } : { kind: 'confirm', message: MSG.confirmMove });
    case 'move':
      return plan({ kind: 'confirm', message: MSG.confirmMove });
  }
}

/** A move to Editing asks who edits it when nobody is assigned and the mover may assign (issue 33). */
export const asksForEditor = (user: PolicyViewer, plan: PlannedMove) =>
  plan.call === 'timeline' && plan.card.assigned_to === null && policyFor(user, plan.card).assign;

/** Spec 000 §5: the roles that reorder Video Requests, for the column as a whole (each card asks the policy). */
export const canReorder = (role: Role) => REORDER_ROLES.includes(role);

/** The targets a user may pick for a card: the domain's card policy, which also knows the user's plan. */
export const movesFor = (user: PolicyViewer, card: CardTileReply): CardStatus[] => policyFor(user, card).moves;

/** Columns a dragged card may land on: the user's moves, plus its own column when reordering. */
export function dropTargets(user: PolicyViewer, card: CardTileReply): Set<BoardColumnKey> {
  const may = policyFor(user, card);
  const keys = new Set<BoardColumnKey>(may.moves.map((s) => columnOfStatus(s).key));
  if (may.reorder) keys.add('video_request');
  return keys;
}

/** Who may do what from a tile: the card policy's answers (archived cards never reach a tile). */
export function cardPermissions(user: PolicyViewer, card: CardTileReply) {
  const may = policyFor(user, card);
  return {
    markDone: may.markDone,
    edit: may.editRequest,
    archive: may.archive,
    // One menu item that pauses or resumes, by the card's flag.
    pause: may.pause || may.resume,
    activity: may.viewActivity,
    enableRepurpose: may.enableRepurpose,
    enableYtHelper: may.enableYtHelper,
  };
}

/** 'Ready For Upload' for YouTube-helper roles, 'Mark as done' for everyone else (spec 000 §4). */
export const markDoneLabel = (role: Role) => (isYtHelperRole(role) ? MSG.readyForUpload : MSG.markAsDone);

/** Done dialog labels: the Sync ID becomes optional once the card has had a revision (spec 000 §5). */
export const syncIdText = (hasRevision: boolean) =>
  hasRevision
    ? { label: MSG.syncIdLabelRevision, placeholder: MSG.syncIdPlaceholderRevision }
    : { label: MSG.syncIdLabel, placeholder: MSG.syncIdPlaceholder };

export interface DoneForm {
  link: string;
  extraLinks: string[];
  syncId: string;
  noContentId: boolean;
}

/** Submit: a video link, and a Sync ID or the 'no Content ID' tick (not needed after a revision). */
export function doneSubmitEnabled(form: DoneForm, hasRevision: boolean): boolean {
  if (!form.link.trim()) return false;
  return hasRevision || form.noContentId || form.syncId.trim() !== '';
}

/** done_video_limit links in all: the main one plus limit − 1 extra inputs. */
export const extraLinkCount = (doneVideoLimit: number) => Math.max(0, doneVideoLimit - 1);

/**
 * New sort values after moving one card within the loaded Video Requests: the same values as before,
 * handed out in the new order and nudged up where equal, so the order is strict without touching
 * cards further down the column.
 */
export function reorderedSorts(cards: readonly CardTileReply[], from: number, to: number) {
  const order = [...cards];
  const [moved] = order.splice(from, 1);
  if (!moved) return { order: [...cards], changes: [] };
  order.splice(to, 0, moved);
  const values = cards.map((c) => c.sort).sort((a, b) => a - b);
  const sorts: number[] = [];
  values.forEach((v, i) => sorts.push(i > 0 && v <= sorts[i - 1]! ? sorts[i - 1]! + 1 : v));
  const changes = order
    .map((card, i) => ({ card_id: card.card_id, sort: sorts[i]! }))
    .filter((c, i) => order[i]!.sort !== c.sort);
  return { order: order.map((card, i) => ({ ...card, sort: sorts[i]! })), changes };
}
