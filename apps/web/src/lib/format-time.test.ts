import { describe, expect, it } from 'vitest';
import {
  formatChatDay,
  formatBillingDay,
  formatChatTime,
  formatDay,
  formatDue,
  formatEst,
  formatNewYorkTime,
  isOverdue,
  isoToNyWall,
  nyWallToIso,
} from './format-time';

describe('New York time', () => {
  it('reads the picker as New York wall time, summer and winter', () => {
    expect(nyWallToIso('2026-01-15 09:30:00')).toBe('2026-01-15T14:30:00.000Z');
    expect(nyWallToIso('2026-07-15 09:30:00')).toBe('2026-07-15T13:30:00.000Z');
    expect(isoToNyWall('2026-07-15T13:30:00.000Z')).toBe('2026-07-15 09:30:00');
    expect(nyWallToIso('not a date')).toBeNull();
  });

  it('labels due dates, creation times and the clock EST whatever the season', () => {
    expect(formatEst('2026-07-15T13:30:00.000Z')).toBe('Jul 15, 2026, 9:30 AM EST');
    expect(formatEst(null)).toBe('—');
    expect(formatDue('2026-01-15T14:30:00.000Z')).toBe('Jan 15, 9:30 AM EST');
    expect(formatNewYorkTime(new Date('2026-01-15T14:30:05.000Z'))).toBe('EST 09:30:05 AM');
  });

  // One card's creation read 6:52 AM EST on its page and 11:52 AM on Export (issue 33): one zone, always named.
  it('reads chat, activity and every other time in New York, named', () => {
    const created = '2026-11-28T11:52:00.000Z';
    expect(formatEst(created)).toBe('Nov 28, 2026, 6:52 AM EST');
    expect(formatChatTime(created)).toBe('6:52 AM EST');
    expect(formatChatDay('2026-11-28T03:00:00.000Z')).toBe('Friday, Nov 27, 2026');
  });

  it('counts a due date in the past as overdue, and no due date as not', () => {
    const now = Date.parse('2026-01-15T14:30:00.000Z');
    expect(isOverdue('2026-01-15T14:29:00.000Z', now)).toBe(true);
    expect(isOverdue('2026-01-15T14:31:00.000Z', now)).toBe(false);
    expect(isOverdue(null, now)).toBe(false);
  });
});

describe('formatDay', () => {
  it("writes a calendar day as it is, an instant on New York's calendar, and a stand-in for none", () => {
    expect(formatDay('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatDay('2026-03-05T12:00:00.000Z')).toBe('Mar 5, 2026');
    // 1 AM UTC is still the evening before in New York.
    expect(formatDay('2026-03-05T01:00:00.000Z')).toBe('Mar 4, 2026');
    expect(formatDay(null)).toBe('—');
    expect(formatDay(undefined, '-')).toBe('-');
    // A billing date is the calendar day the admin picked, kept at UTC midnight.
    expect(formatBillingDay('2026-03-16T00:00:00.000Z')).toBe('Mar 16, 2026');
  });
});
