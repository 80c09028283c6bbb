import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { seedWithSessions } from '../../test/helpers.js';
import { audienceMatcher } from './audience.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const matcherOf = (who: 'admin' | 'lead' | 'customer' | 'customer2') =>
  audienceMatcher(t.database.db, {
    id: a[who].id,
    role: who === 'lead' ? 'team-lead' : who.startsWith('customer') ? 'customer' : 'admin',
  });

describe('events for named people', () => {
  it('reach the people named and the roles named, nobody else, whatever card rules say', async () => {
    const [admin, lead, customer, other] = await Promise.all([
      matcherOf('admin'),
      matcherOf('lead'),
      matcherOf('customer'),
      matcherOf('customer2'),
    ]);
    const toCustomer = { userIds: [a.customer.id] };
    expect([admin, lead, customer, other].map((m) => m(toCustomer))).toEqual([false, false, true, false]);
    const support = { userIds: [a.customer.id], roles: ['admin', 'team-lead'] as const };
    expect([admin, lead, customer, other].map((m) => m(support))).toEqual([true, true, true, false]);
  });
});
