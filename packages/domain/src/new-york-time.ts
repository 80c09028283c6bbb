import { CLOCK_TIME_ZONE } from './constants.js';
import { zoneOffsetMs, type ZoneParts } from './date-format.js';

/**
 * New York's wall clock and the portal's date texts, without Intl where the rule is known (issue 36): making
 * the first Intl date format loads the locale's and the zone's data, the longest single task of a phone's
 * first screen. US Eastern time is UTC−5, and UTC−4 from the second Sunday of March at 2:00 to the first
 * Sunday of November at 2:00, the rule since 2007; earlier instants ask Intl. The texts are Intl's en-US ones,
 * character for character (new-york-time.test.ts compares them).
 */
export interface WallTime extends ZoneParts {
  /** 0 is Sunday. */
  weekday: number;
}

const HOUR_MS = 3_600_000;
const RULE_SINCE = 2007;

/** The day of the month of a month's n-th Sunday (month 0–11). */
const nthSunday = (year: number, month: number, n: number) =>
  1 + ((7 - new Date(Date.UTC(year, month, 1)).getUTCDay()) % 7) + 7 * (n - 1);

/** New York's offset from UTC at an instant, in ms (negative: behind UTC). */
export function newYorkOffsetMs(ms: number): number {
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value');
  const year = new Date(ms).getUTCFullYear();
  if (year >= RULE_SINCE) {
    // 2:00 EST is 7:00 UTC; 2:00 EDT is 6:00 UTC.
    const summerFrom = Date.UTC(year, 2, nthSunday(year, 2, 2), 7);
    const summerTo = Date.UTC(year, 10, nthSunday(year, 10, 1), 6);
    return ms >= summerFrom && ms < summerTo ? -4 * HOUR_MS : -5 * HOUR_MS;
  }
  return zoneOffsetMs(CLOCK_TIME_ZONE, ms);
}

const partsAt = (shifted: Date): WallTime => ({
  year: shifted.getUTCFullYear(),
  month: shifted.getUTCMonth() + 1,
  day: shifted.getUTCDate(),
  hour: shifted.getUTCHours(),
  minute: shifted.getUTCMinutes(),
  second: shifted.getUTCSeconds(),
  weekday: shifted.getUTCDay(),
});

/** An instant's New York wall time. */
export const newYorkWall = (instant: Date | string | number): WallTime => {
  const ms = new Date(instant).getTime();
  return partsAt(new Date(ms + newYorkOffsetMs(ms)));
};

/** A calendar day's parts as written ('YYYY-MM-DD' read at UTC midnight). */
export const utcWall = (instant: Date | string | number): WallTime => {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return partsAt(date);
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const pad = (n: number) => String(n).padStart(2, '0');
const hour12 = (w: WallTime) => w.hour % 12 || 12;
const meridiem = (w: WallTime) => (w.hour < 12 ? 'AM' : 'PM');

/** 'Mar 5, 2026' */
export const dayText = (w: WallTime) => `${MONTHS[w.month - 1]} ${w.day}, ${w.year}`;
/** 'Mar 5' */
export const monthDayText = (w: WallTime) => `${MONTHS[w.month - 1]} ${w.day}`;
/** '9:30 AM' */
export const timeText = (w: WallTime) => `${hour12(w)}:${pad(w.minute)} ${meridiem(w)}`;
/** '09:30:05 AM' */
export const clockText = (w: WallTime) => `${pad(hour12(w))}:${pad(w.minute)}:${pad(w.second)} ${meridiem(w)}`;
/** 'Monday, Mar 5, 2026' */
export const weekdayDayText = (w: WallTime) => `${WEEKDAYS[w.weekday]}, ${dayText(w)}`;
/** 'Tue 14 Apr', British order as the promise labels read (and Intl's en-GB 'Sept'). */
export const shortWeekdayDayText = (w: WallTime) =>
  `${WEEKDAYS[w.weekday]!.slice(0, 3)} ${w.day} ${w.month === 9 ? 'Sept' : MONTHS[w.month - 1]}`;
