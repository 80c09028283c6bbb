// The notification limits, without zod (the bell is on every signed-in page); schemas/notifications.ts uses them.

/** Notifications per fetch; Show More appears when a list holds more (spec 002 §9). */
export const NOTIFICATIONS_PAGE_SIZE = 50;
/** The bell's dropdown shows the latest few; the page shows the rest. */
export const BELL_LATEST = 8;
/** 'Delete 3 months old' removes the caller's notifications older than this (spec 002 §9). */
export const NOTIFICATIONS_KEEP_MONTHS = 3;
/** Deepest page notificationsV2 walks (50 × 200 = 10,000 notifications), so no call scans without end. */
export const NOTIFICATIONS_PAGE_MAX = 200;
/**
 * Totals count up to this many (20 pages); beyond, they say 'at least' (countsCapped) and Show More
 * goes on while pages come back full. Counting a heavy reader's every row would cost tens of ms.
 */
export const NOTIFICATIONS_COUNT_CAP = 1_000;
/** Most ids one mark-as-read call takes. */
export const NOTIFICATIONS_READ_MAX = 500;

export const NOTIFICATION_GROUPS = ['all', 'today', 'yesterday'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];
