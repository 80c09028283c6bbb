import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte } from 'drizzle-orm';
import { MSG, SUBSCRIPTION_TYPES, type SubscriptionType } from '@cutroom/domain';
import { cards, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

let seq = 0;
const create = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/card',
    headers: bearer(token),
    payload: {
      card_title: `Limit test ${++seq} ${Math.random().toString(36).slice(2, 8)}`,
      dropbox_link: 'https://www.dropbox.com/sh/raw?dl=0',
      youtube_aspect_ratio: '16:9',
      video_purpose: 'podcast',
    },
  });

/** Puts the demo customer on a plan with a billing period starting now, so nothing is used yet. */
async function putOnPlan(subscriptionType: SubscriptionType, customSubscription: number | null = null) {
  const billingDate = new Date();
  await t.database.db
    .update(users)
    .set({ subscriptionType, customSubscription, requestLimit: null, billingDate })
    .where(eq(users.id, a.customer.id));
  return billingDate;
}

const createdSince = async (since: Date) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(cards)
      .where(and(eq(cards.clientId, a.customer.id), gte(cards.createdAt, since)))
  )[0]!.n;

describe('request limits', () => {
  it('20 parallel requests on the double plan create exactly 2', async () => {
    const since = await putOnPlan('double');
    const replies = await Promise.all(Array.from({ length: 20 }, () => create(a.customer.token)));
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 403)).toHaveLength(18);
    expect(replies.find((r) => r.statusCode === 403)!.json().error_message).toBe(MSG.requestLimitReached);
    expect(await createdSince(since)).toBe(2);
  });

  it('allows each plan its own number of requests, and unlimited more than any', async () => {
    const expected: Record<SubscriptionType, number> = { single: 1, double: 2, weekly: 4, custom: 3, unlimited: 12 };
    for (const { value } of SUBSCRIPTION_TYPES) {
      const since = await putOnPlan(value, value === 'custom' ? 3 : null);
      const tries = expected[value] + (value === 'unlimited' ? 0 : 1);
      const codes: number[] = [];
      for (let i = 0; i < tries; i++) codes.push((await create(a.customer.token)).statusCode);
      const allowed = value === 'unlimited' ? tries : expected[value];
      expect({ plan: value, codes }).toEqual({
        plan: value,
        codes: [...Array<number>(allowed).fill(201), ...Array<number>(tries - allowed).fill(403)],
      });
      expect(await createdSince(since)).toBe(allowed);
    }
  });
});
