import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { cardRatings, ratingChanges, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { fireAtOnce, RACERS, statusesOf, winners } from './fire.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
/** One QA per racer, so every racer's change differs from whatever came before it. */
let qas: number[];
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  const rows = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: RACERS }, (_, i) => ({
        clientType: 'qa' as const,
        firstname: `Racer${i}`,
        lastname: 'Qa',
        useremail: `racer${i}@rating-races.example.com`,
        passwordHash: 'x',
      })),
    )
    .returning({ id: users.id });
  qas = rows.map((r) => r.id);
});
afterAll(() => t.close());

const completed = () =>
  insertCard(t.database.db, {
    clientId: a.customer.id,
    assignedQaId: a.qa.id,
    cardStatus: 'completed_done',
    isComplete: true,
  });
const updateAll = (cardId: number) =>
  fireAtOnce((i) =>
    t.app.inject({
      method: 'POST',
      url: '/api/rating/update',
      headers: bearer(a.admin.token),
      payload: { cardId, cardType: 'done', rating: 1 + (i % 5), newQA: qas[i], ratingReason: `Racer ${i} changes it` },
    }),
  );

/** Every change is kept, and each one's old values are the new values of the change before it. */
async function expectChain(cardId: number, first: { rating: number | null; qaId: number }) {
  const changes = await t.database.db
    .select()
    .from(ratingChanges)
    .where(eq(ratingChanges.cardId, cardId))
    .orderBy(asc(ratingChanges.id));
  expect(changes).toHaveLength(RACERS);
  let before = first;
  for (const change of changes) {
    expect({ rating: change.oldRating, qaId: change.oldQaId }).toEqual(before);
    before = { rating: change.newRating, qaId: change.newQaId! };
  }
  expect(new Set(changes.map((c) => c.newQaId))).toEqual(new Set(qas));
  const ratings = await t.database.db
    .select()
    .from(cardRatings)
    .where(and(eq(cardRatings.cardId, cardId), eq(cardRatings.cardType, 'done')));
  expect(ratings).toHaveLength(1);
  expect(ratings[0]).toMatchObject({ rating: before.rating, assignedQaId: before.qaId });
  expect(new Set(changes.map((c) => c.ratingId))).toEqual(new Set([ratings[0]!.id]));
}

describe('rating admin races, 20 at once', () => {
  it('changes of one rating queue on its row: all recorded, each with the value it replaced', async () => {
    const card = await completed();
    await t.database.db
      .insert(cardRatings)
      .values({ cardId: card.id, cardType: 'done', rating: 3, ratedBy: a.customer.id, assignedQaId: a.qa.id });
    const replies = await updateAll(card.id);
    statusesOf(replies);
    expect(winners(replies)).toHaveLength(RACERS);
    await expectChain(card.id, { rating: 3, qaId: a.qa.id });
  });

  it('first ratings of an unrated part: one creates it, the rest change it, the chain unbroken', async () => {
    const card = await completed();
    const replies = await updateAll(card.id);
    statusesOf(replies);
    expect(winners(replies)).toHaveLength(RACERS);
    await expectChain(card.id, { rating: null, qaId: a.qa.id });
  });
});
