import { describe, expect, it } from 'vitest';
import { analyticsRanges, compareFigure, summarizeDays, type DayMetrics } from './analytics.js';

const day = (views: number, duration: number, percent: number): DayMetrics => ({
  views,
  subscribersGained: 2,
  subscribersLost: 1,
  estimatedMinutesWatched: views * 3,
  averageViewDuration: duration,
  averageViewPercentage: percent,
});

describe('analyticsRanges', () => {
  it('covers the last n days ending today, and the n days before them', () => {
    expect(analyticsRanges('7days', '2026-03-10')).toEqual({
      current: { startDate: '2026-03-04', endDate: '2026-03-10' },
      previous: { startDate: '2026-02-25', endDate: '2026-03-03' },
    });
    expect(analyticsRanges('30days', '2026-03-01')).toEqual({
      current: { startDate: '2026-01-31', endDate: '2026-03-01' },
      previous: { startDate: '2026-01-01', endDate: '2026-01-30' },
    });
  });

  it('counts months back from today, clamping to a shorter month', () => {
    expect(analyticsRanges('6months', '2026-08-31')).toEqual({
      current: { startDate: '2026-03-01', endDate: '2026-08-31' },
      previous: { startDate: '2025-08-29', endDate: '2026-02-28' },
    });
    expect(analyticsRanges('6months', '2026-06-15').current).toEqual({
      startDate: '2025-12-16',
      endDate: '2026-06-15',
    });
  });

  it('has no previous period for 9months (All)', () => {
    expect(analyticsRanges('9months', '2026-11-25')).toEqual({
      current: { startDate: '2026-02-26', endDate: '2026-11-25' },
      previous: null,
    });
  });
});

describe('summarizeDays', () => {
  it('sums the counts and divides the averages by the days that had views', () => {
    const figures = summarizeDays([day(100, 60, 40), day(50, 30, 20), day(0, 0, 0)]);
    expect(figures).toEqual({
      views: 150,
      subscribersGained: 6,
      subscribersLost: 3,
      estimatedMinutesWatched: 450,
      averageViewDuration: 45,
      averageViewDurationCount: 2,
      averageViewPercentage: 30,
      averageViewPercentageCount: 2,
    });
  });

  it('gives zeros, not NaN, for a period without rows', () => {
    expect(summarizeDays([])).toMatchObject({ views: 0, averageViewDuration: 0, averageViewDurationCount: 0 });
  });
});

describe('compareFigure', () => {
  it('points up or down with the change in percent', () => {
    expect(compareFigure(150, 100)).toEqual({ direction: 'up', percent: 50, good: true });
    expect(compareFigure(50, 200)).toEqual({ direction: 'down', percent: -75, good: false });
    expect(compareFigure(7, 7)).toEqual({ direction: 'none', percent: 0, good: null });
  });

  it('treats more subscribers lost as bad news', () => {
    expect(compareFigure(5, 2, false)).toMatchObject({ direction: 'up', good: false });
  });

  it('has no percentage from zero, and no arrow without a previous period', () => {
    expect(compareFigure(3, 0)).toEqual({ direction: 'up', percent: null, good: true });
    expect(compareFigure(3, null)).toBeNull();
  });
});
