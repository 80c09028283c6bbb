import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { customerRatingsReply, updatedRatingsReply } from '@cutroom/domain/schemas';
import { cardRatings, ratingChanges, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let qa2: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  const [row] = await t.database.db
    .insert(users)
    .values({
      clientType: 'qa',
      firstname: 'Second',
      lastname: 'Rater',
      useremail: 'qa2@lists.example.com',
      passwordHash: 'x',
    })
    .returning({ id: users.id });
  qa2 = row!.id;
});
afterAll(() => t.close());

type Updated = z.output<typeof updatedRatingsReply>;
type Rated = z.output<typeof customerRatingsReply>;
const get = (url: string, token = a.admin.token, zone?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...(zone ? { 'user-time-zone': zone } : {}) } });
const list = async <T>(url: string, zone?: string) => {
  const res = await get(url, a.admin.token, zone);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const completed = (title: string, values: Partial<Parameters<typeof insertCard>[1]> = {}) =>
  insertCard(t.database.db, {
    clientId: a.customer.id,
    assignedQaId: a.qa.id,
    cardStatus: 'completed_done',
    isComplete: true,
    cardTitle: title,
    ...values,
  });
/** A rating changed through the API, its change then dated `at`. */
async function changed(title: string, rating: number, at: string) {
  const card = await completed(title);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/rating/update',
    headers: bearer(a.admin.token),
    payload: { cardId: card.id, cardType: 'done', rating, ratingReason: `Reason for ${title}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.database.db
    .update(ratingChanges)
    .set({ createdAt: new Date(at) })
    .where(eq(ratingChanges.cardId, card.id));
  return card.id;
}

describe('GET /api/rating/updated', () => {
  it("filters by days in the caller's zone and by the new rating, newest first", async () => {
    // 03:30 UTC on the 10th is still the 9th in New York.
    const nightBefore = await changed('Changed at night', 2, '2024-03-10T03:30:00Z');
    const midday = await changed('Changed at noon', 4, '2024-03-10T12:00:00Z');
    const nextDay = await changed('Changed next day', 4, '2024-03-11T12:00:00Z');
    const ids = (reply: Updated) => reply.updatedRatedCards.map((r) => r.card_id);

    const ny = await list<Updated>('/api/rating/updated?startDate=2024-03-10&endDate=2024-03-10', 'America/New_York');
    expect(ids(ny)).toEqual([midday]);
    expect(ny.totalRatedCards).toBe(1);
    expect(ny.updatedRatedCards[0]).toMatchObject({
      card_title: 'Changed at noon',
      rating: 4,
      old_rating: null,
      qaFirstname: 'Quinn',
      qaLastname: 'Checker',
      reason: 'Reason for Changed at noon',
      created_at: '2024-03-10T12:00:00.000Z',
    });
    const utc = await list<Updated>('/api/rating/updated?startDate=2024-03-10&endDate=2024-03-11', 'UTC');
    expect(ids(utc)).toEqual([nextDay, midday, nightBefore]);
    expect(
      ids(await list<Updated>('/api/rating/updated?startDate=2024-03-09&endDate=2024-03-11&selectedRating=4', 'UTC')),
    ).toEqual([nextDay, midday]);
    // No zone sent: New York, the board's clock.
    expect(ids(await list<Updated>('/api/rating/updated?startDate=2024-03-09&endDate=2024-03-09'))).toEqual([
      nightBefore,
    ]);
  });

  it('pages by 10 with the total', async () => {
    const made: number[] = [];
    for (let i = 0; i < 12; i++) {
      made.push(await changed(`Paged change ${i}`, 1 + (i % 5), `2024-05-01T10:${String(i).padStart(2, '0')}:00Z`));
    }
    const query = '/api/rating/updated?startDate=2024-05-01&endDate=2024-05-01';
    const first = await list<Updated>(`${query}&index=1`, 'UTC');
    const second = await list<Updated>(`${query}&index=2`, 'UTC');
    expect(first.totalRatedCards).toBe(12);
    expect(first.updatedRatedCards.map((r) => r.card_id)).toEqual(made.slice(2).reverse());
    expect(second.updatedRatedCards.map((r) => r.card_id)).toEqual([made[1], made[0]]);
    // index 0 is the first page as well; another page size is honoured; an empty rating filter is none.
    expect((await list<Updated>(`${query}&index=0&selectedRating=`, 'UTC')).updatedRatedCards).toEqual(
      first.updatedRatedCards,
    );
    const five = await list<Updated>(`${query}&limit=5&index=1`, 'UTC');
    expect(five.updatedRatedCards.map((r) => r.card_id)).toEqual(made.slice(7).reverse());
  });

  it('is for admins only and refuses bad filters', async () => {
    for (const token of [a.lead.token, a.qa.token, a.customer.token]) {
      expect((await get('/api/rating/updated', token)).statusCode).toBe(403);
    }
    for (const bad of [
      'startDate=2024-03-12&endDate=2024-03-11',
      'selectedRating=6',
      'limit=0',
      'limit=101',
      'index=-1',
      'startDate=2020-01-01',
    ]) {
      expect((await get(`/api/rating/updated?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('GET /api/rating/customer-rated', () => {
  it("lists customers' ratings of done and repurposed videos with the filters", async () => {
    const rate = async (title: string, values: Omit<typeof cardRatings.$inferInsert, 'cardId'>, card = {}) => {
      const made = await completed(title, card);
      await t.database.db.insert(cardRatings).values({ cardId: made.id, ...values });
      return made.id;
    };
    const commented = await rate('Rated list Alpha', {
      cardType: 'done',
      rating: 5,
      comment: 'Great cut',
      ratedBy: a.customer.id,
      assignedQaId: a.qa.id,
      createdAt: new Date('2024-06-01T10:00:00Z'),
    });
    const blank = await rate(
      'Rated list Beta',
      {
        cardType: 'done',
        rating: 3,
        comment: '   ',
        ratedBy: a.customer2.id,
        createdAt: new Date('2024-06-02T10:00:00Z'),
      },
      { clientId: a.customer2.id, assignedQaId: qa2 },
    );
    const repurpose = await rate('Rated list Gamma', {
      cardType: 'repurpose',
      rating: 4,
      ratedBy: a.customer.id,
      assignedQaId: a.qa.id,
      createdAt: new Date('2024-06-03T10:00:00Z'),
    });
    await rate('Rated list by admin', { cardType: 'done', rating: 1, ratedBy: a.admin.id });
    await rate('Rated list helper work', { cardType: 'yt', rating: 2, ratedBy: a.customer.id });

    const ids = (reply: Rated) => reply.data.map((r) => r.card_id);
    const all = await list<Rated>('/api/rating/customer-rated?title=rATED%20LIST');
    expect(ids(all)).toEqual([repurpose, blank, commented]);
    expect(all.total).toBe(3);
    expect(all.data[1]).toEqual({
      id: expect.any(Number),
      card_id: blank,
      card_title: 'Rated list Beta',
      card_type: 'done',
      rating: 3,
      // No QA on the rating: the card's QA.
      qa_name: 'Second Rater',
      customer_name: 'Max Maker',
      comment: null,
      created_date: '2024-06-02T10:00:00.000Z',
    });
    expect(all.data[2]).toMatchObject({
      comment: 'Great cut',
      qa_name: 'Quinn Checker',
      customer_name: 'Cleo Creator',
    });
    const q = '/api/rating/customer-rated?title=Rated%20list';
    expect(ids(await list<Rated>(`${q}&customerId=${a.customer2.id}`))).toEqual([blank]);
    expect(ids(await list<Rated>(`${q}&qaId=${qa2}`))).toEqual([blank]);
    expect(ids(await list<Rated>(`${q}&qaId=${a.qa.id}&customerId=${a.customer.id}`))).toEqual([repurpose, commented]);
    expect(ids(await list<Rated>(`${q}&commented=with`))).toEqual([commented]);
    expect(ids(await list<Rated>(`${q}&commented=without`))).toEqual([repurpose, blank]);
    // The filter's labels and flags, and blanks for "any".
    expect(ids(await list<Rated>(`${q}&commented=Cards%20with%20Comment&customerId=&qaId=`))).toEqual([commented]);
    expect(ids(await list<Rated>(`${q}&commented=0`))).toEqual([repurpose, blank]);
    // The user's wildcards are literal.
    expect((await list<Rated>('/api/rating/customer-rated?title=Rated%25Alpha')).total).toBe(0);
  });

  it('pages by 10 with the total', async () => {
    const made: number[] = [];
    for (let i = 0; i < 12; i++) {
      const card = await completed(`Paged rated ${i}`);
      await t.database.db.insert(cardRatings).values({
        cardId: card.id,
        cardType: 'done',
        rating: 4,
        ratedBy: a.customer.id,
        createdAt: new Date(Date.UTC(2024, 7, 1, 10, i)),
      });
      made.push(card.id);
    }
    const second = await list<Rated>('/api/rating/customer-rated?title=Paged%20rated&index=2');
    expect(second.total).toBe(12);
    expect(second.data.map((r) => r.card_id)).toEqual([made[1], made[0]]);
  });

  it('is for admins only and refuses bad filters', async () => {
    for (const token of [a.lead.token, a.qa.token, a.customer.token, a.helperLead.token]) {
      expect((await get('/api/rating/customer-rated', token)).statusCode).toBe(403);
    }
    for (const bad of ['commented=maybe', 'customerId=0', 'qaId=x', 'index=-1', `title=${'x'.repeat(201)}`]) {
      expect((await get(`/api/rating/customer-rated?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});
