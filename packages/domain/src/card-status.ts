import { CAPTION_ACTIVITY_EDITED, CAPTION_ACTIVITY_LABEL } from './caption-tracks.js';
import { APPROVAL_TEXT, decisionOfActivity } from './approvals.js';
/** Normal card statuses (DESIGN §4) with the labels of spec 000 §4. */
export const CARD_STATUSES = [
  'video_request',
  'on_hold',
  'editing',
  'qa',
  'done',
  'canceled',
  'repurpose_editing',
  'repurpose_done',
  'completed_done',
] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** In progress: someone is working on the card (editing or QA), so its due date can run late. */
export const IN_PROGRESS_STATUSES = ['editing', 'qa'] as const satisfies readonly CardStatus[];
export const isInProgress = (status: string): boolean => (IN_PROGRESS_STATUSES as readonly string[]).includes(status);

/** Past the customer's Mark As Done: the card was Completed (its repurpose may follow); a Review card is not. */
export const MARKED_COMPLETE_STATUSES = [
  'completed_done',
  'repurpose_editing',
  'repurpose_done',
] as const satisfies readonly CardStatus[];

export const CARD_STATUS_LABELS: Record<CardStatus, string> = {
  video_request: 'Yet to be Started',
  on_hold: 'Hold',
  editing: 'In Progress',
  qa: 'In QA',
  done: 'Review',
  canceled: 'Canceled',
  repurpose_editing: 'In Repurpose',
  repurpose_done: 'Repurpose Completed',
  completed_done: 'Completed',
};

/** Board columns in order, with their internal key, title and the list key of the getCards reply. */
export const BOARD_COLUMNS = [
  { key: 'video_request', status: 'video_request', title: 'Video Requests', replyKey: 'video_requests' },
  { key: 'on_hold', status: 'on_hold', title: 'On Hold', replyKey: 'on_hold', toggle: 'showHold' },
  { key: 'editing', status: 'editing', title: 'Editing', replyKey: 'editing' },
  { key: 'qa', status: 'qa', title: 'QA', replyKey: 'qa_cards' },
  { key: 'done', status: 'done', title: 'Review', replyKey: 'done_cards' },
  { key: 'updatedDone', status: 'completed_done', title: 'Completed', replyKey: 'updatedDone' },
  { key: 'canceled', status: 'canceled', title: 'Canceled', replyKey: 'cancelled_cards', toggle: 'showCanceled' },
  {
    key: 'repurposeEditing',
    status: 'repurpose_editing',
    title: 'Repurposing',
    replyKey: 'repurposeEditing',
    toggle: 'showRepurposed',
  },
  {
    key: 'repurposeDone',
    status: 'repurpose_done',
    title: 'Repurposing Review',
    replyKey: 'repurposeDone',
    toggle: 'showRepurposed',
  },
] as const satisfies readonly {
  key: string;
  status: CardStatus;
  title: string;
  replyKey: string;
  toggle?: 'showHold' | 'showCanceled' | 'showRepurposed';
}[];
export type BoardColumnKey = (typeof BOARD_COLUMNS)[number]['key'];

/** YouTube-helper statuses, stored by name (null: not on the helper board yet); yt_is_complete also reads as completed. */
export const YT_STATUSES = ['assigned', 'inProgress', 'ytQA', 'inDone', 'cancelled', 'completed'] as const;
export type YtStatus = (typeof YT_STATUSES)[number];
/** The helper side's in progress: the helper or its QA is working on it, so its due date can run late. */
export const YT_IN_PROGRESS_STATUSES = ['inProgress', 'ytQA'] as const satisfies readonly YtStatus[];
export const YT_STATUS_LABELS: Record<YtStatus, string> = {
  assigned: 'Assigned',
  inProgress: 'In Progress',
  ytQA: 'QA',
  inDone: 'Review',
  cancelled: 'Canceled',
  completed: 'Completed',
};

/**
 * The helper board's columns (spec 000 §2) in order; each is one stored yt_card_status. A card has a
 * helper status only once it is on the helper board (docs/workflow.md "Entering the helper side").
 */
export const YT_BOARD_COLUMNS = [
  { key: 'assigned', title: 'Assigned' },
  { key: 'inProgress', title: 'In Progress' },
  { key: 'ytQA', title: 'QA' },
  { key: 'inDone', title: 'Review' },
  { key: 'cancelled', title: 'Canceled' },
  { key: 'completed', title: 'Completed' },
] as const satisfies readonly { key: YtStatus; title: string }[];

/**
 * The list view's helper tabs, in the spec's order and words (spec 000 §2 "List view", spec 002):
 * 'Cancelled' here, where the board's column says 'Canceled'.
 */
export const YT_LIST_TABS = [
  { key: 'assigned', title: 'Assigned' },
  { key: 'inProgress', title: 'In Progress' },
  { key: 'cancelled', title: 'Cancelled' },
  { key: 'ytQA', title: 'QA' },
  { key: 'inDone', title: 'Review' },
  { key: 'completed', title: 'Completed' },
] as const satisfies readonly { key: YtStatus; title: string }[];

/**
 * A helper card's status as its tile and YT Helper tab show it (spec 000 §4: "Progress, Review,
 * Completed or ASSIGNED CARD"); QA and cancelled, which the spec doesn't word, keep their label.
 */
export const YT_STATUS_TEXT: Record<YtStatus, string> = {
  assigned: 'ASSIGNED CARD',
  inProgress: 'Progress',
  ytQA: YT_STATUS_LABELS.ytQA,
  inDone: 'Review',
  cancelled: YT_STATUS_LABELS.cancelled,
  completed: 'Completed',
};

export const isYtStatus = (value: unknown): value is YtStatus => YT_STATUSES.includes(value as YtStatus);

export const isCardStatus = (value: unknown): value is CardStatus => CARD_STATUSES.includes(value as CardStatus);

/** Helper moves are kept in the card's activity as `yt:<status>`, beside the normal side's statuses. */
export const YT_ACTIVITY_PREFIX = 'yt:';
/** An activity entry's status as people read it: 'In Progress', 'YouTube helper: Review', or a decision's 'Approved'. */
export function activityStatusLabel(value: string): string {
  if (isCardStatus(value)) return CARD_STATUS_LABELS[value];
  const decision = decisionOfActivity(value);
  if (decision) return APPROVAL_TEXT.decided[decision];
  if (value === CAPTION_ACTIVITY_EDITED) return CAPTION_ACTIVITY_LABEL;
  const yt = value.startsWith(YT_ACTIVITY_PREFIX) ? value.slice(YT_ACTIVITY_PREFIX.length) : null;
  return yt && isYtStatus(yt) ? `YouTube helper: ${YT_STATUS_LABELS[yt]}` : value;
}
