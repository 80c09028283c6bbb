import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, ROLES } from '@cutroom/domain';
import { customerQas, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  accounts = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const createUser = (payload: object, token = accounts.admin.token) =>
  t.app.inject({ method: 'POST', url: '/api/user', headers: bearer(token), payload });
const base = { firstname: 'New', lastname: 'Person', password: 'first-password' };

describe('POST /api/user', () => {
  it.each(ROLES)('creates a %s with a temporary password that can log in', async (role) => {
    const email = `new-${role}@example.com`;
    const res = await createUser({ ...base, email, customer_type: role });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ client_id: number; entity: { client_id: number }; message: string }>();
    expect(body).toMatchObject({ message: MSG.userCreated, entity: { client_id: body.client_id } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { useremail: email, password: base.password },
    });
    expect(login.json()).toMatchObject({ client_type: role });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(login.json().access_token) });
    expect(me.json()).toMatchObject({ is_temporary_password: true, is_profile_completed: role !== 'customer' });
  });

  it('assigns QA slots and a team lead to a customer', async () => {
    const res = await createUser({
      ...base,
      email: 'slotted@example.com',
      customer_type: 'customer',
      assign_team_lead: accounts.lead.id,
      assign_qa: [accounts.qa.id],
      subscription_type: 'custom',
      custom_subscription: 12,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().client_id as number;
    const slots = await t.database.db.select().from(customerQas).where(eq(customerQas.customerId, id));
    expect(slots).toEqual([{ customerId: id, qaId: accounts.qa.id, slot: 0 }]);
    const view = await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(accounts.lead.token) });
    expect(view.json()).toMatchObject({
      subscription_type: 'custom',
      custom_subscription: 12,
      qas: [{ client_id: accounts.qa.id }],
    });
  });

  it('takes custom_subscription: null as absent, as clients send it for a plan that is not custom', async () => {
    const res = await createUser({
      ...base,
      email: 'null-custom@example.com',
      customer_type: 'customer',
      subscription_type: 'weekly',
      custom_subscription: null,
    });
    expect(res.statusCode).toBe(201);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/user/${res.json().client_id as number}`,
      headers: bearer(accounts.admin.token),
    });
    expect(view.json()).toMatchObject({ subscription_type: 'weekly', custom_subscription: null });
    const custom = await createUser({
      ...base,
      email: 'null-custom-2@example.com',
      customer_type: 'customer',
      subscription_type: 'custom',
      custom_subscription: null,
    });
    expect(custom.statusCode).toBe(400);
    expect(custom.json().field).toBe('custom_subscription');
  });

  it('refuses bad input with a named field and changes nothing', async () => {
    const before = (await t.database.db.select().from(users)).length;
    const cases: [object, string][] = [
      [{ ...base, email: 'a@example.com', customer_type: 'wizard' }, 'customer_type'],
      [{ ...base, email: 'a@example.com', customer_type: 'customer', assign_qa: [accounts.editor.id] }, 'assign_qa'],
      [
        { ...base, email: 'a@example.com', customer_type: 'customer', assign_qa: [accounts.qa.id, accounts.qa.id] },
        'assign_qa',
      ],
      [
        { ...base, email: 'a@example.com', customer_type: 'qa', assign_team_lead: accounts.editor.id },
        'assign_team_lead',
      ],
      [
        { ...base, email: 'a@example.com', customer_type: 'admin', assign_team_lead: accounts.lead.id },
        'assign_team_lead',
      ],
      [
        { ...base, email: 'a@example.com', customer_type: 'customer', subscription_type: 'custom' },
        'custom_subscription',
      ],
      [{ ...base, email: 'a@example.com', customer_type: 'editor', subscription_type: 'weekly' }, 'subscription_type'],
      [{ ...base, email: 'a@example.com', customer_type: 'editor', password: 'short' }, 'password'],
    ];
    for (const [payload, field] of cases) {
      const res = await createUser(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const dup = await createUser({ ...base, email: accounts.qa.email.toUpperCase(), customer_type: 'qa' });
    expect(dup.statusCode).toBe(409);
    expect((await t.database.db.select().from(users)).length).toBe(before);
  });
});

describe('lists', () => {
  it('GET /api/users lists staff only, searchable', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users?search=cutter',
      headers: bearer(accounts.admin.token),
    });
    expect(res.json()).toMatchObject({ count: 1, users: [{ client_id: accounts.editor.id, client_type: 'editor' }] });
    const all = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(accounts.admin.token) });
    expect(all.json<{ users: { client_type: string }[] }>().users.every((u) => u.client_type !== 'customer')).toBe(
      true,
    );
  });

  it("a team lead sees their team and the customers it serves, nobody else's", async () => {
    const team = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(accounts.lead.token) });
    const ids = team
      .json<{ users: { client_id: number }[] }>()
      .users.map((u) => u.client_id)
      .sort();
    expect(ids).toEqual([accounts.lead.id, accounts.qa.id, accounts.editor.id].sort());
    const customers = await t.app.inject({
      method: 'GET',
      url: '/api/customers',
      headers: bearer(accounts.lead.token),
    });
    const customerIds = customers.json<{ customers: { client_id: number }[] }>().customers.map((u) => u.client_id);
    expect(customerIds).toContain(accounts.customer.id);
    expect(customerIds).toContain(accounts.customer2.id);
  });

  it('a YouTube helper sees only the customers they help', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/customers', headers: bearer(accounts.helper.token) });
    expect(res.json<{ customers: { client_id: number }[] }>().customers.map((c) => c.client_id)).toEqual([
      accounts.customer.id,
    ]);
  });

  it('hides team notes and plans of other customers from customers, and rejects bad paging', async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/user/${accounts.customer.id}`,
      headers: bearer(accounts.customer.token),
    });
    expect(own.json()).toMatchObject({ subscription_type: 'weekly' });
    expect(own.json()).not.toHaveProperty('team_notes');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/users?limit=5000',
      headers: bearer(accounts.admin.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('limit');
    const badId = await t.app.inject({ method: 'GET', url: '/api/user/abc', headers: bearer(accounts.admin.token) });
    expect(badId.statusCode).toBe(400);
  });
});
