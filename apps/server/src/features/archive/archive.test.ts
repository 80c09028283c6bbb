import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveReply } from '@cutroom/domain/schemas';
import { cardRatings } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const list = async (token: string, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/cards/archive${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ArchiveReply>();
};
const archived = (clientId: number, title: string, archivedAt: Date, values = {}) =>
  insertCard(t.database.db, {
    clientId,
    cardTitle: title,
    cardStatus: 'done',
    assignedQaId: a.qa.id,
    archivedAt,
    ...values,
  });

describe('GET /api/cards/archive', () => {
  it('lists the archived cards the caller sees, last archived first, with rating and plan for staff', async () => {
    const older = await archived(a.customer.id, 'Archive older', new Date('2026-01-02T10:00:00Z'));
    const newer = await archived(a.customer.id, 'Archive newer', new Date('2026-01-05T10:00:00Z'), {
      doneAt: new Date('2026-01-04T10:00:00Z'),
    });
    await t.database.db
      .insert(cardRatings)
      .values({ cardId: newer.id, cardType: 'done', rating: 4, ratedBy: a.customer.id });
    const theirs = await archived(a.customer2.id, 'Archive of the other customer', new Date('2026-01-06T10:00:00Z'));
    await insertCard(t.database.db, { clientId: a.customer.id, cardTitle: 'Not archived', cardStatus: 'done' });

    const mine = await list(a.customer.token);
    expect(mine.cards.map((c) => c.card_id)).toEqual([newer.id, older.id]);
    expect(mine.total).toBe(2);
    expect(mine.cards[0]).toMatchObject({
      card_title: 'Archive newer',
      rating: 4,
      subscription_type: null,
      done_time: '2026-01-04T10:00:00.000Z',
      archived_time: '2026-01-05T10:00:00.000Z',
      may_unarchive: false,
    });
    // A customer asking for another customer's cards still gets their own.
    expect((await list(a.customer.token, `?client_id=${a.customer2.id}`)).cards.map((c) => c.card_id)).toEqual([
      newer.id,
      older.id,
    ]);

    const admin = await list(a.admin.token);
    expect(admin.cards.map((c) => c.card_id).slice(0, 3)).toEqual([theirs.id, newer.id, older.id]);
    expect(admin.cards[1]).toMatchObject({ subscription_type: 'weekly', may_unarchive: true });
    expect((await list(a.admin.token, `?client_id=${a.customer2.id}`)).cards.map((c) => c.card_id)).toEqual([
      theirs.id,
    ]);
    expect((await list(a.admin.token, '?card_name=newer')).cards.map((c) => c.card_id)).toEqual([newer.id]);
    // The editor is assigned to none of them; the QA sees the cards of the customers whose slots they hold.
    expect((await list(a.editor.token)).total).toBe(0);
    expect((await list(a.qa.token)).cards.every((c) => c.may_unarchive === false)).toBe(true);
  });

  it('pages by 10', async () => {
    for (let i = 0; i < 12; i++) {
      await archived(a.customer2.id, `Paged archive ${i}`, new Date(Date.UTC(2026, 1, 1, i)));
    }
    const first = await list(a.admin.token, `?client_id=${a.customer2.id}`);
    expect(first.cards).toHaveLength(10);
    expect(first.page_size).toBe(10);
    const second = await list(a.admin.token, `?client_id=${a.customer2.id}&page=2`);
    expect(second.total).toBe(first.total);
    expect(second.cards.length).toBe(first.total - 10);
    expect(second.cards.some((c) => first.cards.some((f) => f.card_id === c.card_id))).toBe(false);
  });

  it('refuses a page or a customer id that is not a number', async () => {
    for (const query of ['?page=0', '?page=abc', '?client_id=-1', `?card_name=${'x'.repeat(201)}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/cards/archive${query}`,
        headers: bearer(a.admin.token),
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
