import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayInNewYork } from '@cutroom/domain';
import type { DueCardsReply } from '@cutroom/domain/schemas';
import { cards } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const get = (token: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/dueCards${query}`, headers: bearer(token) });
const list = async (token: string, query: string) => {
  const res = await get(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DueCardsReply>();
};
const due = (values: Parameters<typeof insertCard>[1]) =>
  insertCard(t.database.db, { cardStatus: 'editing', assignedQaId: a.qa.id, ...values });

describe('GET /api/dueCards', () => {
  it("lists the cards due on a New York day, by due time, within the caller's sight", async () => {
    // 2027-03-10 in New York runs from 05:00 UTC that day to 05:00 UTC the next (EST, UTC-5).
    const early = await due({
      clientId: a.customer.id,
      cardTitle: 'Due early',
      dueDate: new Date('2027-03-10T05:00:00Z'),
    });
    const late = await due({
      clientId: a.customer.id,
      cardTitle: 'Due late',
      dueDate: new Date('2027-03-11T04:59:00Z'),
    });
    await due({ clientId: a.customer.id, cardTitle: 'Due the day before', dueDate: new Date('2027-03-10T04:59:00Z') });
    await due({
      clientId: a.customer.id,
      cardTitle: 'Due archived',
      dueDate: new Date('2027-03-10T12:00:00Z'),
      archivedAt: new Date(),
    });
    const other = await due({
      clientId: a.customer2.id,
      cardTitle: 'Due other',
      dueDate: new Date('2027-03-10T15:00:00Z'),
      assignedQaId: null,
    });

    const admin = await list(a.admin.token, '?date=2027-03-10');
    expect(admin.cards.map((c) => c.card_id)).toEqual([early.id, other.id, late.id]);
    expect(admin).toMatchObject({ total: 3, page: 1, page_size: 100, date: '2027-03-10' });
    expect(admin.cards[0]).toMatchObject({ card_title: 'Due early', qa_id: a.qa.id, card_status: 'editing' });
    expect(
      (await list(a.admin.token, `?date=2027-03-10&customer_id=${a.customer2.id}`)).cards.map((c) => c.card_id),
    ).toEqual([other.id]);
    expect((await list(a.admin.token, `?date=2027-03-10&qa_id=${a.qa.id}`)).cards.map((c) => c.card_id)).toEqual([
      early.id,
      late.id,
    ]);
    // The editor has none of these cards; a customer has no Due Cards page at all.
    expect((await list(a.editor.token, '?date=2027-03-10')).total).toBe(0);
    expect((await get(a.customer.token, '?date=2027-03-10')).statusCode).toBe(403);
    expect((await get(a.helper.token, '?date=2027-03-10')).statusCode).toBe(403);
  });

  it('matches the helper due date when asked, and defaults to today in New York', async () => {
    const helperDue = await due({
      clientId: a.customer.id,
      cardTitle: 'Helper due',
      ytDueDate: new Date('2027-04-02T16:00:00Z'),
    });
    const reply = await list(a.admin.token, '?date=2027-04-02&card_type=yt_due_date');
    expect(reply.cards.map((c) => c.card_id)).toEqual([helperDue.id]);
    expect((await list(a.admin.token, '?date=2027-04-02')).cards.map((c) => c.card_id)).not.toContain(helperDue.id);
    expect((await list(a.admin.token, '')).date).toBe(todayInNewYork());
  });

  it('refuses a day that is not one', async () => {
    for (const query of ['?date=2027-02-30', '?date=tomorrow', '?card_type=created', '?page=0']) {
      expect((await get(a.admin.token, query)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/get-cards-by-due-date', () => {
  it("answers as /api/dueCards under spec 000 §7's names, blanks meaning no filter", async () => {
    const mine = await due({
      clientId: a.customer.id,
      cardTitle: 'Spec due',
      dueDate: new Date('2027-07-07T15:00:00Z'),
    });
    const theirs = await due({
      clientId: a.customer2.id,
      cardTitle: 'Spec due other',
      dueDate: new Date('2027-07-07T16:00:00Z'),
      assignedQaId: null,
    });
    const spec = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/get-cards-by-due-date${query}`,
        headers: bearer(a.admin.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<DueCardsReply>().cards.map((c) => c.card_id);
    };
    expect(await spec('?dueDate=2027-07-07&viewAsCustomer=&viewAsQA=')).toEqual([mine.id, theirs.id]);
    expect(await spec(`?dueDate=2027-07-07&viewAsCustomer=${a.customer2.id}`)).toEqual([theirs.id]);
    expect(await spec(`?dueDate=2027-07-07&viewAsQA=${a.qa.id}&viewAsCardType=due_date`)).toEqual([mine.id]);
    expect(await spec('?dueDate=2027-07-07&viewAsCardType=yt_due_date')).toEqual([]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/get-cards-by-due-date?dueDate=2027-02-30',
      headers: bearer(a.admin.token),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/dueCards/export', () => {
  it("gives admins the day's cards as CSV with a BOM, formulas neutralised", async () => {
    await due({ clientId: a.customer.id, cardTitle: '=SUM(A1) due card', dueDate: new Date('2027-05-04T18:30:00Z') });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dueCards/export?date=2027-05-04',
      headers: bearer(a.admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Export Cards.csv"');
    expect(res.body).toBe(
      '\uFEFFtitle,status,due day,due date\r\n"\'=SUM(A1) due card","In Progress","Tuesday","2027-05-04 14:30"\r\n',
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dueCards/export', headers: bearer(a.lead.token) })).statusCode,
    ).toBe(403);
  });

  it('streams a day of more cards than one batch holds, each once, ties and microseconds included', async () => {
    const total = 1_234;
    const rows = Array.from({ length: total }, (_, i) => ({
      clientId: a.customer.id,
      cardTitle: `Bulk due ${i}`,
      dropboxLink: 'https://www.dropbox.com/sh/raw?dl=0',
      youtubeAspectRatio: '16:9',
      videoPurpose: 'podcast',
      cardStatus: 'editing' as const,
      dueDate: new Date(Date.UTC(2027, 5, 8, 14, Math.floor(i / 100))),
    }));
    await t.database.db.insert(cards).values(rows);
    await t.database.db.execute(
      sql`update cards set due_date = due_date + (id % 3) * interval '1 microsecond' where card_title like 'Bulk due %'`,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dueCards/export?date=2027-06-08',
      headers: bearer(a.admin.token),
    });
    expect(res.statusCode).toBe(200);
    const titles = res.body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split('","')[0]!.slice(1));
    expect(titles).toHaveLength(total);
    expect(new Set(titles).size).toBe(total);
  });
});
