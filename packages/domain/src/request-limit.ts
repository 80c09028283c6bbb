import { BILLING_PERIOD_DAYS, REQUESTS_PER_PERIOD } from './constants.js';
import { SUBSCRIPTION_TYPES, type SubscriptionType } from './options.js';

export interface PlanFields {
  subscriptionType: string | null;
  customSubscription: number | null;
  /** An admin's override; wins over the plan. */
  requestLimit: number | null;
}

const isPlan = (value: string): value is SubscriptionType => SUBSCRIPTION_TYPES.some((p) => p.value === value);

/**
 * Requests a customer may create per billing period (DESIGN §4); null means no limit. A missing or
 * unknown plan counts as single, the plan a self sign-up gets.
 */
export function requestLimitOf(plan: PlanFields): number | null {
  if (plan.requestLimit !== null) return plan.requestLimit;
  const type: SubscriptionType =
    plan.subscriptionType && isPlan(plan.subscriptionType) ? plan.subscriptionType : 'single';
  // A custom plan without its number allows nothing until an admin sets it.
  if (type === 'custom') return plan.customSubscription ?? 0;
  return REQUESTS_PER_PERIOD[type];
}

const DAY_MS = 86_400_000;

/**
 * The 30-day billing period that contains `now`, counted from the billing date (DESIGN §4), before it as
 * well as after: a billing date an admin set in the future must not leave today outside every period.
 */
export function billingPeriod(billingDate: Date, now = new Date()): { start: Date; end: Date } {
  const periodMs = BILLING_PERIOD_DAYS * DAY_MS;
  const elapsed = now.getTime() - billingDate.getTime();
  const start = new Date(billingDate.getTime() + Math.floor(elapsed / periodMs) * periodMs);
  return { start, end: new Date(start.getTime() + periodMs) };
}

/**
 * A customer's requests this billing period as every screen words it (issue 18: the board said
 * "this month" and the request form "this billing period" for the same figure); null limit = unlimited.
 */
export function requestUsageText(used: number, limit: number | null): string {
  return limit === null ? `${used} this billing period` : `${used} / ${limit} this billing period`;
}
