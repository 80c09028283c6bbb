import { REQUESTS_PER_PERIOD } from './constants.js';
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
