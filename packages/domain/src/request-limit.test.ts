import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_TYPES } from './options.js';
import { billingPeriod, requestLimitOf, requestUsageText } from './request-limit.js';

const plan = (
  subscriptionType: string | null,
  customSubscription: number | null = null,
  requestLimit: number | null = null,
) => requestLimitOf({ subscriptionType, customSubscription, requestLimit });

describe('requestLimitOf', () => {
  it('gives every plan its own limit, unlimited none', () => {
    const byPlan = Object.fromEntries(SUBSCRIPTION_TYPES.map((p) => [p.value, plan(p.value, 7)]));
    expect(byPlan).toEqual({ single: 1, double: 2, weekly: 4, unlimited: null, custom: 7 });
  });

  it('counts a missing or unknown plan as single, and a custom plan without its number as zero', () => {
    expect(plan(null)).toBe(1);
    expect(plan('gold')).toBe(1);
    expect(plan('custom', null)).toBe(0);
  });

  it("lets an admin's override win over every plan, unlimited included", () => {
    for (const p of SUBSCRIPTION_TYPES) expect(plan(p.value, 7, 3)).toBe(3);
    expect(plan('unlimited', null, 0)).toBe(0);
  });
});

describe('billingPeriod', () => {
  const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
  it('is the 30 days from the billing date, or from its last 30-day step', () => {
    expect(billingPeriod(day('2026-01-01'), day('2026-01-10'))).toEqual({
      start: day('2026-01-01'),
      end: day('2026-01-31'),
    });
    expect(billingPeriod(day('2026-01-01'), day('2026-02-15'))).toEqual({
      start: day('2026-01-31'),
      end: day('2026-03-02'),
    });
    expect(billingPeriod(day('2026-01-01'), day('2026-01-31'))).toEqual({
      start: day('2026-01-31'),
      end: day('2026-03-02'),
    });
  });

  it('holds today when the billing date is still to come (it counts back in 30-day steps)', () => {
    const now = day('2026-03-10');
    const { start, end } = billingPeriod(day('2026-04-01'), now);
    expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(end.getTime()).toBeGreaterThan(now.getTime());
    expect({ start, end }).toEqual({ start: day('2026-03-02'), end: day('2026-04-01') });
  });
});

describe('requestUsageText', () => {
  it('words the count the same on every screen, with or without a limit', () => {
    expect(requestUsageText(1, 4)).toBe('1 / 4 this billing period');
    expect(requestUsageText(0, 0)).toBe('0 / 0 this billing period');
    expect(requestUsageText(12, null)).toBe('12 this billing period');
  });
});
