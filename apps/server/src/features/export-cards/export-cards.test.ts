import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayIn } from '@cutroom/domain';
import type { ExportCardsReply } from '@cutroom/domain/schemas';
import { cards } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { parseCsv } from '../../test/csv.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
/** Statements the app sent, so a test can see the export read in batches. */
const statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, (statement) => statements.push(statement));
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const get = (url: string, token = a.admin.token, zone = 'America/New_York') =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'user-time-zone': zone } });
const made = (title: string, createdAt: Date, values: Partial<Parameters<typeof insertCard>[1]> = {}) =>
  insertCard(t.database.db, { clientId: a.customer.id, assignedQaId: a.qa.id, cardTitle: title, createdAt, ...values });

describe('GET /api/exportCards', () => {
  it('lists the cards created in the last 30 days by default, newest first, with the total', async () => {
    const now = Date.now();
    const today = await made('Export today', new Date(now - 60_000));
    const older = await made('Export 20 days ago', new Date(now - 20 * 86_400_000));
    const other = await made('Export other customer', new Date(now - 86_400_000), {
      clientId: a.customer2.id,
      assignedQaId: null,
      cardStatus: 'editing',
    });
    await made('Export 40 days ago', new Date(now - 40 * 86_400_000));

    const res = await get('/api/exportCards');
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<ExportCardsReply>();
    const end = todayIn('America/New_York');
    expect(reply.range.end_date).toBe(end);
    expect(Date.parse(end) - Date.parse(reply.range.start_date)).toBe(29 * 86_400_000);
    const mine = reply.cards.filter((c) => c.card_title.startsWith('Export '));
    expect(mine.map((c) => c.card_id)).toEqual([today.id, other.id, older.id]);
    expect(mine[1]).toEqual({
      card_id: other.id,
      card_title: 'Export other customer',
      card_status: 'editing',
      qa_name: null,
      customer_name: 'Max Maker',
      created_at: new Date(now - 86_400_000).toISOString(),
    });
    expect(mine[0]).toMatchObject({
      qa_name: 'Quinn Checker',
      customer_name: 'Cleo Creator',
      card_status: 'video_request',
    });
    expect(reply.total).toBe(reply.cards.length);

    const ofOne = (await get(`/api/exportCards?customerId=${a.customer2.id}`)).json<ExportCardsReply>();
    expect(ofOne.cards.map((c) => c.card_id)).toContain(other.id);
    expect(ofOne.cards.every((c) => c.customer_name === 'Max Maker')).toBe(true);
    expect(ofOne.total).toBe(ofOne.cards.length);
    expect(ofOne.total).toBeLessThan(reply.total);
  });

  it("takes the range as days in the caller's zone and shows the first `limit` of the total", async () => {
    // 2025-01-15 03:00 UTC is the 14th in New York and the 15th in UTC.
    const late = await made('Zone late', new Date('2025-01-15T03:00:00Z'));
    const rows = Array.from({ length: 105 }, (_, i) => ({
      clientId: a.customer2.id,
      cardTitle: `Limit card ${i}`,
      dropboxLink: 'https://www.dropbox.com/sh/raw?dl=0',
      youtubeAspectRatio: '16:9',
      videoPurpose: 'podcast',
      createdAt: new Date(Date.UTC(2025, 0, 14, 12, 0, i)),
    }));
    await t.database.db.insert(cards).values(rows);
    const ny = (await get('/api/exportCards?startDate=2025-01-14&endDate=2025-01-14')).json<ExportCardsReply>();
    expect(ny.total).toBe(106);
    expect(ny.cards).toHaveLength(100);
    expect(ny.cards[0]!.card_id).toBe(late.id);
    const utc = (
      await get('/api/exportCards?startDate=2025-01-15&endDate=2025-01-15', a.admin.token, 'UTC')
    ).json<ExportCardsReply>();
    expect(utc.cards.map((c) => c.card_id)).toEqual([late.id]);
    const more = (
      await get('/api/exportCards?startDate=2025-01-14&endDate=2025-01-14&limit=200')
    ).json<ExportCardsReply>();
    expect(more.cards).toHaveLength(106);
    // Only the end sent: the 30 days up to it.
    expect((await get('/api/exportCards?endDate=2025-01-20')).json<ExportCardsReply>().range).toEqual({
      start_date: '2024-12-22',
      end_date: '2025-01-20',
    });
  });

  it('is for admins only and refuses bad ranges and limits', async () => {
    for (const token of [a.lead.token, a.qa.token, a.customer.token]) {
      expect((await get('/api/exportCards', token)).statusCode).toBe(403);
      expect((await get('/api/exportCards/csv', token)).statusCode).toBe(403);
    }
    for (const bad of [
      'limit=150',
      'limit=1100',
      'startDate=2025-01-15&endDate=2025-01-14',
      'startDate=2022-12-19',
      'startDate=2099-01-01',
      'customerId=0',
    ]) {
      expect((await get(`/api/exportCards?${bad}`)).statusCode, bad).toBe(400);
      expect((await get(`/api/exportCards/csv?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('GET /api/exportCards/csv', () => {
  it('downloads every card of the range as "Cards <start> to <end>.csv", formulas neutralised', async () => {
    const at = new Date('2025-02-10T15:00:00Z');
    const titles = ['=SUM(A1)', '+1 call', '-2 minus', '@user', '\tTabbed', '\rReturn', 'Plain "quoted", title'];
    for (const [i, title] of titles.entries()) {
      await made(title, new Date(at.getTime() + i * 1000), { cardStatus: i === 0 ? 'done' : 'editing' });
    }
    const res = await get('/api/exportCards/csv?startDate=2025-02-10&endDate=2025-02-10');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Cards 2025-02-10 to 2025-02-10.csv"');
    const csv = parseCsv(res.body);
    expect(csv.bom).toBe(true);
    expect(csv.header).toBe('card title,status,QA name,customer name,created date');
    // Newest first: the last made comes first.
    expect(csv.rows.map((r) => r[0])).toEqual([
      'Plain "quoted", title',
      "'\rReturn",
      "'\tTabbed",
      "'@user",
      "'-2 minus",
      "'+1 call",
      "'=SUM(A1)",
    ]);
    expect(csv.rows.at(-1)).toEqual(["'=SUM(A1)", 'Review', 'Quinn Checker', 'Cleo Creator', '2025-02-10']);
    expect(csv.rows[0]![1]).toBe('In Progress');
  });

  it('streams a few thousand cards in keyset batches, each once, none lost between batches', async () => {
    const total = 3_456;
    const rows = Array.from({ length: total }, (_, i) => ({
      clientId: i % 2 ? a.customer.id : a.customer2.id,
      cardTitle: `Bulk export ${i}`,
      dropboxLink: 'https://www.dropbox.com/sh/raw?dl=0',
      youtubeAspectRatio: '16:9',
      videoPurpose: 'podcast',
      // Many cards share an instant, so the batches' edges fall inside ties.
      createdAt: new Date(Date.UTC(2025, 2, 3, 12, 0, Math.floor(i / 50))),
    }));
    for (let i = 0; i < total; i += 1_000) await t.database.db.insert(cards).values(rows.slice(i, i + 1_000));
    // And instants apart by microseconds only, which a JavaScript Date cannot tell apart.
    await t.database.db.execute(
      sql`update cards set created_at = created_at + (id % 7) * interval '1 microsecond' where card_title like 'Bulk export %'`,
    );
    statements.length = 0;
    const res = await get('/api/exportCards/csv?startDate=2025-03-03&endDate=2025-03-03', a.admin.token, 'UTC');
    expect(res.statusCode).toBe(200);
    const csv = parseCsv(res.body);
    expect(csv.rows).toHaveLength(total);
    expect(new Set(csv.rows.map((r) => r[0])).size).toBe(total);
    expect(csv.rows.every((r) => r.length === 5 && r[4] === '2025-03-03')).toBe(true);
    // Four reads of at most 1,000 rows, never an OFFSET.
    const reads = statements.filter((s) => /from "cards"/.test(s) && /limit \$\d+$/.test(s.trim()));
    expect(reads).toHaveLength(4);
    expect(reads.some((s) => /offset/i.test(s))).toBe(false);

    const ofOne = parseCsv(
      (
        await get(
          `/api/exportCards/csv?startDate=2025-03-03&endDate=2025-03-03&customerId=${a.customer.id}`,
          a.admin.token,
          'UTC',
        )
      ).body,
    );
    expect(ofOne.rows).toHaveLength(total / 2);
    expect(ofOne.rows.every((r) => r[3] === 'Cleo Creator')).toBe(true);
  });

  it('sends just the header for an empty range', async () => {
    const res = await get('/api/exportCards/csv?startDate=2023-01-01&endDate=2023-01-02');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFFcard title,status,QA name,customer name,created date\r\n');
  });
});
