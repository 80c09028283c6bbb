import { describe, expect, it } from 'vitest';
import { formatDue, formatEst, formatNewYorkTime, isOverdue, isoToNyWall, nyWallToIso } from './format-time';

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
