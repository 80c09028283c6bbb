import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FIRST_CUTS_STARTED_PER_DAY, MSG, newYorkClock, promiseLabel } from '@cutroom/domain';
import type { CardDetailReply, DueCardsReply, HitRateReply, PromisePreviewReply } from '@cutroom/domain/schemas';
import { cards, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  // These tests order many requests: no billing-period limit in the way.
  await t.database.db.update(users).set({ subscriptionType: 'unlimited' }).where(eq(users.id, a.customer.id));
});
afterAll(() => t.close());

const request = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const ok = async <T>(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await request(token, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<T>();
};
const preview = (token: string, query = '') => ok<PromisePreviewReply>(token, 'GET', `/api/request/promise${query}`);
const detail = (token: string, id: number) => ok<CardDetailReply>(token, 'GET', `/api/card/${id}`);
const rowOf = async (id: number) => (await t.database.db.select().from(cards).where(eq(cards.id, id)))[0]!;
let titles = 0;
const createRequest = async (token: string, extra: object = {}) =>
  (
    await ok<{ card_id: number }>(token, 'POST', '/api/card', {
      card_title: `Promise test ${++titles} ${Date.now()}`,
      dropbox_link: 'https://www.dropbox.com/sh/raw?dl=0',
      youtube_aspect_ratio: '16:9',
      video_purpose: 'podcast',
      ...extra,
    })
  ).card_id;

describe('the request form preview', () => {
  it('gives the customer a date and a New York label, and the card created next keeps it as its promise', async () => {
    const seen = await preview(a.customer.token);
    expect(seen.expected_at).not.toBeNull();
    expect(seen.label).toBe(promiseLabel(seen.expected_at!));
    expect(newYorkClock(new Date(seen.expected_at!)).minute).toBe(17 * 60);

    const id = await createRequest(a.customer.token);
    const card = await detail(a.customer.token, id);
    expect(card.promised_at).toBe(seen.expected_at);
    expect(card.expected_at).toBe(seen.expected_at);
    expect(card.first_delivered_at).toBeNull();
    // Customers are not told about risk.
    expect(card).not.toHaveProperty('at_risk');
  });

  it('lets an admin preview for a named customer, and refuses a missing or wrong one with 400', async () => {
    const forCustomer = await preview(a.admin.token, `?client_id=${a.customer.id}`);
    expect(forCustomer.expected_at).not.toBeNull();
    const missing = await request(a.admin.token, 'GET', '/api/request/promise');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error_message: MSG.chooseRequestCustomer, field: 'client_id' });
    const notCustomer = await request(a.admin.token, 'GET', `/api/request/promise?client_id=${a.qa.id}`);
    expect(notCustomer.statusCode).toBe(400);
    expect((await request(a.admin.token, 'GET', '/api/request/promise?client_id=abc')).statusCode).toBe(400);
  });

  it('moves later when the QA’s queue fills a working day, and with a holiday on the expected day', async () => {
    const before = await preview(a.customer.token);
    for (let i = 0; i < FIRST_CUTS_STARTED_PER_DAY; i++) {
      await insertCard(t.database.db, { clientId: a.customer.id, assignedQaId: a.qa.id, cardStatus: 'video_request' });
    }
    const after = await preview(a.customer.token);
    expect(Date.parse(after.expected_at!)).toBeGreaterThan(Date.parse(before.expected_at!));

    const id = await createRequest(a.customer.token);
    const promised = (await rowOf(id)).expectedAt!;
    const day = newYorkClock(promised).day;
    const saved = await ok<{ id: number }>(a.admin.token, 'POST', '/api/portal/save-holiday', {
      holiday_title: 'Promise test day',
      holiday_date: day,
    });
    // The holiday changed the calendar: the open card's expected date moved, its promise did not.
    const moved = await rowOf(id);
    expect(moved.expectedAt!.getTime()).toBeGreaterThan(promised.getTime());
    expect(moved.promisedAt!.getTime()).toBe(promised.getTime());
    await ok(a.admin.token, 'POST', '/api/portal/update-holiday', { id: saved.id, is_deleted: 1 });
    expect((await rowOf(id)).expectedAt!.getTime()).toBe(promised.getTime());
  });

  it('moves later while the QA is on leave on the expected day, and back when the leave is deleted', async () => {
    const before = await preview(a.customer.token);
    const today = newYorkClock(new Date()).day;
    const dueDay = newYorkClock(new Date(before.expected_at!)).day;
    const leave = await ok<{ leave_id: number }>(a.admin.token, 'POST', `/api/user/${a.qa.id}/update-leave`, {
      start: today,
      end: dueDay,
      reason: 'Promise test leave',
    });
    const during = await preview(a.customer.token);
    expect(Date.parse(during.expected_at!)).toBeGreaterThan(Date.parse(before.expected_at!));
    expect(newYorkClock(new Date(during.expected_at!)).day > dueDay).toBe(true);
    await ok(a.admin.token, 'DELETE', `/api/leave/${leave.leave_id}/delete-leave`);
    expect((await preview(a.customer.token)).expected_at).toBe(before.expected_at);
  });

  it('refuses the call to staff who do not order requests', async () => {
    expect((await request(a.qa.token, 'GET', '/api/request/promise')).statusCode).toBe(403);
  });
});

/** The next Saturday noon in New York (16:00 or 17:00 UTC), at least a day ahead. */
function nextSaturdayNoon(): string {
  let d = new Date(Date.now() + 86_400_000);
  while (d.getUTCDay() !== 6) d = new Date(d.getTime() + 86_400_000);
  return `${d.toISOString().slice(0, 10)}T17:00:00.000Z`;
}

describe('expected dates on cards', () => {
  it('flags a card for staff when its first cut is expected after the due date, on the card and the due-cards page', async () => {
    const card = await insertCard(t.database.db, {
      clientId: a.customer.id,
      assignedQaId: a.qa.id,
      assignedTo: a.editor.id,
      cardStatus: 'editing',
      timeline: 48,
    });
    const due = nextSaturdayNoon();
    await ok(a.admin.token, 'POST', '/api/card/updateDueDate', { card_id: card.id, due_date: due });
    const staff = await detail(a.admin.token, card.id);
    // Due on a Saturday: the editors deliver on a working day, after it.
    expect(Date.parse(staff.expected_at!)).toBeGreaterThan(Date.parse(due));
    expect(staff.at_risk).toBe(true);
    const dueDay = newYorkClock(new Date(due)).day;
    const listed = await ok<DueCardsReply>(a.admin.token, 'GET', `/api/dueCards?date=${dueDay}`);
    expect(listed.cards.find((c) => c.card_id === card.id)).toMatchObject({
      at_risk: true,
      expected_at: staff.expected_at,
    });

    // A due date the editor can make is not at risk.
    const later = new Date(Date.parse(due) + 3 * 86_400_000).toISOString();
    await ok(a.admin.token, 'POST', '/api/card/updateDueDate', { card_id: card.id, due_date: later });
    expect((await detail(a.admin.token, card.id)).at_risk).toBe(false);
  });

  it('takes a paused card off the queue and puts it back when resumed', async () => {
    const id = await createRequest(a.customer.token);
    await ok(a.admin.token, 'PUT', `/api/v2/card/${id}`, { paused: 1 });
    expect((await rowOf(id)).expectedAt).toBeNull();
    await ok(a.admin.token, 'PUT', `/api/v2/card/${id}`, { paused: 0 });
    expect((await rowOf(id)).expectedAt).not.toBeNull();
  });
});

describe('first delivery and the hit rate', () => {
  const hitRate = (token: string) => ok<HitRateReply>(token, 'GET', '/api/dashboard/promise-hit-rate');
  const deliver = async (id: number) => {
    await ok(a.lead.token, 'POST', `/api/card/${id}/timeline`, { card_status: 'video_request' });
    await ok(a.editor.token, 'POST', `/api/card/${id}/moveToQa`, {
      card_status: 'editing',
      done_video_link: 'https://example.com/v1.mp4',
    });
    await ok(a.qa.token, 'POST', `/api/card/${id}/done`, {
      card_status: 'qa',
      done_link: 'https://example.com/v1.mp4',
      content_id: 'SYNC-1',
    });
  };

  it('records the first arrival in done once, and counts promises kept over the cards the caller sees', async () => {
    const adminBefore = await hitRate(a.admin.token);
    const otherBefore = await hitRate(a.customer2.token);

    const kept = await createRequest(a.customer.token);
    await t.database.db.update(cards).set({ assignedTo: a.editor.id }).where(eq(cards.id, kept));
    await deliver(kept);
    const first = (await rowOf(kept)).firstDeliveredAt!;
    expect(first).not.toBeNull();
    expect((await rowOf(kept)).expectedAt).toBeNull();

    // A revision and a second delivery leave the first arrival as it was.
    await ok(a.customer.token, 'POST', `/api/card/${kept}/revision`, { card_status: 'done' });
    await ok(a.editor.token, 'POST', `/api/card/${kept}/moveToQa`, {
      card_status: 'editing',
      done_video_link: 'https://example.com/v2.mp4',
    });
    await ok(a.qa.token, 'POST', `/api/card/${kept}/done`, {
      card_status: 'qa',
      done_link: 'https://example.com/v2.mp4',
    });
    expect((await rowOf(kept)).firstDeliveredAt!.getTime()).toBe(first.getTime());

    // A broken promise: its date already passed when the cut arrived.
    const broken = await createRequest(a.customer.token);
    await t.database.db
      .update(cards)
      .set({ assignedTo: a.editor.id, promisedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(cards.id, broken));
    await deliver(broken);

    const admin = await hitRate(a.admin.token);
    expect(admin.delivered).toBe(adminBefore.delivered + 2);
    expect(admin.on_time).toBe(adminBefore.on_time + 1);
    expect(admin.hit_rate).toBe(Math.round((admin.on_time / admin.delivered) * 1000) / 10);
    // Another customer's figures don't include these cards.
    expect(await hitRate(a.customer2.token)).toEqual(otherBefore);
  });

  it('answers an empty range with a null rate and a reversed one with 400', async () => {
    const empty = await ok<HitRateReply>(
      a.admin.token,
      'GET',
      '/api/dashboard/promise-hit-rate?start_date=2023-01-01&end_date=2023-01-31',
    );
    expect(empty).toEqual({
      start_date: '2023-01-01',
      end_date: '2023-01-31',
      delivered: 0,
      on_time: 0,
      hit_rate: null,
    });
    const reversed = await request(
      a.admin.token,
      'GET',
      '/api/dashboard/promise-hit-rate?start_date=2024-02-01&end_date=2024-01-01',
    );
    expect(reversed.statusCode).toBe(400);
  });
});
