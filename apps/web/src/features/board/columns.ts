import { BOARD_COLUMNS, type BoardColumnKey, type CardStatus } from '@cutroom/domain';

export type BoardColumn = (typeof BOARD_COLUMNS)[number];
export type ShowFlag = 'showHold' | 'showCanceled' | 'showRepurposed';
export type ShowFlags = Record<ShowFlag, boolean>;

export const columnByKey = (key: BoardColumnKey): BoardColumn => BOARD_COLUMNS.find((c) => c.key === key)!;
export const columnOfStatus = (status: CardStatus): BoardColumn => BOARD_COLUMNS.find((c) => c.status === status)!;
export const isColumnKey = (value: unknown): value is BoardColumnKey => BOARD_COLUMNS.some((c) => c.key === value);

/** Columns shown for the 'Show …' checkboxes; columns without a toggle always show. */
export const visibleColumns = (show: ShowFlags): BoardColumn[] =>
  BOARD_COLUMNS.filter((c) => !('toggle' in c) || show[c.toggle]);

/** List tabs in the spec's order (000 §2 "List view"), which differs from the board's. */
const LIST_ORDER: BoardColumnKey[] = [
  'video_request',
  'on_hold',
  'editing',
  'qa',
  'done',
  'canceled',
  'repurposeEditing',
  'repurposeDone',
  'updatedDone',
];
const LIST_TITLES: Partial<Record<BoardColumnKey, string>> = { repurposeDone: 'Repurpose Review' };

export type ListTab = 'all' | BoardColumnKey;
export const ALL_TABS = 'all';

export const listColumns = (show: ShowFlags): BoardColumn[] => {
  const shown = new Set(visibleColumns(show).map((c) => c.key));
  return LIST_ORDER.filter((k) => shown.has(k)).map(columnByKey);
};
export const listTitle = (column: BoardColumn): string => LIST_TITLES[column.key] ?? column.title;

/** Status badge colours, one per status, shared by tiles, rows and menus. */
export const STATUS_COLORS: Record<CardStatus, string> = {
  video_request: 'gray',
  on_hold: 'yellow',
  editing: 'blue',
  qa: 'violet',
  done: 'teal',
  completed_done: 'green',
  canceled: 'red',
  repurpose_editing: 'orange',
  repurpose_done: 'cyan',
};
