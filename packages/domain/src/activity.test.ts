import { describe, expect, it } from 'vitest';
import { activityBand, activityLabel } from './activity.js';

const now = new Date('2026-03-31T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

describe('activityBand (spec 002 §4: over 30 inactive, 14 to 30 the middle band, under 14 active)', () => {
  it('is active under 14 days, including a login just now', () => {
    expect(activityBand(daysAgo(0), now)).toBe('active');
    expect(activityBand(daysAgo(13.99), now)).toBe('active');
  });

  it('is the middle band from 14 days through 30', () => {
    expect(activityBand(daysAgo(14), now)).toBe('inactive_14');
    expect(activityBand(daysAgo(21), now)).toBe('inactive_14');
    expect(activityBand(daysAgo(30), now)).toBe('inactive_14');
  });

  it('is inactive over 30 days', () => {
    expect(activityBand(daysAgo(30.01), now)).toBe('inactive_30');
    expect(activityBand(daysAgo(400), now)).toBe('inactive_30');
  });

  it('has no band without a login, or with a date that is not one', () => {
    expect(activityBand(null, now)).toBeNull();
    expect(activityBand(undefined, now)).toBeNull();
    expect(activityBand('', now)).toBeNull();
    expect(activityBand('not a date', now)).toBeNull();
  });

  it("labels the bands with the assignee table's words and '-' for no login", () => {
    expect([daysAgo(40), daysAgo(20), daysAgo(1), null].map((d) => activityLabel(d, now))).toEqual([
      'Inactive for 30 Days',
      'Inactive for 14 Days',
      'Active',
      '-',
    ]);
  });

  it('takes a Date as well as an ISO string', () => {
    expect(activityBand(new Date(daysAgo(15)), now)).toBe('inactive_14');
  });
});
