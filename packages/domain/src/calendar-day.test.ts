import { describe, expect, it } from 'vitest';
import { calendarDay, todayIn, todayInNewYork } from './calendar-day.js';

describe('calendarDay', () => {
  const lateEvening = new Date('2026-03-06T03:30:00Z');

  it('gives the day of an instant in each zone, as YYYY-MM-DD', () => {
    expect(calendarDay(lateEvening, 'UTC')).toBe('2026-03-06');
    expect(calendarDay(lateEvening, 'America/New_York')).toBe('2026-03-05');
    expect(calendarDay(lateEvening, 'Asia/Manila')).toBe('2026-03-06');
  });

  it('gives today in a zone, and in New York', () => {
    expect(todayIn('America/Los_Angeles', lateEvening)).toBe('2026-03-05');
    expect(todayInNewYork(lateEvening)).toBe('2026-03-05');
    expect(todayInNewYork(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
  });
});
