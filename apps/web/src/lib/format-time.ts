import {
  clockText,
  dayText,
  monthDayText,
  newYorkOffsetMs,
  newYorkWall,
  timeText,
  utcWall,
  weekdayDayText,
} from '@cutroom/domain';

/*
 * Every date and time the web app shows, in one zone: New York, the portal's clock (spec 000 §9), with
 * every time labelled EST all year as the spec does. Issue 33: tiles, chat and notifications had read in
 * three zones, mostly unlabelled, so one card's creation read 6:52 AM on its page and 11:52 AM on Export.
 * The texts come from the domain's New York clock, which needs no Intl on a first screen (issue 36).
 */

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day as 'Mar 5, 2026': an instant on New York's calendar; a calendar day ('YYYY-MM-DD', which has no
 * zone) as written. `empty` stands in for no value.
 */
export const formatDay = (value: string | null | undefined, empty = '—'): string =>
  !value ? empty : CALENDAR_DAY.test(value) ? dayText(utcWall(`${value}T00:00:00Z`)) : dayText(newYorkWall(value));

/** A billing date or period bound: a calendar day the admin picked, stored at UTC midnight, read as that day. */
export const formatBillingDay = (value: string | null | undefined): string => formatDay(value?.slice(0, 10));

/** Any time with its day and year, e.g. 'Jan 15, 2026, 9:30 AM EST'; '—' when there is none. */
export const formatEst = (iso: string | null | undefined): string => {
  if (!iso) return '—';
  const wall = newYorkWall(iso);
  return `${dayText(wall)}, ${timeText(wall)} EST`;
};

/** A due date on a board tile, without the year: 'Jan 15, 9:30 AM EST'. */
export const formatDue = (iso: string) => {
  const wall = newYorkWall(iso);
  return `${monthDayText(wall)}, ${timeText(wall)} EST`;
};

/** The top bar's clock: 'EST 09:30:05 AM'. */
export const formatNewYorkTime = (date: Date) => `EST ${clockText(newYorkWall(date))}`;

/** The clock's time alone, for its accessible name. */
export const formatNewYorkClock = (date: Date) => clockText(newYorkWall(date));

export const isOverdue = (iso: string | null, now = Date.now()) => !!iso && new Date(iso).getTime() < now;

/** A chat time, e.g. '3:04 PM EST'. */
export const formatChatTime = (iso: string) => `${timeText(newYorkWall(iso))} EST`;

/** The day heading of a chat group, e.g. 'Monday, Jan 5, 2026'. */
export const formatChatDay = (iso: string) => weekdayDayText(newYorkWall(iso));

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the picker's 'YYYY-MM-DD HH:mm:ss' wall time in New York. */
export function isoToNyWall(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const p = newYorkWall(iso);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** The picker's New York wall time back to an ISO instant (DST-aware), or null when it isn't a date. */
export function nyWallToIso(wall: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(wall ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  if (Number.isNaN(asUtc)) return null;
  let ms = asUtc - newYorkOffsetMs(asUtc);
  // The offset at the guess may differ from the offset at the answer across a DST change.
  ms = asUtc - newYorkOffsetMs(ms);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
