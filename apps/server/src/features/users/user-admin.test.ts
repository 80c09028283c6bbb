import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { MSG } from '@cutroom/domain';
import { cardRatings, cards, customerQas, users } from '../../db/schema.js';
import { requestAllowance } from '../../kernel/request-allowance.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  accounts = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

type Who = keyof typeof accounts;
const put = (id: number, payload: object, who: Who = 'admin') =>
  t.app.inject({ method: 'PUT', url: `/api/user/${id}`, headers: bearer(accounts[who].token), payload });
const post = (url: string, who: Who = 'admin', payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(accounts[who].token), payload });
const rowOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const qaSlotsOf = async (id: number) =>
  (await t.database.db.select().from(customerQas).where(eq(customerQas.customerId, id)).orderBy(customerQas.slot)).map(
    (s) => s.qaId,
  );

let seq = 0;
/** A fresh account through the admin API, so each test starts from its own user. */
async function newUser(customer_type: string, extra: object = {}) {
  const res = await post('/api/user', 'admin', {
    firstname: 'Fresh',
    lastname: `User${++seq}`,
    email: `fresh-${seq}-${Date.now()}@example.com`,
    password: 'first-password',
    customer_type,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ client_id: number }>().client_id;
}
const login = (email: string, password = 'first-password') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { useremail: email, password } });

const tokenOf = async (id: number) =>
  (await login((await rowOf(id)).useremail)).json<{ access_token: string }>().access_token;
const changeOwnPassword = (token: string, password = 'own-password-1') =>
  t.app.inject({ method: 'PUT', url: '/api/change-password', headers: bearer(token), payload: { password } });
/** A session of a user the admin created, after they replaced the temporary password (as the portal makes them). */
async function ownPasswordToken(id: number) {
  const token = await tokenOf(id);
  expect((await changeOwnPassword(token)).statusCode).toBe(200);
  return token;
}

describe('PUT /api/user/:id', () => {
  it('an admin changes the fields sent, and only those, and gets the user back', async () => {
    const qa2 = await newUser('qa');
    const helper2 = await newUser('yt-helper');
    const id = await newUser('customer', { assign_qa: [accounts.qa.id] });
    const res = await put(id, {
      firstname: 'Renamed',
      timezone: 'America/Chicago',
      assign_qa: [qa2, accounts.qa.id],
      assign_yt_helper: [accounts.helper.id, helper2],
      assigned_to_lead_id: accounts.lead.id,
      mailPreferences: { card_comment: false },
      done_video_limit: 3,
      subscription_type: 'custom',
      custom_subscription: 7,
      request_limit: 9,
      has_subtitles: 1,
      has_youtube_helper: true,
      billing_date: '2025-01-15',
      team_notes: 'Prefers short intros',
      updatedFromProfile: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'User Renamed User' + String(seq) + ' updated',
      user: {
        firstname: 'Renamed',
        lastname: `User${seq}`,
        timezone: 'America/Chicago',
        qas: [{ client_id: qa2 }, { client_id: accounts.qa.id }],
        yt_helpers: [{ client_id: accounts.helper.id }, { client_id: helper2 }],
        assigned_to_lead_id: accounts.lead.id,
        mailPreferences: { card_movement: 1, card_comment: 0, card_comment_tag: 1 },
        done_video_limit: 3,
        subscription_type: 'custom',
        custom_subscription: 7,
        request_limit: 9,
        has_subtitles: true,
        has_youtube_helper: true,
        billing_date: '2025-01-15T00:00:00.000Z',
        team_notes: 'Prefers short intros',
      },
    });
    // Leaving the custom plan clears its number.
    const weekly = await put(id, { subscription_type: 'weekly' });
    expect(weekly.json()).toMatchObject({ user: { subscription_type: 'weekly', custom_subscription: null } });
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const id = await newUser('customer', { assign_qa: [accounts.qa.id] });
    const before = await rowOf(id);
    const editor = await newUser('editor');
    const cases: [number, object, string][] = [
      [id, { done_video_limit: 5 }, 'done_video_limit'],
      [id, { done_video_limit: 0 }, 'done_video_limit'],
      [id, { custom_subscription: 101 }, 'custom_subscription'],
      [id, { subscription_type: 'custom' }, 'custom_subscription'],
      [id, { subscription_type: 'gold' }, 'subscription_type'],
      [id, { assign_qa: [accounts.qa.id, accounts.qa.id] }, 'assign_qa'],
      [id, { assign_qa: [accounts.editor.id] }, 'assign_qa'],
      [id, { assign_qa: [accounts.qa.id, 999_999] }, 'assign_qa'],
      [id, { assign_yt_helper: [accounts.helper.id, accounts.helper.id] }, 'assign_yt_helper'],
      [id, { assign_yt_helper: [1, 2, 3] }, 'assign_yt_helper'],
      [id, { assign_yt_helper: [accounts.qa.id] }, 'assign_yt_helper'],
      [id, { assigned_to_lead_id: accounts.editor.id }, 'assigned_to_lead_id'],
      [id, { useremail: 'not-an-email' }, 'useremail'],
      [id, { secondary_email: 'ok@example.com, broken' }, 'secondary_email'],
      [id, { timezone: 'Mars/Base' }, 'timezone'],
      [id, { billing_date: 'yesterday' }, 'billing_date'],
      [id, { request_limit: -1 }, 'request_limit'],
      [id, { mailPreferences: { card_movement: 'yes' } }, 'mailPreferences.card_movement'],
      [id, { client_type: 'wizard' }, 'client_type'],
      [id, { firstname: '' }, 'firstname'],
      [editor, { subscription_type: 'weekly' }, 'subscription_type'],
      [editor, { assign_qa: [accounts.qa.id] }, 'assign_qa'],
      [editor, { client_type: 'admin', assigned_to_lead_id: accounts.lead.id }, 'assigned_to_lead_id'],
    ];
    for (const [target, payload, field] of cases) {
      const res = await put(target, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ field });
      expect(res.json().error_message).toBeTruthy();
    }
    expect(await rowOf(id)).toEqual(before);
    expect(await qaSlotsOf(id)).toEqual([accounts.qa.id]);
    const taken = await put(id, { useremail: accounts.qa.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().field).toBe('useremail');
  });

  it('gives four QA slots only with the extra-slot flag', async () => {
    const qas = [accounts.qa.id, await newUser('qa'), await newUser('qa'), await newUser('qa')];
    const id = await newUser('customer');
    const four = await put(id, { assign_qa: qas });
    expect(four.statusCode).toBe(400);
    expect(four.json()).toMatchObject({ field: 'assign_qa', error_message: 'At most 3 QA can be assigned' });
    const withFlag = await put(id, { extra_qa_slot: true, assign_qa: qas });
    expect(withFlag.statusCode).toBe(200);
    expect(await qaSlotsOf(id)).toEqual(qas);
    const dropFlag = await put(id, { extra_qa_slot: false });
    expect(dropFlag.statusCode).toBe(400);
    expect(dropFlag.json().field).toBe('extra_qa_slot');
    expect((await put(id, { extra_qa_slot: false, assign_qa: qas.slice(0, 2) })).statusCode).toBe(200);
    expect(await qaSlotsOf(id)).toEqual(qas.slice(0, 2));
  });

  it("a customer can't change their plan, limits, slots or role: 403 and nothing changes", async () => {
    const id = accounts.customer.id;
    const before = await rowOf(id);
    const slots = await qaSlotsOf(id);
    const escalations: object[] = [
      { subscription_type: 'unlimited' },
      { custom_subscription: 100 },
      { request_limit: 1000 },
      { done_video_limit: 4 },
      { assign_qa: [accounts.qa.id] },
      { extra_qa_slot: true },
      { assign_yt_helper: [accounts.helper.id] },
      { has_youtube_helper: true },
      { has_subtitles: true },
      { billing_date: '2030-01-01' },
      { client_type: 'admin' },
      { assigned_to_lead_id: accounts.lead.id },
      { team_notes: 'mine now' },
      { useremail: 'elsewhere@example.com' },
      { firstname: 'Sneaky', request_limit: 50 },
    ];
    for (const payload of escalations) {
      const res = await put(id, payload, 'customer');
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().error_message).toBeTruthy();
    }
    expect(await rowOf(id)).toEqual(before);
    expect(await qaSlotsOf(id)).toEqual(slots);
    // Their own name, zone and mail preferences are theirs to change; team notes stay hidden.
    const own = await put(
      id,
      { lastname: 'Creator', timezone: 'Asia/Manila', mailPreferences: { card_movement: 0 } },
      'customer',
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().user).toMatchObject({ timezone: 'Asia/Manila', mailPreferences: { card_movement: 0 } });
    expect(own.json().user).not.toHaveProperty('team_notes');
  });

  it('who may change what: lead fields for leads, 403 for the seen, 404 for the unseen', async () => {
    const customer = accounts.customer.id;
    // The team lead sees the customer (their QA's) and sets QA slots and notes, nothing else.
    expect((await put(customer, { team_notes: 'From the lead' }, 'lead')).statusCode).toBe(200);
    expect((await put(customer, { assign_qa: [accounts.qa.id] }, 'lead')).statusCode).toBe(200);
    expect((await put(customer, { subscription_type: 'unlimited' }, 'lead')).statusCode).toBe(403);
    expect((await put(customer, { has_youtube_helper: true }, 'lead')).statusCode).toBe(403);
    // The helper lead sees a customer with the helper plan and sets the helper plan and helpers.
    const helpers = await put(
      customer,
      { has_youtube_helper: 1, assign_yt_helper: [accounts.helper.id] },
      'helperLead',
    );
    expect(helpers.statusCode, helpers.body).toBe(200);
    expect((await put(customer, { team_notes: 'x' }, 'helperLead')).statusCode).toBe(403);
    // Seen but not theirs to change.
    expect((await put(customer, { team_notes: 'x' }, 'qa')).statusCode).toBe(403);
    expect((await put(customer, { team_notes: 'x' }, 'helper')).statusCode).toBe(403);
    expect((await put(accounts.qa.id, { firstname: 'Q' }, 'lead')).statusCode).toBe(403);
    // Not seen at all.
    expect((await put(customer, { team_notes: 'x' }, 'editor')).statusCode).toBe(404);
    expect((await put(customer, { firstname: 'x' }, 'customer2')).statusCode).toBe(404);
    expect((await put(999_999, { firstname: 'x' })).statusCode).toBe(404);
    // An admin can't change their own role.
    const self = await put(accounts.admin.id, { client_type: 'editor' });
    expect(self.statusCode).toBe(403);
    expect(self.json().field).toBe('client_type');
    expect((await rowOf(customer)).teamNotes).toBe('From the lead');
  });

  it("a team lead assigns only their own team's QAs (403 otherwise, nothing changes); one already in a slot may stay", async () => {
    const ownQa = await newUser('qa', { assign_team_lead: accounts.lead.id });
    const otherLead = await newUser('team-lead');
    const otherQa = await newUser('qa', { assign_team_lead: otherLead });
    const otherQa2 = await newUser('qa', { assign_team_lead: otherLead });
    const loneQa = await newUser('qa');
    const customer = await newUser('customer', { assign_qa: [accounts.qa.id, otherQa] });

    for (const stranger of [otherQa2, loneQa]) {
      const refused = await put(customer, { assign_qa: [accounts.qa.id, ownQa, stranger] }, 'lead');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'FORBIDDEN',
        field: 'assign_qa',
        error_message: MSG.qaNotInYourTeam,
      });
    }
    expect(await qaSlotsOf(customer)).toEqual([accounts.qa.id, otherQa]);
    // The other team's QA was placed by admin and stays; the lead adds one of their own.
    const kept = await put(customer, { assign_qa: [otherQa, ownQa] }, 'lead');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await qaSlotsOf(customer)).toEqual([otherQa, ownQa]);
    // Dropped, the other team's QA can't come back through the lead; admin still assigns anyone.
    expect((await put(customer, { assign_qa: [ownQa] }, 'lead')).statusCode).toBe(200);
    expect((await put(customer, { assign_qa: [ownQa, otherQa] }, 'lead')).statusCode).toBe(403);
    expect((await put(customer, { assign_qa: [ownQa, otherQa, loneQa] })).statusCode).toBe(200);
    // Team notes stay the lead's.
    expect((await put(customer, { team_notes: 'Lead note' }, 'lead')).statusCode).toBe(200);
  });

  it('the YouTube-helper lead opens every customer and turns the helper plan on and off; the customer stays in sight', async () => {
    const id = await newUser('customer', { assign_qa: [accounts.qa.id] });
    const get = () =>
      t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(accounts.helperLead.token) });
    const listed = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/customers?limit=100&search=${encodeURIComponent((await rowOf(id)).lastname)}`,
        headers: bearer(accounts.helperLead.token),
      });
      return res.json<{ customers: { client_id: number }[] }>().customers.map((c) => c.client_id);
    };
    expect((await get()).json()).toMatchObject({ client_id: id, has_youtube_helper: false });
    expect(await listed()).toEqual([id]);

    const on = await put(id, { has_youtube_helper: true, assign_yt_helper: [accounts.helper.id] }, 'helperLead');
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().user).toMatchObject({ has_youtube_helper: true, yt_helpers: [{ client_id: accounts.helper.id }] });
    const off = await put(id, { has_youtube_helper: 0 }, 'helperLead');
    expect(off.statusCode).toBe(200);
    expect((await get()).json()).toMatchObject({ has_youtube_helper: false });
    expect(await listed()).toEqual([id]);
    // Only the helper fields are theirs.
    for (const body of [{ team_notes: 'x' }, { assign_qa: [accounts.qa.id] }, { subscription_type: 'weekly' }])
      expect((await put(id, body, 'helperLead')).statusCode).toBe(403);
    // The whole list and its counters are the admin's, customer for customer.
    const count = async (who: Who) =>
      (await t.app.inject({ method: 'GET', url: '/api/customers', headers: bearer(accounts[who].token) })).json<{
        count: number;
        counters: object;
      }>();
    expect(await count('helperLead')).toEqual(await count('admin'));
  });

  it('a new type clears the team lead and the slots of the old role, and signs the user out', async () => {
    const qaId = await newUser('qa', { assign_team_lead: accounts.lead.id });
    const customer = await newUser('customer', { assign_qa: [qaId] });
    const [qaRow] = await t.database.db.select().from(users).where(eq(users.id, qaId));
    const session = await login(qaRow!.useremail);
    const token = session.json<{ access_token: string }>().access_token;
    const res = await put(qaId, { client_type: 'editor' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ client_type: 'editor', assigned_to_lead_id: null });
    expect(await qaSlotsOf(customer)).toEqual([]);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    // A fitting lead may come with the new type.
    const back = await put(qaId, { client_type: 'qa', assigned_to_lead_id: accounts.lead.id });
    expect(back.json().user).toMatchObject({ client_type: 'qa', assigned_to_lead_id: accounts.lead.id });
  });

  it('two concurrent slot changes leave one of the two sets, whole', async () => {
    const qas = [accounts.qa.id, await newUser('qa'), await newUser('qa'), await newUser('qa')];
    const id = await newUser('customer');
    const a = [qas[0]!, qas[1]!, qas[2]!];
    const b = [qas[3]!, qas[2]!];
    for (let round = 0; round < 5; round++) {
      const [ra, rb] = await Promise.all([put(id, { assign_qa: a }), put(id, { assign_qa: b })]);
      expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
      const slots = await qaSlotsOf(id);
      expect([JSON.stringify(a), JSON.stringify(b)]).toContain(JSON.stringify(slots));
    }
  });
});

describe('DELETE /api/user/:id', () => {
  it('soft-deletes: login refused and sessions ended, cards stay', async () => {
    const id = await newUser('customer', { assign_qa: [accounts.qa.id] });
    const row = await rowOf(id);
    const session = await login(row.useremail);
    expect(session.statusCode).toBe(200);
    const token = session.json<{ access_token: string }>().access_token;
    const card = await insertCard(t.database.db, { clientId: id });

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/user/${id}`, headers: bearer(accounts.lead.token) }))
        .statusCode,
    ).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${id}`, headers: bearer(accounts.admin.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.userDeleted });

    expect((await login(row.useremail)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.database.db.select().from(cards).where(eq(cards.id, card.id))).length).toBe(1);
    expect((await rowOf(id)).isDeleted).toBe(true);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/customers?limit=100',
      headers: bearer(accounts.admin.token),
    });
    expect(list.json<{ customers: { client_id: number }[] }>().customers.map((c) => c.client_id)).not.toContain(id);
  });

  it('a deleted QA leaves the slots they held; an admin cannot delete themselves; unknown ids are 404', async () => {
    const qa = await newUser('qa');
    const customer = await newUser('customer', { assign_qa: [accounts.qa.id, qa] });
    const del = (id: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/user/${id}`, headers: bearer(accounts.admin.token) });
    expect((await del(qa)).statusCode).toBe(200);
    expect(await qaSlotsOf(customer)).toEqual([accounts.qa.id]);
    expect((await del(accounts.admin.id)).statusCode).toBe(403);
    expect((await del(999_999)).statusCode).toBe(404);
  });
});

describe('subscriptions', () => {
  it('toggle flips or sets the state; an inactive customer cannot create requests, nor an admin for them', async () => {
    const id = await newUser('customer', { assign_qa: [accounts.qa.id], subscription_type: 'unlimited' });
    const token = await ownPasswordToken(id);
    const request = (as: string, body: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/card',
        headers: bearer(as),
        payload: {
          card_title: `Request ${++seq}`,
          dropbox_link: 'https://www.dropbox.com/sh/raw?dl=0',
          youtube_aspect_ratio: '16:9',
          video_purpose: 'podcast',
          ...body,
        },
      });

    expect((await post(`/api/user/${id}/toggleUserSubscription`, 'customer')).statusCode).toBe(403);
    const off = await post(`/api/user/${id}/toggleUserSubscription`, 'admin', { client_id: id });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ success: true, message: MSG.statusUpdated, is_active_subscription: false });

    const own = await request(token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'SUBSCRIPTION_INACTIVE', error_message: MSG.subscriptionInactive });
    const forThem = await request(accounts.admin.token, { client_id: id });
    expect(forThem.statusCode).toBe(403);
    expect(forThem.json()).toMatchObject({
      code: 'SUBSCRIPTION_INACTIVE',
      error_message: MSG.customerSubscriptionInactive,
    });
    expect(await requestAllowance(t.database.db, id)).toMatchObject({
      blocked: 'inactive',
      message: MSG.subscriptionInactive,
    });

    const on = await post(`/api/user/${id}/toggleUserSubscription`, 'admin', { is_active_subscription: 1 });
    expect(on.json()).toMatchObject({ is_active_subscription: true });
    expect((await request(token)).statusCode).toBe(201);

    const mismatch = await post(`/api/user/${id}/toggleUserSubscription`, 'admin', { client_id: id + 1 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().field).toBe('client_id');
    const staff = await post(`/api/user/${accounts.editor.id}/toggleUserSubscription`);
    expect(staff.statusCode).toBe(400);
    expect((await post('/api/user/999999/toggleUserSubscription')).statusCode).toBe(404);
  });

  it('renew re-activates and starts a new billing period now', async () => {
    const id = await newUser('customer', { assign_qa: [accounts.qa.id] });
    await t.database.db
      .update(users)
      .set({ isActiveSubscription: false, billingDate: new Date('2024-01-01T00:00:00Z') })
      .where(eq(users.id, id));
    expect((await post(`/api/user/${id}/renewSubscription`, 'lead')).statusCode).toBe(403);
    const startedAt = Date.now();
    const res = await post(`/api/user/${id}/renewSubscription`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: MSG.subscriptionRenewed, is_active_subscription: true });
    const row = await rowOf(id);
    expect(row.isActiveSubscription).toBe(true);
    expect(row.billingDate!.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
  });
});

describe('GET /api/user/:id/average-rating', () => {
  it("averages a customer's card ratings and a QA's rated cards to 2 decimals; unseen users are 404", async () => {
    const qa = await newUser('qa');
    const customer = await newUser('customer', { assign_qa: [qa] });
    const empty = await t.app.inject({
      method: 'GET',
      url: `/api/user/${customer}/average-rating`,
      headers: bearer(accounts.admin.token),
    });
    expect(empty.json()).toEqual({ average_rating: 0, rated_videos: 0 });
    for (const rating of [5, 4, 4]) {
      const card = await insertCard(t.database.db, { clientId: customer });
      await t.database.db.insert(cardRatings).values({ cardId: card.id, cardType: 'done', rating, assignedQaId: qa });
    }
    const get = (id: number, who: Who = 'admin') =>
      t.app.inject({ method: 'GET', url: `/api/user/${id}/average-rating`, headers: bearer(accounts[who].token) });
    expect((await get(customer)).json()).toEqual({ average_rating: 4.33, rated_videos: 3 });
    expect((await get(qa)).json()).toEqual({ average_rating: 4.33, rated_videos: 3 });
    expect((await get(customer, 'customer2')).statusCode).toBe(404);
    expect((await get(customer, 'editor')).statusCode).toBe(404);
    expect((await get(accounts.customer.id, 'customer')).statusCode).toBe(200);
  });
});

describe('temporary password', () => {
  const newRequest = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/card',
      headers: bearer(token),
      payload: {
        card_title: `Temporary ${++seq}`,
        dropbox_link: 'https://www.dropbox.com/sh/raw?dl=0',
        youtube_aspect_ratio: '16:9',
        video_purpose: 'podcast',
      },
    });

  it('a user with a temporary password changes it before writing anything else; reads and the profile page work', async () => {
    const id = await newUser('customer', { assign_qa: [accounts.qa.id] });
    const token = await tokenOf(id);
    const refused = [
      await newRequest(token),
      await t.app.inject({
        method: 'PUT',
        url: `/api/user/${id}`,
        headers: bearer(token),
        payload: { timezone: 'UTC' },
      }),
      await t.app.inject({ method: 'POST', url: '/api/inbox/create', headers: bearer(token), payload: {} }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'PASSWORD_CHANGE_REQUIRED', error_message: MSG.passwordChangeRequired });
    }
    expect(await t.database.db.select().from(cards).where(eq(cards.clientId, id))).toHaveLength(0);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ is_temporary_password: true });
    // The registration form may be saved first.
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: bearer(token),
      payload: { dropbox_email: 'footage@example.com' },
    });
    expect(profile.statusCode, profile.body).toBe(200);

    expect((await changeOwnPassword(token)).statusCode).toBe(200);
    // At once, on the same session: the cached session forgot the old flag.
    expect((await newRequest(token)).statusCode).toBe(201);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(after.json()).toMatchObject({ is_temporary_password: false });
  });

  it('a password an admin sets is temporary again; the user can still log out', async () => {
    const id = await newUser('editor');
    await ownPasswordToken(id);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/change-password',
      headers: bearer(accounts.admin.token),
      payload: { client_id: id, password: 'first-password' },
    });
    expect(set.statusCode).toBe(200);
    const token = await tokenOf(id);
    const write = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${id}`,
      headers: bearer(token),
      payload: { timezone: 'UTC' },
    });
    expect(write.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    // Nobody else's password is set from a temporary one.
    const other = await t.app.inject({
      method: 'PUT',
      url: '/api/change-password',
      headers: bearer(token),
      payload: { client_id: accounts.qa.id, password: 'hijacked-pass' },
    });
    expect(other.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('the demo accounts (admin included) do not carry a temporary password', async () => {
    const demo = Object.values(accounts).map((a) => a.id);
    const seeded = await t.database.db
      .select({ id: users.id, temporary: users.isTemporaryPassword })
      .from(users)
      .where(inArray(users.id, demo));
    expect(seeded).toHaveLength(demo.length);
    expect(seeded.filter((r) => r.temporary)).toEqual([]);
  });
});
