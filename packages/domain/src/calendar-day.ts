import { CLOCK_TIME_ZONE } from './constants.js';
import { newYorkWall } from './new-york-time.js';

/** One formatter per zone: building an Intl formatter costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** An instant's calendar day as 'YYYY-MM-DD' in a time zone (en-CA writes that order). */
export function calendarDay(instant: Date, timeZone: string): string {
  if (timeZone === 'UTC') return instant.toISOString().slice(0, 10);
  if (timeZone === CLOCK_TIME_ZONE) {
    const { year, month, day } = newYorkWall(instant);
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    // Zone names come from callers' headers too: the cache stays bounded, as isTimeZone's does.
    if (formatters.size < 1_000) formatters.set(timeZone, format);
  }
  return format.format(instant);
}

/** Today as a calendar day in a time zone. */
export const todayIn = (timeZone: string, now = new Date()): string => calendarDay(now, timeZone);

/** Today in New York, the portal's clock (spec 000 §9): due days, holidays, leave and announcements. */
export const todayInNewYork = (now = new Date()): string => todayIn(CLOCK_TIME_ZONE, now);
