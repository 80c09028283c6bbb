import { and, count, eq, gte } from 'drizzle-orm';
import { MSG, billingPeriod, requestLimitOf } from '@cutroom/domain';
import type { Db } from '../db/client.js';
import { cards, customerQas, users } from '../db/schema.js';

/** Start of the 30-day billing period that contains `now`, counted from the billing date. */
export const periodStart = (billingDate: Date, now = new Date()): Date => billingPeriod(billingDate, now).start;

export interface Allowance {
  used: number;
  /** null = unlimited */
  limit: number | null;
  blocked: null | 'inactive' | 'limit' | 'no_qa';
  message: string | null;
}

const countSince = async (db: Db, customerId: number, since: Date) => {
  const [used] = await db
    .select({ n: count() })
    .from(cards)
    .where(and(eq(cards.clientId, customerId), gte(cards.createdAt, since)));
  return used?.n ?? 0;
};

/** The customer's requests in the current billing period (the board's monthly count). */
export async function requestsThisPeriod(db: Db, customerId: number): Promise<number> {
  const [customer] = await db
    .select({ billingDate: users.billingDate, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, customerId));
  return customer ? countSince(db, customerId, periodStart(customer.billingDate ?? customer.createdAt)) : 0;
}

/**
 * How many requests a customer has made this billing period, and whether another is allowed (DESIGN §4).
 * `lock` holds the customer's row until the transaction ends, so a count and the insert after it
 * are one step: parallel requests of one customer queue here instead of all passing the count.
 */
export async function requestAllowance(db: Db, customerId: number, opts: { lock?: boolean } = {}): Promise<Allowance> {
  const query = db.select().from(users).where(eq(users.id, customerId)).limit(1);
  const [customer] = await (opts.lock ? query.for('update') : query);
  if (!customer) return { used: 0, limit: 0, blocked: 'no_qa', message: MSG.noQaAssigned };
  const since = periodStart(customer.billingDate ?? customer.createdAt);
  const [usedN, [qaSlots]] = await Promise.all([
    countSince(db, customerId, since),
    db.select({ n: count() }).from(customerQas).where(eq(customerQas.customerId, customerId)),
  ]);
  const limit = requestLimitOf(customer);
  // Toggled off by an admin: no requests until it is re-activated or renewed (DESIGN §4).
  if (!customer.isActiveSubscription)
    return { used: usedN, limit, blocked: 'inactive', message: MSG.subscriptionInactive };
  if ((qaSlots?.n ?? 0) === 0) return { used: usedN, limit, blocked: 'no_qa', message: MSG.noQaAssigned };
  if (limit !== null && usedN >= limit)
    return { used: usedN, limit, blocked: 'limit', message: MSG.requestLimitReached };
  return { used: usedN, limit, blocked: null, message: null };
}
