import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, requestLimitOf } from '@cutroom/domain';
import { userLeaves, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
/** New York's today, offset by days, as YYYY-MM-DD. */
const nyDay = (offset = 0) =>
  new Date(Date.now() + offset * DAY).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

/** Customers of this file only, all named "Listtest", so a search keeps the seed out of the counts. */
type Made = typeof users.$inferInsert;
const made: Record<string, number> = {};
async function customer(key: string, values: Partial<Made>) {
  const [row] = await t.database.db
    .insert(users)
    .values({
      clientType: 'customer',
      firstname: key,
      lastname: 'Listtest',
      useremail: `${key.toLowerCase()}@listtest.example.com`,
      passwordHash: 'x',
      ...values,
    })
    .returning({ id: users.id });
  made[key] = row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  accounts = await seedWithSessions(t.database.db);
  await customer('Anna', { subscriptionType: 'weekly', referral: 'Google', lastLoginTime: ago(1) });
  await customer('Ben', { subscriptionType: 'unlimited', referral: 'Youtube', lastLoginTime: ago(20) });
  await customer('Cara', {
    subscriptionType: 'custom',
    customSubscription: 7,
    referral: 'Other',
    otherreferral: '=HYPERLINK("http://evil")',
    socialMediaLink: '@handle',
    lastLoginTime: ago(45),
    createdAt: ago(60),
    isActiveSubscription: false,
  });
  await customer('Dan', { subscriptionType: 'double', requestLimit: 5, createdAt: ago(3) });
  // A plan never set reads as single, and 'Google Search' is an older key for Google (options.ts).
  await customer('Eve', { subscriptionType: null, referral: 'Google Search' });
  for (const createdAt of [new Date(), ago(2), ago(40)]) {
    await insertCard(t.database.db, { clientId: made.Anna!, createdAt });
  }
});
afterAll(() => t.close());

const get = (url: string, token: string | null = accounts.admin.token, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });

interface Row {
  client_id: number;
  firstname: string;
  totalAllowedVideoCount: number | null;
  oneMonthCreatedVideo: number;
}
interface Reply {
  customers: Row[];
  count: number;
  counters: { active: number; inactive: number; allowedCards30d: number; requestedCards: number };
}
const names = (r: Reply) => r.customers.map((c) => c.firstname);

describe('GET /api/users', () => {
  it('filters by leave today in New York from the leave rows, and reports it per user', async () => {
    await t.database.db
      .insert(userLeaves)
      .values({ clientId: accounts.qa.id, startDate: nyDay(-1), endDate: nyDay(1), reason: 'Trip' });
    await t.database.db
      .insert(userLeaves)
      .values({ clientId: accounts.editor.id, startDate: nyDay(-5), endDate: nyDay(-2), reason: 'Past' });
    const onLeave = await get('/api/users?filter=onLeave&limit=100');
    expect(onLeave.json()).toMatchObject({ count: 1, users: [{ client_id: accounts.qa.id, is_on_leave: true }] });
    const working = (await get('/api/users?filter=working&limit=100')).json<{ users: { client_id: number }[] }>();
    const ids = working.users.map((u) => u.client_id);
    expect(ids).toContain(accounts.editor.id);
    expect(ids).not.toContain(accounts.qa.id);
    const nobody = await get('/api/users?filter=onLeave&search=nobody-matches-this');
    expect(nobody.json()).toEqual({ users: [], count: 0 });
  });

  it('pages 10 by default and honours an explicit limit up to 100', async () => {
    const page = (await get('/api/users?limit=2')).json<{ users: unknown[]; count: number }>();
    expect(page.users).toHaveLength(2);
    expect(page.count).toBeGreaterThan(2);
    const all = (await get('/api/users')).json<{ users: unknown[]; count: number }>();
    expect(all.users).toHaveLength(Math.min(10, all.count));
  });

  it('refuses an unknown filter, naming the field', async () => {
    const res = await get('/api/users?filter=holiday');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('filter');
  });
});

describe('GET /api/customers', () => {
  it("gives each customer the plan's allowance (requestLimitOf) and the last 30 days' requests", async () => {
    const res = await get('/api/customers?search=Listtest&limit=100');
    expect(res.statusCode).toBe(200);
    const body = res.json<Reply>();
    expect(names(body)).toEqual(['Anna', 'Ben', 'Cara', 'Dan', 'Eve']);
    const byName = Object.fromEntries(body.customers.map((c) => [c.firstname, c]));
    const plans = {
      Anna: { subscriptionType: 'weekly', customSubscription: null, requestLimit: null },
      Ben: { subscriptionType: 'unlimited', customSubscription: null, requestLimit: null },
      Cara: { subscriptionType: 'custom', customSubscription: 7, requestLimit: null },
      Dan: { subscriptionType: 'double', customSubscription: null, requestLimit: 5 },
      Eve: { subscriptionType: null, customSubscription: null, requestLimit: null },
    };
    for (const [name, plan] of Object.entries(plans)) {
      expect(byName[name]!.totalAllowedVideoCount, name).toBe(requestLimitOf(plan));
    }
    expect(byName.Anna!.oneMonthCreatedVideo).toBe(2);
    expect(byName.Ben!.oneMonthCreatedVideo).toBe(0);
    // weekly 4 + custom 7 + override 5 + single 1; unlimited is left out.
    expect(body.counters).toEqual({ active: 4, inactive: 1, allowedCards30d: 17, requestedCards: 2 });
  });

  it('filters by plan, referral, activity and created dates in the caller’s zone', async () => {
    const q = async (filters: string, headers: Record<string, string> = {}) =>
      names((await get(`/api/customers?search=Listtest&${filters}`, accounts.admin.token, headers)).json<Reply>());
    expect(await q('customerType=custom')).toEqual(['Cara']);
    expect(await q('referral=Youtube')).toEqual(['Ben']);
    expect(await q('referral=Google')).toEqual(['Anna', 'Eve']);
    expect(await q('customerType=single')).toEqual(['Eve']);
    expect(await q('activity=active')).toEqual(['Anna', 'Dan', 'Eve']);
    expect(await q('activity=inactive_14')).toEqual(['Ben']);
    expect(await q('activity=inactive_30')).toEqual(['Cara']);
    expect(await q(`startDate=${nyDay(-5)}&endDate=${nyDay(-1)}`, { 'user-time-zone': 'America/New_York' })).toEqual([
      'Dan',
    ]);
    const none = await get('/api/customers?search=Listtest&customerType=custom&referral=Google');
    expect(none.json()).toEqual({
      customers: [],
      count: 0,
      counters: { active: 0, inactive: 0, allowedCards30d: 0, requestedCards: 0 },
    });
  });

  it('refuses bad filter values, naming the field', async () => {
    for (const [query, field] of [
      ['referral=Myspace', 'referral'],
      ['customerType=yearly', 'customerType'],
      ['activity=sleepy', 'activity'],
      ['startDate=2024-13-01', 'startDate'],
      ['startDate=2024-05-02&endDate=2024-05-01', 'startDate'],
      ['limit=101', 'limit'],
    ]) {
      const res = await get(`/api/customers?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
    expect((await get('/api/customers?startDate=2024-05-02&endDate=2024-05-01')).json().error_message).toBe(
      MSG.dateRangeReversed,
    );
  });

  it('keeps to what the caller may see', async () => {
    const helper = (await get('/api/customers?limit=100', accounts.helper.token)).json<Reply>();
    expect(helper.customers.map((c) => c.client_id)).toEqual([accounts.customer.id]);
    expect(helper.count).toBe(1);
    expect((await get('/api/customers', accounts.customer.token)).statusCode).toBe(403);
    expect((await get('/api/customers', null)).statusCode).toBe(401);
  });
});

describe('POST /api/customers-cards-count', () => {
  const post = (payload: object, token: string | null = accounts.admin.token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customers-cards-count',
      headers: token ? bearer(token) : {},
      payload,
    });
  it('counts one plan, or every visible customer', async () => {
    const custom = (await post({ customerType: 'custom' })).json<Reply['counters']>();
    expect(custom.inactive).toBeGreaterThanOrEqual(1);
    const all = (await post({})).json<Reply['counters']>();
    expect(all.active + all.inactive).toBeGreaterThan(custom.active + custom.inactive);
    expect(all.requestedCards).toBeGreaterThanOrEqual(2);
  });
  it('takes a call with no body as every plan (spec 002 §7: customerType is optional)', async () => {
    const all = (await post({})).json<Reply['counters']>();
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/customers-cards-count',
      headers: bearer(accounts.admin.token),
    });
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual(all);
  });
  it('refuses an unknown plan, a customer and anonymous callers', async () => {
    const bad = await post({ customerType: 'yearly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('customerType');
    expect((await post({}, accounts.customer.token)).statusCode).toBe(403);
    expect((await post({}, null)).statusCode).toBe(401);
  });
});

describe('GET /api/exportCustomers', () => {
  it('downloads the filtered customers as CSV with formulas neutralised and quotes escaped', async () => {
    const res = await get('/api/exportCustomers?search=Listtest&referral=Other');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body).toBe(
      '\uFEFFfirstname,lastname,useremail,referral,otherreferral,social_media_link\r\n' +
        '"Cara","Listtest","cara@listtest.example.com","Other","\'=HYPERLINK(""http://evil"")","\'@handle"\r\n',
    );
  });
  it('is for admins only, and refuses bad filters', async () => {
    expect((await get('/api/exportCustomers', accounts.lead.token)).statusCode).toBe(403);
    expect((await get('/api/exportCustomers', null)).statusCode).toBe(401);
    const bad = await get('/api/exportCustomers?activity=sleepy');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('activity');
  });
  it('streams more customers than one batch holds, each once, in name order', async () => {
    const total = 1_111;
    await t.database.db.insert(users).values(
      Array.from({ length: total }, (_, i) => ({
        clientType: 'customer' as const,
        // Few names, so the batches' edges fall inside ties broken by id.
        firstname: `Bulk${i % 3}`,
        lastname: 'Bulktest',
        useremail: `bulk${i}@bulktest.example.com`,
        passwordHash: 'x',
      })),
    );
    const res = await get('/api/exportCustomers?search=Bulktest');
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').slice(1, -1);
    const emails = lines.map((line) => line.split('","')[2]!);
    expect(emails).toHaveLength(total);
    expect(new Set(emails).size).toBe(total);
    const names = lines.map((line) => line.split('","')[0]!.slice(1));
    expect(names).toEqual([...names].sort());
  });
});
