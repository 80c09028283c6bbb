import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { MSG } from '@cutroom/domain';
import type { GetCardReply, RatingRecord } from '@cutroom/domain/schemas';
import { cardRatings, ratingChanges, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let qa2: number;
let deletedQa: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  const person = (firstname: string, values: Partial<typeof users.$inferInsert> = {}) =>
    t.database.db
      .insert(users)
      .values({
        clientType: 'qa',
        firstname,
        lastname: 'Rater',
        useremail: `${firstname.toLowerCase()}@ratings.example.com`,
        passwordHash: 'x',
        ...values,
      })
      .returning({ id: users.id })
      .then(([row]) => row!.id);
  qa2 = await person('Second');
  deletedQa = await person('Gone', { isDeleted: true });
});
afterAll(() => t.close());

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
/** A completed card of the first customer, QA'd by the demo QA. */
const completed = (values: Partial<Parameters<typeof insertCard>[1]> = {}) =>
  insertCard(t.database.db, {
    clientId: a.customer.id,
    assignedQaId: a.qa.id,
    cardStatus: 'completed_done',
    isComplete: true,
    ...values,
  });
const rate = (cardId: number, rating: number, values: Partial<typeof cardRatings.$inferInsert> = {}) =>
  t.database.db.insert(cardRatings).values({ cardId, cardType: 'done', rating, ratedBy: a.customer.id, ...values });
const ratingOf = async (cardId: number, part: 'done' | 'repurpose' = 'done') =>
  (
    await t.database.db
      .select()
      .from(cardRatings)
      .where(and(eq(cardRatings.cardId, cardId), eq(cardRatings.cardType, part)))
  )[0];
const changesOf = (cardId: number) =>
  t.database.db.select().from(ratingChanges).where(eq(ratingChanges.cardId, cardId)).orderBy(asc(ratingChanges.id));
const update = (payload: object, token = a.admin.token) => post(token, '/api/rating/update', payload);
const reason = 'The customer asked for a review';

describe('POST /api/getCard', () => {
  it('gives the ratable parts with delivery, rating and the QA credited, to staff who see the card', async () => {
    const card = await insertCard(t.database.db, {
      clientId: a.customer.id,
      assignedQaId: a.qa.id,
      cardStatus: 'completed_done',
      isComplete: true,
      hasRepurpose: true,
      cardTitle: 'Lookup card',
    });
    await rate(card.id, 4, { comment: 'Nice', assignedQaId: null });
    // The rating form's own name for the card, cardId, is read as card_id.
    expect((await post(a.admin.token, '/api/getCard', { cardId: card.id })).json()).toMatchObject({ card_id: card.id });
    for (const token of [a.admin.token, a.lead.token, a.qa.token]) {
      const res = await post(token, '/api/getCard', { card_id: card.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<GetCardReply>()).toEqual({
        card_id: card.id,
        card_title: 'Lookup card',
        client_id: a.customer.id,
        client_name: 'Cleo Creator',
        card_status: 'completed_done',
        assigned_qa_id: a.qa.id,
        assigned_qa_name: 'Quinn Checker',
        has_repurpose: true,
        parts: [
          // No QA on the rating: it counts for the card's QA.
          { card_type: 'done', delivered: true, rating: 4, qa_id: a.qa.id, qa_name: 'Quinn Checker' },
          { card_type: 'repurpose', delivered: false, rating: null, qa_id: a.qa.id, qa_name: 'Quinn Checker' },
        ],
      });
    }
    // The editor isn't on this card and helpers don't see it; customers have no rating admin.
    for (const token of [a.editor.token, a.helper.token, a.helperLead.token]) {
      expect((await post(token, '/api/getCard', { card_id: card.id })).statusCode).toBe(404);
    }
    expect((await post(a.customer.token, '/api/getCard', { card_id: card.id })).statusCode).toBe(403);
    expect((await post(a.admin.token, '/api/getCard', { card_id: 999_999 })).statusCode).toBe(404);
  });

  it("names the rating's own QA, and lists only the done part without repurpose", async () => {
    const card = await completed({ assignedQaId: null });
    await rate(card.id, 2, { assignedQaId: qa2 });
    const reply = (await post(a.admin.token, '/api/getCard', { card_id: card.id })).json<GetCardReply>();
    expect(reply.assigned_qa_id).toBeNull();
    expect(reply.parts).toEqual([
      { card_type: 'done', delivered: true, rating: 2, qa_id: qa2, qa_name: 'Second Rater' },
    ]);
  });
});

describe('POST /api/rating/update', () => {
  it('refuses a reason of 5 characters or fewer (spaces do not count)', async () => {
    const card = await completed();
    await rate(card.id, 3);
    for (const ratingReason of ['short', '  abcde  ', '']) {
      const res = await update({ cardId: card.id, cardType: 'done', rating: 5, ratingReason });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_message: MSG.ratingReasonTooShort, field: 'ratingReason' });
    }
    expect((await ratingOf(card.id))!.rating).toBe(3);
    expect(await changesOf(card.id)).toEqual([]);
  });

  it('refuses a submit that changes nothing: same rating, and no QA or the same QA', async () => {
    const card = await completed();
    await rate(card.id, 3);
    for (const payload of [
      { cardId: card.id, cardType: 'done', rating: 3, ratingReason: reason },
      { cardId: card.id, cardType: 'done', rating: 3, ratingReason: reason, newQA: null },
      { cardId: card.id, cardType: 'done', rating: 3, ratingReason: reason, newQA: '' },
      { cardId: card.id, cardType: 'done', rating: 3, ratingReason: reason, newQA: 0 },
      { cardId: card.id, cardType: 'done', rating: 3, ratingReason: reason, newQA: a.qa.id },
    ]) {
      const res = await update(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_message).toBe(MSG.ratingUnchanged);
    }
    expect(await changesOf(card.id)).toEqual([]);
  });

  it('takes a new QA alone, then a rating alone, and keeps both changes with their old values', async () => {
    const card = await completed({ cardTitle: 'History card' });
    await rate(card.id, 3, { assignedQaId: a.qa.id, comment: 'kept' });

    const first = await update({ cardId: card.id, cardType: 'done', rating: 3, newQA: qa2, ratingReason: reason });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: true,
      data: { success: true, error_message: null, message: MSG.ratingUpdated },
      record: {
        card_id: card.id,
        card_title: 'History card',
        card_type: 'done',
        rating: 3,
        old_rating: 3,
        qaFirstname: 'Second',
        qaLastname: 'Rater',
        old_qa_name: 'Quinn Checker',
        reason,
        changed_by_name: 'Ada Admin',
      },
    });
    expect(await ratingOf(card.id)).toMatchObject({ rating: 3, assignedQaId: qa2, ratedBy: a.customer.id });

    const second = await update({
      cardId: card.id,
      cardType: 'done',
      rating: 5,
      ratingReason: 'Re-rated after review',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<{ record: RatingRecord }>().record).toMatchObject({
      rating: 5,
      old_rating: 3,
      qaFirstname: 'Second',
      old_qa_name: 'Second Rater',
    });
    // The customer's comment and authorship stay; only value and QA change.
    expect(await ratingOf(card.id)).toMatchObject({
      rating: 5,
      assignedQaId: qa2,
      comment: 'kept',
      ratedBy: a.customer.id,
    });
    expect(await changesOf(card.id)).toMatchObject([
      { oldRating: 3, newRating: 3, oldQaId: a.qa.id, newQaId: qa2, changedBy: a.admin.id, reason },
      { oldRating: 3, newRating: 5, oldQaId: qa2, newQaId: qa2, changedBy: a.admin.id },
    ]);
  });

  it('creates a rating the part did not have yet, rated by the admin', async () => {
    const card = await completed();
    const res = await update({ cardId: card.id, cardType: 'done', rating: 2, ratingReason: reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ record: RatingRecord }>().record).toMatchObject({
      rating: 2,
      old_rating: null,
      qaFirstname: 'Quinn',
    });
    expect(await ratingOf(card.id)).toMatchObject({ rating: 2, ratedBy: a.admin.id, assignedQaId: a.qa.id });
    expect(await changesOf(card.id)).toMatchObject([
      { oldRating: null, newRating: 2, oldQaId: a.qa.id, newQaId: a.qa.id },
    ]);
  });

  it('refuses a part that was not delivered', async () => {
    const inReview = await completed({ cardStatus: 'done', isComplete: false });
    const noRepurpose = await completed();
    const repurposeOpen = await completed({ hasRepurpose: true, cardStatus: 'repurpose_editing', isComplete: false });
    for (const [cardId, cardType] of [
      [inReview.id, 'done'],
      [noRepurpose.id, 'repurpose'],
      [repurposeOpen.id, 'repurpose'],
    ] as const) {
      const res = await update({ cardId, cardType, rating: 4, ratingReason: reason });
      expect(res.statusCode, `${cardId} ${cardType}`).toBe(400);
      expect(res.json().error_message).toBe(MSG.ratingPartNotDelivered);
    }
    const repurposed = await completed({ hasRepurpose: true, isRepurposeComplete: true });
    expect(
      (await update({ cardId: repurposed.id, cardType: 'repurpose', rating: 4, ratingReason: reason })).statusCode,
    ).toBe(200);
    expect(await ratingOf(repurposed.id, 'repurpose')).toMatchObject({ rating: 4 });
    expect(await ratingOf(repurposed.id, 'done')).toBeUndefined();
  });

  it('refuses a new QA who is not an active QA', async () => {
    const card = await completed();
    await rate(card.id, 3);
    for (const newQA of [a.editor.id, a.lead.id, a.customer.id, deletedQa, 999_999]) {
      const res = await update({ cardId: card.id, cardType: 'done', rating: 4, newQA, ratingReason: reason });
      expect(res.statusCode, String(newQA)).toBe(400);
      expect(res.json()).toMatchObject({ error_message: MSG.newQaInvalid, field: 'newQA' });
    }
    expect(await changesOf(card.id)).toEqual([]);
  });

  it('is for admins only; an unknown card is a 404 and bad values a 400', async () => {
    const card = await completed();
    const payload = { cardId: card.id, cardType: 'done', rating: 4, ratingReason: reason };
    for (const token of [a.lead.token, a.qa.token, a.customer.token, a.helperLead.token]) {
      expect((await update(payload, token)).statusCode).toBe(403);
    }
    expect((await update({ ...payload, cardId: 999_999 })).statusCode).toBe(404);
    for (const bad of [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { cardType: 'yt' },
      { newQA: -1 },
      { newQA: 'x' },
    ]) {
      expect((await update({ ...payload, ...bad })).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await ratingOf(card.id)).toBeUndefined();
  });
});

describe('POST /api/assignNewQA', () => {
  const assign = (payload: object, token = a.admin.token) => post(token, '/api/assignNewQA', payload);

  it('gives the rating to another QA with its value kept', async () => {
    const card = await completed();
    await rate(card.id, 4);
    const res = await assign({ cardId: card.id, cardType: 'done', newQA: qa2, ratingReason: reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ record: RatingRecord }>().record).toMatchObject({
      rating: 4,
      old_rating: 4,
      qaFirstname: 'Second',
      old_qa_name: 'Quinn Checker',
    });
    expect(await ratingOf(card.id)).toMatchObject({ rating: 4, assignedQaId: qa2 });
  });

  it('needs a QA other than the current one, and a rating to move', async () => {
    const card = await completed();
    await rate(card.id, 4, { assignedQaId: qa2 });
    const same = await assign({ cardId: card.id, cardType: 'done', newQA: qa2, ratingReason: reason });
    expect(same.statusCode).toBe(400);
    expect(same.json().error_message).toBe(MSG.ratingUnchanged);
    expect((await assign({ cardId: card.id, cardType: 'done', ratingReason: reason })).statusCode).toBe(400);
    const unrated = await completed();
    const none = await assign({ cardId: unrated.id, cardType: 'done', newQA: qa2, ratingReason: reason });
    expect(none.statusCode).toBe(400);
    expect(none.json().error_message).toBe(MSG.noRatingsYet);
    expect(await ratingOf(unrated.id)).toBeUndefined();
    expect(
      (await assign({ cardId: card.id, cardType: 'done', newQA: a.qa.id, ratingReason: reason }, a.lead.token))
        .statusCode,
    ).toBe(403);
    expect(await changesOf(card.id)).toEqual([]);
  });
});
