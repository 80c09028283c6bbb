import type { Role } from './roles.js';

/**
 * Revision reasons (issue 20 part 2): why a delivered video went back. The admin keeps the list;
 * these eight are its first rows (seeded by the migration), stored by key so a rename keeps the history.
 */
export const DEFAULT_REVISION_REASONS = [
  { key: 'wrong_cut', label: 'Wrong cut' },
  { key: 'pacing', label: 'Pacing' },
  { key: 'audio', label: 'Audio' },
  { key: 'colour', label: 'Colour' },
  { key: 'text_typos', label: 'Text / typos' },
  { key: 'missed_instruction', label: 'Missed instruction' },
  { key: 'style', label: 'Style' },
  { key: 'other', label: 'Other' },
] as const;

/** A revision sent without reasons (API clients of the spec's body) counts under this key in the stats. */
export const UNSPECIFIED_REASON = { key: 'unspecified', label: 'Unspecified' } as const;

export const REVISION_REASON_LABEL_MAX = 60;
/** The list stays short enough for a dialog of checkboxes. */
export const REVISION_REASON_LIST_MAX = 30;
export const REVISION_REASON_KEY_PATTERN = /^[a-z0-9_]{1,40}$/;
/** How many reasons the dashboard ranks. */
export const TOP_REASONS_SHOWN = 5;

/** Who keeps the list, and who reads the first-pass section of the dashboard (a lead within their cards). */
export const REVISION_REASON_ADMIN_ROLES: readonly Role[] = ['admin'];
export const FIRST_PASS_REPORT_ROLES: readonly Role[] = ['admin', 'team-lead'];

/** A key for a new reason from its label: lower-case words joined by '_' ("Text / typos" → "text_typos"). */
export function reasonKeyOf(label: string): string {
  const key = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40)
    .replace(/_+$/, '');
  return key || 'reason';
}

/** First-pass rate in percent (1 decimal): delivered cards done without a revision; null when none were delivered. */
export function firstPassRate(delivered: number, firstPass: number): number | null {
  if (delivered <= 0) return null;
  return Math.round((Math.min(firstPass, delivered) / delivered) * 1000) / 10;
}

/** "87.5%", or "—" when nothing was delivered in the range. */
export const formatRate = (rate: number | null): string => (rate === null ? '—' : `${rate}%`);

export interface ReasonCount {
  key: string;
  count: number;
}

/** The most frequent reasons first (ties by key, so the order is stable), at most `limit` of them. */
export function topReasons<T extends ReasonCount>(counts: readonly T[], limit = TOP_REASONS_SHOWN): T[] {
  return counts
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    .slice(0, limit);
}

/** This feature's texts; kept out of MSG so the login page's first download doesn't carry them. */
export const REVISION_REASON_MSG = {
  revisionReasonRequired: 'Pick at least one reason for the revision',
  revisionReasonInactive: 'This revision reason is no longer offered: {key}',
  revisionReasonUnknown: 'Unknown revision reason: {key}',
  revisionReasonListFull: 'The list holds at most {max} reasons',
  revisionReasonOrderMismatch: 'The order must name every reason exactly once',
  revisionReasonAdded: 'Reason added',
  revisionReasonUpdated: 'Reason updated',
  revisionReasonsReordered: 'Order saved',
  revisionReasonsHint: 'What should change? Pick every reason that applies.',
  firstPassEmpty: 'No video was delivered in this range.',
  topReasonsEmpty: 'No revision was requested in this range.',
} as const;
