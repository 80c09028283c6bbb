import { describe, expect, it } from 'vitest';
import { formatDay, formatDue, formatEst, formatNewYorkTime, isOverdue, isoToNyWall, nyWallToIso } from './format-time';

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

  it('counts a due date in the past as overdue, and no due date as not', () => {
    const now = Date.parse('2026-01-15T14:30:00.000Z');
    expect(isOverdue('2026-01-15T14:29:00.000Z', now)).toBe(true);
    expect(isOverdue('2026-01-15T14:31:00.000Z', now)).toBe(false);
    expect(isOverdue(null, now)).toBe(false);
  });
});

describe('formatDay', () => {
  it('writes a calendar day as it is, an instant in the viewer zone, and a stand-in for none', () => {
    expect(formatDay('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatDay('2026-03-05T12:00:00.000Z')).toBe('Mar 5, 2026');
    expect(formatDay(null)).toBe('—');
    expect(formatDay(undefined, '-')).toBe('-');
  });
});
