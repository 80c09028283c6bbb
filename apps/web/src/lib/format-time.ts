import { CLOCK_TIME_ZONE, dateFormatOnUse } from '@cutroom/domain';

/*
 * Every date and time the web app shows, in one zone: New York, the portal's clock (spec 000 §9), with
 * every time labelled EST all year as the spec does. Issue 33: tiles, chat and notifications had read in
 * three zones, mostly unlabelled, so one card's creation read 6:52 AM on its page and 11:52 AM on Export.
 */

const nyDateTime = dateFormatOnUse('en-US', {
  timeZone: CLOCK_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const nyShortDateTime = dateFormatOnUse('en-US', {
  timeZone: CLOCK_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const nyClock = dateFormatOnUse('en-US', {
  timeZone: CLOCK_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});
const nyParts = dateFormatOnUse('en-US', {
  timeZone: CLOCK_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const nyTime = dateFormatOnUse('en-US', { timeZone: CLOCK_TIME_ZONE, hour: 'numeric', minute: '2-digit' });
const nyChatDay = dateFormatOnUse('en-US', {
  timeZone: CLOCK_TIME_ZONE,
  weekday: 'long',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const shortDay = dateFormatOnUse('en-US', {
  timeZone: CLOCK_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const shortDayUtc = dateFormatOnUse('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day as 'Mar 5, 2026': an instant on New York's calendar; a calendar day ('YYYY-MM-DD', which has no
 * zone) as written. `empty` stands in for no value.
 */
export const formatDay = (value: string | null | undefined, empty = '—'): string =>
  !value
    ? empty
    : CALENDAR_DAY.test(value)
      ? shortDayUtc().format(new Date(`${value}T00:00:00Z`))
      : shortDay().format(new Date(value));

/** A billing date or period bound: a calendar day the admin picked, stored at UTC midnight, read as that day. */
export const formatBillingDay = (value: string | null | undefined): string => formatDay(value?.slice(0, 10));

/** Any time with its day and year, e.g. 'Jan 15, 2026, 9:30 AM EST'; '—' when there is none. */
export const formatEst = (iso: string | null | undefined): string =>
  iso ? `${nyDateTime().format(new Date(iso))} EST` : '—';

/** A due date on a board tile, without the year: 'Jan 15, 9:30 AM EST'. */
export const formatDue = (iso: string) => `${nyShortDateTime().format(new Date(iso))} EST`;

/** The top bar's clock: 'EST 09:30:05 AM'. */
export const formatNewYorkTime = (date: Date) => `EST ${nyClock().format(date)}`;

/** The clock's time alone, for its accessible name. */
export const formatNewYorkClock = (date: Date) => nyClock().format(date);

export const isOverdue = (iso: string | null, now = Date.now()) => !!iso && new Date(iso).getTime() < now;

/** A chat time, e.g. '3:04 PM EST'. */
export const formatChatTime = (iso: string) => `${nyTime().format(new Date(iso))} EST`;

/** The day heading of a chat group, e.g. 'Monday, Jan 5, 2026'. */
export const formatChatDay = (iso: string) => nyChatDay().format(new Date(iso));

const partsOf = (date: Date) => {
  const out: Record<string, number> = {};
  for (const p of nyParts().formatToParts(date)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
};

/** New York's offset from UTC at an instant, in ms (negative: behind UTC). */
function nyOffset(ms: number): number {
  const p = partsOf(new Date(ms));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the picker's 'YYYY-MM-DD HH:mm:ss' wall time in New York. */
export function isoToNyWall(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const p = partsOf(new Date(iso));
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** The picker's New York wall time back to an ISO instant (DST-aware), or null when it isn't a date. */
export function nyWallToIso(wall: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(wall ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  let ms = asUtc - nyOffset(asUtc);
  // The offset at the guess may differ from the offset at the answer across a DST change.
  ms = asUtc - nyOffset(ms);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
