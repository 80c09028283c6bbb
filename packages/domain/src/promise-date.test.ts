import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_CUTS_STARTED_PER_DAY } from './constants.js';
import {
  daysBetween,
  hitRateOf,
  isAtRisk,
  isWorkingDay,
  newYorkClock,
  newYorkInstant,
  planFirstCuts,
  promiseLabel,
  type PromiseCalendars,
  type QueuedCard,
} from './promise-date.js';

const calendars = (holidays: string[] = [], leave: Record<string, string[]> = {}): PromiseCalendars => ({
  holidays: new Set(holidays),
  leaveByWorker: new Map(Object.entries(leave).map(([k, v]) => [k, new Set(v)])),
});
let nextId = 1;
const waiting = (queuedAt: string, worker = 'q:1', timelineHours = 48): QueuedCard => ({
  id: nextId++,
  worker,
  queuedAt: new Date(queuedAt),
  timelineHours,
  startedDue: null,
});
/** The expected first cut of the last card of the queue, planned at `now` (the first card's submit time by default). */
const expectLast = (queue: QueuedCard[], cals = calendars(), now = queue[0]!.queuedAt) =>
  planFirstCuts(queue, cals, now).get(queue.at(-1)!.id)!.toISOString();

describe('promise dates', () => {
  it('counts a request submitted before 8 pm New York for that day, 48 h as two working days, delivered at 5 pm', () => {
    // Mon 13 Apr 2026, 19:59 EDT.
    expect(expectLast([waiting('2026-04-13T23:59:00Z')])).toBe('2026-04-15T21:00:00.000Z');
  });

  it('moves a request submitted at 8 pm sharp to the next working day', () => {
    expect(expectLast([waiting('2026-04-14T00:00:00Z')])).toBe('2026-04-16T21:00:00.000Z');
  });

  it('counts a request after Friday 8 pm from Monday', () => {
    // Fri 17 Apr 20:30 EDT → intake Mon 20 → Wed 22 Apr.
    expect(expectLast([waiting('2026-04-18T00:30:00Z')])).toBe('2026-04-22T21:00:00.000Z');
  });

  it('skips a holiday on the day the cut would be due', () => {
    expect(expectLast([waiting('2026-04-13T14:00:00Z')], calendars(['2026-04-15']))).toBe('2026-04-16T21:00:00.000Z');
  });

  it("skips the worker's leave, and only that worker's", () => {
    const cals = calendars([], { 'q:1': daysBetween('2026-04-14', '2026-04-15') });
    expect(expectLast([waiting('2026-04-13T14:00:00Z', 'q:1')], cals)).toBe('2026-04-17T21:00:00.000Z');
    expect(expectLast([waiting('2026-04-13T14:00:00Z', 'q:2')], cals)).toBe('2026-04-15T21:00:00.000Z');
  });

  it('crosses the March DST change: 5 pm is 21:00 UTC after it, 22:00 before', () => {
    // Fri 6 Mar 2026 10:00 EST; clocks go forward Sun 8 Mar → Tue 10 Mar 17:00 EDT.
    expect(expectLast([waiting('2026-03-06T15:00:00Z')])).toBe('2026-03-10T21:00:00.000Z');
    expect(expectLast([waiting('2026-03-04T15:00:00Z')])).toBe('2026-03-06T22:00:00.000Z');
  });

  it('crosses the November DST change', () => {
    // Fri 30 Oct 2026 10:00 EDT; clocks go back Sun 1 Nov → Tue 3 Nov 17:00 EST.
    expect(expectLast([waiting('2026-10-30T14:00:00Z')])).toBe('2026-11-03T22:00:00.000Z');
  });

  it('reads New York wall time on the DST days themselves', () => {
    expect(newYorkInstant('2026-03-08', 17).toISOString()).toBe('2026-03-08T21:00:00.000Z');
    expect(newYorkInstant('2026-11-01', 17).toISOString()).toBe('2026-11-01T22:00:00.000Z');
    expect(newYorkInstant('2026-03-08', 1).toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(newYorkClock(new Date('2026-11-01T05:30:00Z'))).toEqual({ day: '2026-11-01', minute: 90 });
  });

  it('starts a limited number of cards per worker a day; the rest wait for the next working day', () => {
    const queue = Array.from({ length: FIRST_CUTS_STARTED_PER_DAY + 1 }, () => waiting('2026-04-13T14:00:00Z'));
    const other = waiting('2026-04-13T14:00:00Z', 'q:2');
    const plan = planFirstCuts([...queue, other], calendars(), new Date('2026-04-13T14:00:00Z'));
    expect(plan.get(queue[0]!.id)!.toISOString()).toBe('2026-04-15T21:00:00.000Z');
    expect(plan.get(queue[FIRST_CUTS_STARTED_PER_DAY - 1]!.id)!.toISOString()).toBe('2026-04-15T21:00:00.000Z');
    expect(plan.get(queue.at(-1)!.id)!.toISOString()).toBe('2026-04-16T21:00:00.000Z');
    expect(plan.get(other.id)!.toISOString()).toBe('2026-04-15T21:00:00.000Z');
  });

  it('gives a revision (24 h) one working day', () => {
    expect(expectLast([waiting('2026-04-13T14:00:00Z', 'e:3', 24)])).toBe('2026-04-14T21:00:00.000Z');
  });

  it('counts a card that waited since last week from today', () => {
    const now = new Date('2026-04-13T14:00:00Z');
    expect(expectLast([waiting('2026-04-06T14:00:00Z')], calendars(), now)).toBe('2026-04-15T21:00:00.000Z');
  });

  it('expects a started card at its due date on a working day, else the next working 5 pm; never in the past', () => {
    const started = (due: string): QueuedCard => ({ ...waiting('2026-04-01T14:00:00Z'), startedDue: new Date(due) });
    const now = new Date('2026-04-13T14:00:00Z');
    // Due Sat 18 Apr noon → Mon 20 Apr 17:00.
    expect(expectLast([started('2026-04-18T16:00:00Z')], calendars(), now)).toBe('2026-04-20T21:00:00.000Z');
    // Due Tue 14 Apr 18:00 EDT, after the editor cut-off but on a working day: the due time holds (issue 54).
    expect(expectLast([started('2026-04-14T22:00:00Z')], calendars(), now)).toBe('2026-04-14T22:00:00.000Z');
    // Due Tue 14 Apr noon EDT, a working day before the cut-off: the due time holds.
    expect(expectLast([started('2026-04-14T16:00:00Z')], calendars(), now)).toBe('2026-04-14T16:00:00.000Z');
    // Overdue: today at 5 pm.
    expect(expectLast([started('2026-04-10T16:00:00Z')], calendars(), now)).toBe('2026-04-13T21:00:00.000Z');
  });

  it('is not At risk from the first second of an evening assignment, only once the expectation passes the due', () => {
    // Assigned Mon 13 Apr 19:30 EDT: due 48 h later, Wed 15 Apr 19:30, after that day's cut-off.
    const assigned = new Date('2026-04-13T23:30:00Z');
    const due = new Date(assigned.getTime() + 48 * 3_600_000);
    const card: QueuedCard = { ...waiting('2026-04-10T14:00:00Z'), startedDue: due };
    const expected = planFirstCuts([card], calendars(), assigned).get(card.id)!;
    expect(expected.toISOString()).toBe(due.toISOString());
    expect(isAtRisk(expected, due)).toBe(false);
    // Due on a holiday: the first cut can't come before the next working day's cut-off, a real risk.
    const onHoliday = planFirstCuts([card], calendars(['2026-04-15']), assigned).get(card.id)!;
    expect(onHoliday.toISOString()).toBe('2026-04-16T21:00:00.000Z');
    expect(isAtRisk(onHoliday, due)).toBe(true);
  });

  it('always lands on a working day at 5 pm New York, after now', () => {
    const holidays = ['2026-07-03', '2026-11-26', '2026-12-25', '2027-01-01'];
    const cals = calendars(holidays);
    const start = Date.parse('2026-01-01T00:00:00Z');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 24 * 60 }), fc.constantFrom(24, 48), (minutes, hours) => {
        const now = new Date(start + minutes * 60_000);
        const card = { ...waiting(now.toISOString(), 'q:9', hours) };
        const expected = planFirstCuts([card], cals, now).get(card.id)!;
        const { day, minute } = newYorkClock(expected);
        expect(minute).toBe(17 * 60);
        expect(isWorkingDay(day, { holidays: cals.holidays, leave: new Set() })).toBe(true);
        expect(expected.getTime()).toBeGreaterThan(now.getTime());
      }),
    );
  });

  it('labels, flags and rates', () => {
    expect(promiseLabel('2026-04-14T21:00:00Z')).toBe('Tue 14 Apr');
    expect(isAtRisk('2026-04-15T21:00:00Z', '2026-04-15T20:00:00Z')).toBe(true);
    expect(isAtRisk('2026-04-15T21:00:00Z', '2026-04-15T21:00:00Z')).toBe(false);
    expect(isAtRisk('2026-04-15T21:00:00Z', null)).toBe(false);
    expect(hitRateOf(2, 3)).toBe(66.7);
    expect(hitRateOf(0, 0)).toBeNull();
  });
});
