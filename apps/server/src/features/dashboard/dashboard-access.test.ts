import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@cutroom/domain';
import type { ClientDashboardReply, DashboardReply, ResponseRateReply } from '@cutroom/domain/schemas';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard } from '../../test/helpers.js';
import { RANGE, seedReports } from './reports.fixture.js';

/** Who sees which rows, cards and people on the dashboards and profiles, and which ranges are refused. */
let t: TestApp;
let w: Awaited<ReturnType<typeof seedReports>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await seedReports(t.database.db);
});
afterAll(() => t.close());

const call = (token: string, url: string, zone = 'America/New_York') =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'user-time-zone': zone } });
const ok = async <T>(token: string, url: string): Promise<T> => {
  const res = await call(token, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const status = async (token: string, url: string) => (await call(token, url)).statusCode;

describe('dashboard rows by role', () => {
  it('a QA sees only their own row, on the one tab they have', async () => {
    const reply = await ok<DashboardReply>(w.qa.token, `/api/dashboard-data-V2?${RANGE}`);
    expect(reply.tabs).toEqual(['QaTab']);
    expect(reply.editor_stats.map((r) => [r.user_id, r.total_request])).toEqual([[w.qa.id, 6]]);
    // A tab their role lacks is one they may not see.
    expect(await status(w.qa.token, `/api/dashboard-data-V2?${RANGE}&tab=TeamLeadTab`)).toBe(404);
    expect(await status(w.qa.token, `/api/art-dashboard-data?${RANGE}&tab=customerTab`)).toBe(404);
  });

  it("a team lead sees their team's QAs and their own lead row; the helper lead only helpers", async () => {
    const qaTab = await ok<DashboardReply>(w.lead2.token, `/api/dashboard-data-V2?${RANGE}&tab=QaTab`);
    expect(qaTab.editor_stats.map((r) => r.user_id)).toEqual([w.qa3.id]);
    expect(qaTab.video_stats.total_videos).toBe(1);
    const leads = await ok<DashboardReply>(w.lead2.token, `/api/dashboard-data-V2?${RANGE}&tab=TeamLeadTab`);
    expect(leads.team_lead_data.map((r) => r.user_id)).toEqual([w.lead2.id]);
    const customers = await ok<DashboardReply>(w.lead2.token, `/api/dashboard-data-V2?${RANGE}&tab=customerTab`);
    expect(customers.customer_data.customers.map((r) => r.client_id)).toEqual([w.customer3.id]);
    expect(customers.customer_data.customer_stats.total_customers).toBe(1);

    const helpers = await ok<DashboardReply>(w.helperLead.token, `/api/dashboard-data-V2?${RANGE}`);
    expect(helpers.tab).toBe('YTHelperTab');
    expect(helpers.yt_helper_data.map((r) => r.user_id)).toEqual([w.helper.id]);
    // The helper lead sees the cards with a helper: C1 and D1.
    expect(helpers.video_stats.total_videos).toBe(2);
    expect(await status(w.helperLead.token, `/api/dashboard-data-V2?${RANGE}&tab=QaTab`)).toBe(404);
  });

  it('refuses the staff dashboards to customers, editors and helpers', async () => {
    for (const token of [w.customer.token, w.editor.token, w.helper.token]) {
      expect(await status(token, `/api/dashboard-data-V2?${RANGE}`)).toBe(403);
      expect(await status(token, `/api/art-dashboard-data?${RANGE}`)).toBe(403);
    }
  });

  it('marks a QA who has left the role but has figures in the range', async () => {
    const gone = await ok<DashboardReply>(w.admin.token, `/api/dashboard-data-V2?${RANGE}&tab=QaTab`);
    expect(gone.editor_stats.every((r) => !r.teamLeadUpdated)).toBe(true);
    await t.database.db.update(users).set({ clientType: 'editor' }).where(eq(users.id, w.qa3.id));
    try {
      const reply = await ok<DashboardReply>(w.admin.token, `/api/dashboard-data-V2?${RANGE}&tab=QaTab`);
      expect(reply.editor_stats.find((r) => r.user_id === w.qa3.id)).toMatchObject({
        teamLeadUpdated: true,
        total_request: 1,
      });
    } finally {
      await t.database.db.update(users).set({ clientType: 'qa' }).where(eq(users.id, w.qa3.id));
    }
  });
});

describe('GET /api/client-dashboard-data', () => {
  it('gives a customer only their own cards, 10 a page, serials running on', async () => {
    // Twelve of Max's cards in June 2025, one a day, and one of Cleo's the same month.
    const ids: number[] = [];
    for (let day = 1; day <= 12; day++) {
      const card = await insertCard(t.database.db, {
        clientId: w.customer2.id,
        cardTitle: `June card ${day}`,
        createdAt: new Date(`2025-06-${String(day).padStart(2, '0')}T15:00:00Z`),
      });
      ids.push(card.id);
    }
    await insertCard(t.database.db, { clientId: w.customer.id, createdAt: new Date('2025-06-05T15:00:00Z') });
    const june = 'start_date=2025-06-01&end_date=2025-06-30';
    const first = await ok<ClientDashboardReply>(w.customer2.token, `/api/client-dashboard-data?${june}`);
    expect(first).toMatchObject({ count: 12, page: 1, page_size: 10 });
    expect(first.data.map((r) => [r.serial, r.card_id])).toEqual(
      ids
        .slice(2)
        .reverse()
        .map((id, i) => [i + 1, id]),
    );
    expect(first.data[0]).toMatchObject({
      card_title: 'June card 12',
      created_at: '2025-06-12T15:00:00.000Z',
      completed_at: null,
      card_status: 'video_request',
    });
    const second = await ok<ClientDashboardReply>(w.customer2.token, `/api/client-dashboard-data?${june}&page=2`);
    expect(second.data.map((r) => [r.serial, r.card_id])).toEqual([
      [11, ids[1]],
      [12, ids[0]],
    ]);
    // Their own id is fine; another customer's is not theirs to see.
    expect(
      (await ok<ClientDashboardReply>(w.customer2.token, `/api/client-dashboard-data?${june}&id=${w.customer2.id}`))
        .count,
    ).toBe(12);
    expect(await status(w.customer2.token, `/api/client-dashboard-data?${june}&id=${w.customer.id}`)).toBe(404);
  });

  // A card in Review showed the day it was delivered as 'Completed' (issue 33): completed is the customer's Mark As Done.
  it('gives a completed date only to cards the customer has marked done', async () => {
    const july = 'start_date=2025-07-01&end_date=2025-07-31';
    const delivered = new Date('2025-07-03T15:00:00Z');
    const completed = new Date('2025-07-04T15:00:00Z');
    const base = { clientId: w.customer2.id, createdAt: new Date('2025-07-02T15:00:00Z'), doneAt: delivered };
    const review = await insertCard(t.database.db, { ...base, cardStatus: 'done' });
    const done = await insertCard(t.database.db, { ...base, cardStatus: 'completed_done', completedAt: completed });
    const repurposing = await insertCard(t.database.db, {
      ...base,
      cardStatus: 'repurpose_editing',
      completedAt: completed,
    });
    const rows = (await ok<ClientDashboardReply>(w.customer2.token, `/api/client-dashboard-data?${july}`)).data;
    const completedOf = (id: number) => rows.find((r) => r.card_id === id)?.completed_at;
    expect(completedOf(review.id)).toBeNull();
    expect(completedOf(done.id)).toBe(completed.toISOString());
    expect(completedOf(repurposing.id)).toBe(completed.toISOString());
  });

  it('makes staff name a customer they see', async () => {
    const url = `/api/client-dashboard-data?${RANGE}`;
    const missing = await call(w.admin.token, url);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION', error_message: 'Please choose the customer' });
    expect((await ok<ClientDashboardReply>(w.admin.token, `${url}&id=${w.customer.id}`)).count).toBe(6);
    expect((await ok<ClientDashboardReply>(w.lead2.token, `${url}&id=${w.customer3.id}`)).count).toBe(1);
    // Ivy is Zed's team's customer; a QA is not a customer; the editor sees no customer at all.
    expect(await status(w.lead.token, `${url}&id=${w.customer3.id}`)).toBe(404);
    expect(await status(w.admin.token, `${url}&id=${w.qa.id}`)).toBe(404);
    expect(await status(w.editor.token, `${url}&id=${w.customer.id}`)).toBe(404);
    expect(await status(w.admin.token, `${url}&id=99999999`)).toBe(404);
  });
});

describe('profile figures and exports of people and cards the caller may not see', () => {
  it('answers 404 for a person outside the caller’s sight', async () => {
    // Quinn sees only himself among staff; Leo not Zed's Nora; everyone sees themselves.
    expect(await status(w.qa.token, `/api/user/${w.qa2.id}/responseRateV2?${RANGE}`)).toBe(404);
    expect(await status(w.qa.token, `/api/user/${w.qa2.id}/csat?${RANGE}`)).toBe(404);
    expect(await status(w.lead.token, `/api/user/${w.qa3.id}/responseRateV2?${RANGE}`)).toBe(404);
    expect(await status(w.lead.token, `/api/user/${w.lead2.id}/csat?${RANGE}`)).toBe(404);
    expect(await status(w.helper.token, `/api/ythelper/user/${w.qa.id}/responseRate?${RANGE}`)).toBe(404);
    expect(await status(w.admin.token, `/api/user/99999999/csat?${RANGE}`)).toBe(404);
    const own = await ok<ResponseRateReply>(w.qa.token, `/api/user/${w.qa.id}/responseRateV2?${RANGE}`);
    expect(own.summary.response_rate).toBe(66.67);
    // An empty view_as, as the spec's profile page sends it, is none.
    expect(await ok(w.qa.token, `/api/user/${w.qa.id}/responseRateV2?${RANGE}&view_as=`)).toEqual(own);
    // The lead sees Alice's figure over the cards the lead sees.
    const alice = await ok<ResponseRateReply>(w.lead.token, `/api/user/${w.qa2.id}/responseRateV2?${RANGE}`);
    expect(alice.data.map((r) => r.card_id)).toEqual([w.cards.d1.id]);
  });

  it('answers 404 when any exported card is out of sight', async () => {
    const { c1, e1 } = w.cards;
    expect(await status(w.lead.token, `/api/card/${e1.id}/exportComments`)).toBe(404);
    expect(await status(w.lead.token, `/api/card/${c1.id}/exportComments?cardIds=${e1.id}`)).toBe(404);
    expect(await status(w.lead.token, `/api/card/${c1.id}/exportComments?cardIds=99999999`)).toBe(404);
    expect(await status(w.helper.token, `/api/card/${w.cards.c2.id}/exportComments`)).toBe(404);
    expect(await status(w.lead.token, `/api/card/${c1.id}/exportComments?cardIds=${c1.id}`)).toBe(200);
    expect(await status(w.customer.token, `/api/card/${c1.id}/exportComments`)).toBe(403);
  });
});

describe('ranges', () => {
  const urls = [
    '/api/dashboard-data-V2',
    '/api/art-dashboard-data',
    '/api/client-dashboard-data',
    '/api/user/{qa}/responseRateV2',
    '/api/ythelper/user/{helper}/responseRate',
    '/api/user/{qa}/csat',
    '/api/card/{card}/exportComments',
  ];
  const withIds = (url: string) =>
    url
      .replace('{qa}', String(w.qa.id))
      .replace('{helper}', String(w.helper.id))
      .replace('{card}', String(w.cards.c1.id));
  it('refuses a reversed range, a day before 2022-12-20 and a start after the defaulted end', async () => {
    for (const url of urls) {
      const caller = url.startsWith('/api/client') ? w.customer.token : w.admin.token;
      for (const query of [
        'start_date=2025-02-09&end_date=2025-02-03',
        'start_date=2022-12-19&end_date=2023-01-01',
        'end_date=2022-12-19',
        'start_date=2025-02-30',
        `start_date=${Number(todayIn('America/New_York').slice(0, 4)) + 1}-01-01`,
      ]) {
        const res = await call(caller, `${withIds(url)}?${query}`);
        expect(res.statusCode, `${url}?${query}`).toBe(400);
        expect(res.json()).toHaveProperty('error_message');
      }
    }
  });

  it("fills a missing range from today in the caller's zone", async () => {
    const reply = await ok<DashboardReply>(w.admin.token, '/api/dashboard-data-V2');
    const today = todayIn('America/New_York');
    const week = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    expect(reply.range).toEqual({ start_date: week, end_date: today });
    const tokyo = (
      await call(w.customer.token, '/api/client-dashboard-data', 'Asia/Tokyo')
    ).json<ClientDashboardReply>();
    expect(tokyo.range.end_date).toBe(todayIn('Asia/Tokyo'));
    const month = new Date(Date.parse(`${tokyo.range.end_date}T00:00:00Z`) - 29 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(tokyo.range.start_date).toBe(month);
    // Only an end: the default length before it.
    const ended = await ok<DashboardReply>(w.admin.token, '/api/dashboard-data-V2?end_date=2025-02-09');
    expect(ended.range).toEqual({ start_date: '2025-02-03', end_date: '2025-02-09' });
    // A team lead opens profiles on 29 days.
    const lead = await ok<ResponseRateReply>(w.lead.token, `/api/user/${w.qa.id}/responseRateV2?end_date=2025-02-09`);
    expect(lead.range).toEqual({ start_date: '2025-01-12', end_date: '2025-02-09' });
  });
});
