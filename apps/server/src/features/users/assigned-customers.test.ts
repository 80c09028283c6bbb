import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  accounts = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

type Caller = keyof typeof accounts;
const customersOf = (personId: number, caller: Caller = 'admin', query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/user/${personId}/customers${query}`,
    headers: bearer(accounts[caller].token),
  });
const names = (res: Awaited<ReturnType<typeof customersOf>>) =>
  res.json<{ customers: { fullname: string }[] }>().customers.map((c) => c.fullname);

describe('GET /api/user/:id/customers (the assignee table)', () => {
  it("lists a QA's customers by name with their last login and plan", async () => {
    const lastLogin = new Date('2026-01-02T03:04:05.000Z');
    await t.database.db.update(users).set({ lastLoginTime: lastLogin }).where(eq(users.id, accounts.customer.id));
    await t.database.db.update(users).set({ lastLoginTime: null }).where(eq(users.id, accounts.customer2.id));

    const res = await customersOf(accounts.qa.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      count: 2,
      customers: [
        {
          client_id: accounts.customer.id,
          fullname: 'Cleo Creator',
          useremail: accounts.customer.email,
          subscription_type: 'weekly',
          custom_subscription: null,
          is_active_subscription: true,
          last_login_time: lastLogin.toISOString(),
        },
        expect.objectContaining({ client_id: accounts.customer2.id, fullname: 'Max Maker', last_login_time: null }),
      ],
    });
  });

  it("gives a lead their team's customers, a helper their slots' and the helper lead the helper plan's", async () => {
    expect(names(await customersOf(accounts.lead.id))).toEqual(['Cleo Creator', 'Max Maker']);
    expect(names(await customersOf(accounts.helper.id))).toEqual(['Cleo Creator']);
    expect(names(await customersOf(accounts.helperLead.id))).toEqual(['Cleo Creator']);
  });

  it('is empty for people who hold no customers (admin, editor)', async () => {
    for (const id of [accounts.admin.id, accounts.editor.id]) {
      expect((await customersOf(id)).json()).toEqual({ customers: [], count: 0 });
    }
  });

  it('pages 10 by default, takes offset, limit and a name search', async () => {
    const page = await customersOf(accounts.qa.id, 'admin', '?offset=1&limit=1');
    expect(page.json()).toMatchObject({ count: 2, customers: [{ fullname: 'Max Maker' }] });
    const found = await customersOf(accounts.qa.id, 'admin', '?search=cleo');
    expect(found.json()).toMatchObject({ count: 1, customers: [{ fullname: 'Cleo Creator' }] });
  });

  it("narrows to what the caller sees: a QA on their lead's profile gets only their own customers", async () => {
    const create = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/user', headers: bearer(accounts.admin.token), payload });
    const base = { lastname: 'Teammate', password: 'first-password' };
    const qa2 = await create({
      ...base,
      firstname: 'Rita',
      email: 'rita@example.com',
      customer_type: 'qa',
      assign_team_lead: accounts.lead.id,
    });
    await create({
      ...base,
      firstname: 'Bea',
      email: 'bea@example.com',
      customer_type: 'customer',
      assign_qa: [qa2.json<{ client_id: number }>().client_id],
    });

    expect(names(await customersOf(accounts.lead.id))).toEqual(['Bea Teammate', 'Cleo Creator', 'Max Maker']);
    expect(names(await customersOf(accounts.lead.id, 'lead'))).toEqual(['Bea Teammate', 'Cleo Creator', 'Max Maker']);
    expect(names(await customersOf(accounts.lead.id, 'qa'))).toEqual(['Cleo Creator', 'Max Maker']);
    expect(names(await customersOf(accounts.qa.id, 'qa'))).toEqual(['Cleo Creator', 'Max Maker']);
  });

  it('leaves out deleted customers', async () => {
    await t.database.db.update(users).set({ isDeleted: true }).where(eq(users.id, accounts.customer2.id));
    try {
      expect(names(await customersOf(accounts.qa.id))).toEqual(['Cleo Creator']);
    } finally {
      await t.database.db.update(users).set({ isDeleted: false }).where(eq(users.id, accounts.customer2.id));
    }
  });

  it('is 404 for a person the caller may not see, 403 for customers and editors, 400 for a bad page', async () => {
    expect((await customersOf(accounts.helper.id, 'qa')).statusCode).toBe(404);
    expect((await customersOf(999_999)).statusCode).toBe(404);
    expect((await customersOf(accounts.qa.id, 'customer')).statusCode).toBe(403);
    expect((await customersOf(accounts.qa.id, 'editor')).statusCode).toBe(403);
    const bad = await customersOf(accounts.qa.id, 'admin', '?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', field: 'limit' });
  });
});
