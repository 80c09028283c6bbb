import { calendarDay } from './calendar-day.js';
import { newYorkOffsetMs, newYorkWall, shortWeekdayDayText } from './new-york-time.js';
import {
  EDITOR_CUTOFF_HOUR_NY,
  FIRST_CUTS_STARTED_PER_DAY,
  SUBMIT_CUTOFF_HOUR_NY,
  TIMELINE_HOURS_FIRST,
  TIMELINE_HOURS_WITH_REVISION,
} from './constants.js';

/**
 * The promise-date engine (issue 20, docs/promise-dates.md): when the customer can expect a card's
 * first cut, from the queue ahead of it, the cut-offs, the 24 h / 48 h timelines, holidays and leave.
 * All calendar days here are New York days as 'YYYY-MM-DD'.
 */

const DAY_MS = 86_400_000;
/** A worker on leave for years must not hang the planner: past this many days we stop looking. */
const MAX_DAYS_AHEAD = 3_660;

export interface WorkCalendar {
  /** Live holidays (settings) as New York days. */
  holidays: ReadonlySet<string>;
  /** The days the worker is on leave. */
  leave: ReadonlySet<string>;
}

const HOUR_MS = 3_600_000;

/** The New York day and minute of the day of an instant. */
export function newYorkClock(instant: Date): { day: string; minute: number } {
  const local = new Date(instant.getTime() + newYorkOffsetMs(instant.getTime()));
  return { day: calendarDay(local, 'UTC'), minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** A queue's cards share a few dozen days: their successors and weekdays are remembered, not re-parsed. */
const following = new Map<string, string>();
const weekend = new Map<string, boolean>();
const remember = <V>(memo: Map<string, V>, key: string, value: V): V => {
  if (memo.size > 100_000) memo.clear();
  memo.set(key, value);
  return value;
};
export const nextDay = (day: string) =>
  following.get(day) ?? remember(following, day, calendarDay(new Date(dayMs(day) + DAY_MS), 'UTC'));
const isWeekend = (day: string) => {
  const known = weekend.get(day);
  if (known !== undefined) return known;
  const weekday = new Date(dayMs(day)).getUTCDay();
  return remember(weekend, day, weekday === 0 || weekday === 6);
};

export const isWorkingDay = (day: string, cal: WorkCalendar) =>
  !isWeekend(day) && !cal.holidays.has(day) && !cal.leave.has(day);

/** The day itself when it is a working day, else the next one. */
export function firstWorkingDay(day: string, cal: WorkCalendar): string {
  let d = day;
  for (let i = 0; i < MAX_DAYS_AHEAD && !isWorkingDay(d, cal); i++) d = nextDay(d);
  return d;
}

export function addWorkingDays(day: string, n: number, cal: WorkCalendar): string {
  let d = day;
  for (let left = n; left > 0; left--) d = firstWorkingDay(nextDay(d), cal);
  return d;
}

/** A New York wall-clock hour on a day as a UTC instant; the offset is read for that day, so DST holds. */
export function newYorkInstant(day: string, hour: number): Date {
  const guess = dayMs(day) + hour * HOUR_MS;
  const first = guess - newYorkOffsetMs(guess);
  // Across a DST change the offset at the answer may differ from the guess's: read it again there.
  return new Date(guess - newYorkOffsetMs(first));
}

/** The day a request submitted at this instant counts for: after the 8 pm cut-off, the next working day. */
export function intakeDay(submittedAt: Date, cal: WorkCalendar): string {
  const { day, minute } = newYorkClock(submittedAt);
  return firstWorkingDay(minute >= SUBMIT_CUTOFF_HOUR_NY * 60 ? nextDay(day) : day, cal);
}

/** The first editor cut-off (5 pm New York, on a working day) at or after an instant. */
export function deliveryAtOrAfter(instant: Date, cal: WorkCalendar): Date {
  const { day, minute } = newYorkClock(instant);
  const late = minute > EDITOR_CUTOFF_HOUR_NY * 60;
  return newYorkInstant(firstWorkingDay(late ? nextDay(day) : day, cal), EDITOR_CUTOFF_HOUR_NY);
}

/** 24 h once revisions exist, else 48 h, unless the card already carries its timeline. */
export const timelineHoursOf = (card: { timeline: number | null; revisionNr: number }) =>
  card.timeline ?? (card.revisionNr > 0 ? TIMELINE_HOURS_WITH_REVISION : TIMELINE_HOURS_FIRST);

/** One open card in its worker's queue, in queue order. */
export interface QueuedCard {
  id: number;
  /** Whose queue: the editor once assigned, else the QA ('e:12', 'q:7'); null = nobody's, no slot used. */
  worker: string | null;
  /** When it entered the queue (created, or back to video requests). */
  queuedAt: Date;
  timelineHours: number;
  /** Set once work started (editing, QA): the due date the timeline gave it. */
  startedDue: Date | null;
}

/** Where one worker's queue stands while the planner walks it: the day being filled and its slots used. */
export interface QueueCursor {
  day: string;
  used: number;
}

/**
 * One card's expected first cut, given its worker's cursor (moved on in place): constant work per card
 * apart from skipping non-working days. A started card is expected at its due date when that is on a
 * working day, else at the next editor cut-off (after now, if overdue); a waiting card takes the next free start slot of its worker
 * (FIRST_CUTS_STARTED_PER_DAY a working day, from its intake day on) and is delivered at 5 pm New York
 * after its timeline in working days.
 */
export function expectFirstCut(card: QueuedCard, cursor: QueueCursor, cal: WorkCalendar, now: Date): Date {
  if (card.startedDue) {
    if (card.startedDue <= now) return deliveryAtOrAfter(now, cal);
    // Due on a working day, at any hour: the due time itself holds, so an evening assignment (due 48 h later,
    // after that day's cut-off) is not At risk from its first second. Due on a day off: the next cut-off.
    return isWorkingDay(newYorkClock(card.startedDue).day, cal)
      ? card.startedDue
      : deliveryAtOrAfter(card.startedDue, cal);
  }
  const ready = intakeDay(card.queuedAt > now ? card.queuedAt : now, cal);
  if (ready > cursor.day) {
    cursor.day = ready;
    cursor.used = 0;
  }
  if (cursor.used >= FIRST_CUTS_STARTED_PER_DAY) {
    cursor.day = firstWorkingDay(nextDay(cursor.day), cal);
    cursor.used = 0;
  }
  cursor.used += 1;
  const days = Math.max(1, Math.ceil(card.timelineHours / 24));
  const expected = newYorkInstant(addWorkingDays(cursor.day, days, cal), EDITOR_CUTOFF_HOUR_NY);
  return expected > now ? expected : deliveryAtOrAfter(now, cal);
}

export interface PromiseCalendars {
  holidays: ReadonlySet<string>;
  /** Leave days by worker key; a worker without leave is absent. */
  leaveByWorker: ReadonlyMap<string, ReadonlySet<string>>;
}

const NO_LEAVE: ReadonlySet<string> = new Set();

/**
 * The whole queue in one pass, in order (each worker's cards in the order they are worked): returns
 * every card's expected first cut. O(n): one cursor per worker, constant work per card.
 */
export function planFirstCuts(queue: readonly QueuedCard[], cals: PromiseCalendars, now: Date): Map<number, Date> {
  const cursors = new Map<string, QueueCursor>();
  const calendars = new Map<string, WorkCalendar>();
  const out = new Map<number, Date>();
  const noWorker: WorkCalendar = { holidays: cals.holidays, leave: NO_LEAVE };
  for (const card of queue) {
    const key = card.worker;
    let cal = key ? calendars.get(key) : noWorker;
    if (!cal) {
      cal = { holidays: cals.holidays, leave: cals.leaveByWorker.get(key!) ?? NO_LEAVE };
      calendars.set(key!, cal);
    }
    let cursor = key ? cursors.get(key) : { day: '', used: 0 };
    if (!cursor) {
      cursor = { day: intakeDay(now, cal), used: 0 };
      cursors.set(key!, cursor);
    }
    out.set(card.id, expectFirstCut(card, cursor, cal, now));
  }
  return out;
}

/** Every day from start to end (inclusive), for turning leave periods into a calendar. */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end && out.length < MAX_DAYS_AHEAD; d = nextDay(d)) out.push(d);
  return out;
}

/** "Tue 14 Apr": the expected day as New York reads it. */
export const promiseLabel = (instant: Date | string) => shortWeekdayDayText(newYorkWall(instant));

/** A staff warning: the first cut is expected after the due date. */
export const isAtRisk = (expectedAt: Date | string | null, dueDate: Date | string | null) =>
  !!expectedAt && !!dueDate && new Date(expectedAt).getTime() > new Date(dueDate).getTime();

/** Hit rate in percent (0–100, one decimal) or null when nothing was delivered. */
export const hitRateOf = (onTime: number, delivered: number) =>
  delivered === 0 ? null : Math.round((onTime / delivered) * 1000) / 10;
