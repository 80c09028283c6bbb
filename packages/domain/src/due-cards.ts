import { SIDEBAR_BY_ROLE } from './navigation.js';
import { ROLES } from './roles.js';

/** Cards By Date (spec 002 §2 "Due cards"): which due date a day is matched on; the editing one by default. */
export const DUE_CARD_TYPES = ['due_date', 'yt_due_date'] as const;
export const DUE_CARD_TYPE_LABELS: Record<(typeof DUE_CARD_TYPES)[number], string> = {
  due_date: 'Editing due date',
  yt_due_date: 'YouTube helper due date',
};
export const DUE_CARDS_PAGE_SIZE = 100;
/** The roles whose menu has Due Cards may call it (navigation.ts is the one list). */
export const DUE_CARD_ROLES = ROLES.filter((role) => SIDEBAR_BY_ROLE[role].includes('dueCards'));
