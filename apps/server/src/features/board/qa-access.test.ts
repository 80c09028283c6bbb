import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { BOARD_COLUMNS } from '@cutroom/domain';
import { cardQaAccess, cards, customerQas, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { createSession } from '../../platform/auth.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let qas: number[];
let customers: number[];

beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  const person = (role: 'qa' | 'customer', n: number) => ({
    clientType: role,
    firstname: role,
    lastname: `Access ${n}`,
    useremail: `${role}-access-${n}@example.com`,
    passwordHash: 'x',
  });
  const db = t.database.db;
  qas = (
    await db
      .insert(users)
      .values([1, 2, 3].map((n) => person('qa', n)))
      .returning()
  ).map((u) => u.id);
  customers = (
    await db
      .insert(users)
      .values([1, 2].map((n) => person('customer', n)))
      .returning()
  ).map((u) => u.id);
  await db.insert(customerQas).values([
    { customerId: customers[0]!, qaId: qas[0]!, slot: 0 },
    { customerId: customers[0]!, qaId: qas[1]!, slot: 1 },
    { customerId: customers[1]!, qaId: qas[2]!, slot: 0 },
  ]);
});
afterAll(() => t.close());

/** card_qa_access must hold exactly what visibleCardsWhere lets each QA see on the board, with its order keys. */
async function expectInSync() {
  const db = t.database.db;
  for (const qaId of [...qas, a.qa.id]) {
    const expected = await db
      .select({ cardId: cards.id, cardStatus: cards.cardStatus, updatedAt: cards.updatedAt, sort: cards.sort })
      .from(cards)
      .where(and(isNull(cards.archivedAt), visibleCardsWhere({ id: qaId, role: 'qa' })));
    const held = await db
      .select({
        cardId: cardQaAccess.cardId,
        cardStatus: cardQaAccess.cardStatus,
        updatedAt: cardQaAccess.updatedAt,
        sort: cardQaAccess.sort,
      })
      .from(cardQaAccess)
      .where(eq(cardQaAccess.qaId, qaId));
    const byId = (x: { cardId: number }, y: { cardId: number }) => x.cardId - y.cardId;
    expect(held.sort(byId)).toEqual(expected.sort(byId));
  }
}

describe('card_qa_access', () => {
  it('follows cards and QA slots through every kind of change', async () => {
    const db = t.database.db;
    const first = await insertCard(db, { clientId: customers[0]!, cardStatus: 'editing' });
    const second = await insertCard(db, { clientId: customers[1]!, cardStatus: 'qa', assignedQaId: qas[0]! });
    const third = await insertCard(db, { clientId: customers[1]!, archivedAt: new Date() });
    await expectInSync();

    await db.update(cards).set({ cardStatus: 'qa', updatedAt: new Date(), sort: 7 }).where(eq(cards.id, first.id));
    await expectInSync();
    await db.update(cards).set({ assignedQaId: qas[2]! }).where(eq(cards.id, second.id));
    await expectInSync();
    await db.update(cards).set({ archivedAt: new Date() }).where(eq(cards.id, first.id));
    await db.update(cards).set({ archivedAt: null }).where(eq(cards.id, third.id));
    await expectInSync();
    await db.update(cards).set({ archivedAt: null }).where(eq(cards.id, first.id));
    await db.update(cards).set({ clientId: customers[0]! }).where(eq(cards.id, third.id));
    await expectInSync();

    await db.delete(customerQas).where(and(eq(customerQas.customerId, customers[0]!), eq(customerQas.slot, 1)));
    await expectInSync();
    await db
      .update(customerQas)
      .set({ qaId: qas[1]! })
      .where(and(eq(customerQas.customerId, customers[1]!), eq(customerQas.slot, 0)));
    await expectInSync();
    await db.insert(customerQas).values({ customerId: customers[1]!, qaId: qas[0]!, slot: 1 });
    await expectInSync();

    await db.delete(cards).where(eq(cards.id, second.id));
    await expectInSync();
  });

  it('is what a QA’s board pages through, newest change first', async () => {
    const db = t.database.db;
    const made = [];
    for (let i = 0; i < 14; i++) {
      const card = await insertCard(db, {
        clientId: customers[0]!,
        cardStatus: 'done',
        updatedAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      });
      made.push(card.id);
    }
    // Someone else's card assigned to this QA joins the page; a customer without them in a slot doesn't.
    const assigned = await insertCard(db, {
      clientId: a.customer.id,
      cardStatus: 'done',
      assignedQaId: qas[0]!,
      updatedAt: new Date(Date.UTC(2025, 0, 1, 0, 30)),
    });
    await insertCard(db, { clientId: a.customer2.id, cardStatus: 'done' });
    const token = await createSession(db, qas[0]!, false, 'test');
    const page = async (offset: number, filters: object = {}) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/getCards',
        headers: bearer(token),
        payload: { section: 'done', offset, limit: 10, ...filters },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ done_cards: { card_id: number }[] }>().done_cards.map((c) => c.card_id);
    };
    const newestFirst = [assigned.id, ...[...made].reverse()];
    expect([...(await page(0)), ...(await page(10))]).toEqual(newestFirst);
    expect(await page(0, { dataFilter: 'oldest', card_name: 'Test card' })).toEqual(made.slice(0, 10));
    expect(await page(0, { card_name: 'no such title' })).toEqual([]);

    // The list view's counts come from the same rows, with and without a filter.
    const counts = async (filters: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/getCards',
        headers: bearer(token),
        payload: { section: 'done', limit: 1, with_counts: true, ...filters },
      });
      return res.json<{ counts: Record<string, number> }>().counts;
    };
    const visible = await db
      .select({ status: cards.cardStatus, title: cards.cardTitle })
      .from(cards)
      .where(and(isNull(cards.archivedAt), visibleCardsWhere({ id: qas[0]!, role: 'qa' })));
    const tally = (rows: typeof visible) =>
      Object.fromEntries(BOARD_COLUMNS.map((c) => [c.key, rows.filter((r) => r.status === c.status).length]));
    expect(await counts({})).toEqual(tally(visible));
    expect(await counts({ card_name: 'Test card' })).toEqual(
      tally(visible.filter((r) => r.title.toLowerCase().includes('test card'))),
    );
  });
});
