import { describe, expect, it } from 'vitest';
import { CLOCK_TIME_ZONE } from './constants.js';
import {
  clockText,
  dayText,
  monthDayText,
  newYorkOffsetMs,
  newYorkWall,
  shortWeekdayDayText,
  timeText,
  utcWall,
  weekdayDayText,
} from './new-york-time.js';

const ny = (options: Intl.DateTimeFormatOptions, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { timeZone: CLOCK_TIME_ZONE, ...options });
const intl = {
  day: ny({ month: 'short', day: 'numeric', year: 'numeric' }),
  monthDay: ny({ month: 'short', day: 'numeric' }),
  time: ny({ hour: 'numeric', minute: '2-digit' }),
  clock: ny({ hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: true }),
  weekdayDay: ny({ weekday: 'long', month: 'short', day: 'numeric', year: 'numeric' }),
  gb: ny({ weekday: 'short', day: 'numeric', month: 'short' }, 'en-GB'),
};

/** Every DST change from 2007 to 2040, a second either side, plus a seeded spread of instants from 1990 to 2100. */
function instants(): number[] {
  const out: number[] = [];
  // The changes fall on 8–14 March at 7:00 UTC and 1–7 November at 6:00 UTC.
  for (let year = 2007; year <= 2040; year++)
    for (const [month, first] of [
      [2, 8],
      [10, 1],
    ] as const)
      for (let day = first; day < first + 7; day++)
        for (const hour of [6, 7]) {
          const at = Date.UTC(year, month, day, hour);
          out.push(at - 1000, at, at + 1000);
        }
  let seed = 36;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const from = Date.UTC(1990, 0, 1);
  const to = Date.UTC(2100, 0, 1);
  for (let i = 0; i < 2_000; i++) out.push(Math.floor(from + next() * (to - from)));
  return out;
}

describe('New York wall time without Intl', () => {
  it('reads every instant as Intl does: the offset and each text', () => {
    for (const ms of instants()) {
      const date = new Date(ms);
      const w = newYorkWall(ms);
      expect([ms, dayText(w)]).toEqual([ms, intl.day.format(date)]);
      expect([ms, monthDayText(w)]).toEqual([ms, intl.monthDay.format(date)]);
      expect([ms, timeText(w)]).toEqual([ms, intl.time.format(date)]);
      expect([ms, clockText(w)]).toEqual([ms, intl.clock.format(date)]);
      expect([ms, weekdayDayText(w)]).toEqual([ms, intl.weekdayDay.format(date)]);
      expect([ms, shortWeekdayDayText(w)]).toEqual([ms, intl.gb.format(date).replace(',', '')]);
    }
  });

  it('changes at 2:00 local on the second Sunday of March and the first Sunday of November', () => {
    expect(newYorkOffsetMs(Date.UTC(2026, 2, 8, 6, 59, 59))).toBe(-5 * 3_600_000);
    expect(newYorkOffsetMs(Date.UTC(2026, 2, 8, 7))).toBe(-4 * 3_600_000);
    expect(newYorkOffsetMs(Date.UTC(2026, 10, 1, 5, 59, 59))).toBe(-4 * 3_600_000);
    expect(newYorkOffsetMs(Date.UTC(2026, 10, 1, 6))).toBe(-5 * 3_600_000);
    // Before 2007 summer time began in April (asked of Intl).
    expect(newYorkOffsetMs(Date.UTC(2006, 2, 20, 12))).toBe(-5 * 3_600_000);
    expect(newYorkOffsetMs(Date.UTC(2006, 3, 20, 12))).toBe(-4 * 3_600_000);
  });

  it('reads a calendar day as written, and refuses an invalid time as Intl does', () => {
    expect(dayText(utcWall('2026-01-01T00:00:00Z'))).toBe('Jan 1, 2026');
    expect(() => newYorkWall('not a date')).toThrow(RangeError);
    expect(() => utcWall(Number.NaN)).toThrow(RangeError);
  });
});
