import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@cutroom/domain';
import { cardActivity, cardRatings, cardVideos, cards } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const call = (token: string, path: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: path, headers: bearer(token), payload });
const cardOf = async (id: number) => (await t.database.db.select().from(cards).where(eq(cards.id, id)))[0]!;
const newCard = (values: Partial<typeof cards.$inferInsert> = {}) =>
  insertCard(t.database.db, { clientId: a.customer.id, assignedQaId: a.qa.id, assignedTo: a.editor.id, ...values });

describe('the move workflow', () => {
  it('walks a card from request to completed with every dialog call and its activity', async () => {
    const card = await newCard();
    expect(
      (await call(a.lead.token, `/api/card/${card.id}/timeline`, { card_status: 'video_request' })).json(),
    ).toEqual({ success: true, message: MSG.cardMoved });
    let row = await cardOf(card.id);
    expect(row).toMatchObject({ cardStatus: 'editing', timeline: 48 });
    expect(row.dueDate!.getTime() - Date.now()).toBeGreaterThan(47 * 3_600_000);

    expect(
      (
        await call(a.editor.token, `/api/card/${card.id}/moveToQa`, {
          card_status: 'editing',
          done_video_link: 'https://example.com/v1.mp4',
        })
      ).statusCode,
    ).toBe(200);
    const noSync = await call(a.qa.token, `/api/card/${card.id}/done`, {
      card_status: 'qa',
      done_link: 'https://example.com/v1.mp4',
    });
    expect(noSync.json()).toMatchObject({ field: 'content_id' });
    expect(
      (
        await call(a.qa.token, `/api/card/${card.id}/done`, {
          card_status: 'qa',
          done_link: 'https://example.com/v1.mp4',
          content_id: 'SYNC-9',
        })
      ).statusCode,
    ).toBe(200);

    const completeBeforeRevision = await call(a.customer.token, `/api/card/${card.id}/revision`, {
      card_status: 'done',
    });
    expect(completeBeforeRevision.json()).toEqual({ success: true, message: MSG.movedToRevision });
    row = await cardOf(card.id);
    expect(row).toMatchObject({ cardStatus: 'editing', revisionNr: 1, timeline: 24 });

    await call(a.editor.token, `/api/card/${card.id}/moveToQa`, {
      card_status: 'editing',
      done_video_link: 'https://example.com/v2.mp4',
    });
    // After a revision the Sync ID is optional.
    expect(
      (
        await call(a.qa.token, `/api/card/${card.id}/done`, {
          card_status: 'qa',
          done_link: 'https://example.com/v2.mp4',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(a.customer.token, `/api/card/${card.id}/markComplete`, { status: 1, cardSection: 'done' })).json()
        .message,
    ).toBe(MSG.cardMarkedCompleted);
    expect(
      (
        await call(a.customer.token, `/api/card/${card.id}/rate`, {
          rating: 4,
          comment: 'Great pacing',
          card_type: 'done',
        })
      ).json().message,
    ).toBe(MSG.feedbackSubmitted);

    row = await cardOf(card.id);
    expect(row).toMatchObject({ cardStatus: 'completed_done', isComplete: true, contentId: 'SYNC-9' });
    const versions = await t.database.db.select().from(cardVideos).where(eq(cardVideos.cardId, card.id));
    expect(versions.map((v) => [v.version, v.videoUrl])).toEqual([
      [0, 'https://example.com/v1.mp4'],
      [1, 'https://example.com/v2.mp4'],
    ]);
    const [rating] = await t.database.db.select().from(cardRatings).where(eq(cardRatings.cardId, card.id));
    expect(rating).toMatchObject({ rating: 4, comment: 'Great pacing', assignedQaId: a.qa.id });
    const activity = await t.app.inject({
      method: 'GET',
      url: `/api/card-activity/${card.id}`,
      headers: bearer(a.lead.token),
    });
    expect(activity.json().activity.map((e: { card_activity_status: string }) => e.card_activity_status)).toEqual([
      'completed_done',
      'done',
      'qa',
      'editing',
      'done',
      'qa',
      'editing',
    ]);
    expect(activity.json().activity[0]).toMatchObject({
      user_id: a.customer.id,
      firstname: 'Cleo',
      client_type: 'customer',
    });
  });

  it('gives the three completion messages of the spec', async () => {
    const editing = await newCard({ cardStatus: 'editing' });
    expect(
      (await call(a.customer.token, `/api/card/${editing.id}/markComplete`, { cardSection: 'done' })).json()
        .error_message,
    ).toBe(MSG.cardNotInDone);
    const repurpose = await newCard({ cardStatus: 'done', hasRepurpose: true });
    expect(
      (await call(a.customer.token, `/api/card/${repurpose.id}/markComplete`, { cardSection: 'done' })).json()
        .error_message,
    ).toBe(MSG.cardRepurposeEnabled);
    const inRepurpose = await newCard({ cardStatus: 'repurpose_editing', hasRepurpose: true });
    expect(
      (await call(a.customer.token, `/api/card/${inRepurpose.id}/markComplete`, { cardSection: 'repurpose' })).json()
        .error_message,
    ).toBe(MSG.cardInProgress);
    // Without cardSection the card's column says which part is meant.
    expect((await call(a.customer.token, `/api/card/${inRepurpose.id}/markComplete`, {})).json().error_message).toBe(
      MSG.cardInProgress,
    );
  });

  it('runs the repurpose loop and completes both parts', async () => {
    const card = await newCard({ cardStatus: 'done', hasRepurpose: true, repurposeAspect: '9:16' });
    expect(
      (await call(a.customer.token, `/api/card/${card.id}/moveCardSub`, { status: 'repurpose_editing', from: 'done' }))
        .statusCode,
    ).toBe(200);
    const noLink = await call(a.lead.token, `/api/card/${card.id}/moveCardSub`, {
      status: 'repurpose_done',
      from: 'repurpose_editing',
    });
    expect(noLink.json().field).toBe('done_link');
    expect(
      (
        await call(a.lead.token, `/api/card/${card.id}/moveCardSub`, {
          status: 'repurpose_done',
          from: 'repurpose_editing',
          done_link: ['https://example.com/916.mp4'],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(a.customer.token, `/api/card/${card.id}/markComplete`, { cardSection: 'repurpose' })).statusCode,
    ).toBe(200);
    expect(await cardOf(card.id)).toMatchObject({
      cardStatus: 'completed_done',
      isComplete: true,
      isRepurposeComplete: true,
      repurposeDoneLink: 'https://example.com/916.mp4',
    });
  });

  it('refuses moves outside the role table, data moves through the plain call, and paused cards', async () => {
    const card = await newCard({ cardStatus: 'video_request' });
    const byCustomer = await call(a.customer.token, `/api/card/${card.id}/move`, {
      card_status: 'video_request',
      newStatus: 'canceled',
    });
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().error_message).toBe(MSG.moveNotAllowed);
    const dataMove = await call(a.admin.token, `/api/card/${card.id}/move`, {
      card_status: 'video_request',
      newStatus: 'editing',
    });
    expect(dataMove.json().code).toBe('INVALID_CARD_STATUS');
    await t.app.inject({
      method: 'PUT',
      url: `/api/v2/card/${card.id}`,
      headers: bearer(a.lead.token),
      payload: { paused: 1 },
    });
    expect(
      (await call(a.lead.token, `/api/card/${card.id}/timeline`, { card_status: 'video_request' })).statusCode,
    ).toBe(403);
    expect(
      (await call(a.admin.token, `/api/card/${card.id}/move`, { card_status: 'video_request', newStatus: 'on_hold' }))
        .statusCode,
    ).toBe(200);
    expect(await cardOf(card.id)).toMatchObject({ cardStatus: 'on_hold', paused: true });
  });

  it('of 20 concurrent moves of one card exactly one wins; the others get 409 and change nothing', async () => {
    const card = await newCard({ cardStatus: 'editing' });
    const targets = ['on_hold', 'canceled'] as const;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 ? a.admin.token : a.lead.token, `/api/card/${card.id}/move`, {
          card_status: 'editing',
          newStatus: targets[i % 2],
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(results.find((r) => r.statusCode === 409)!.json().error_message).toBe(MSG.staleMove);
    const moves = await t.database.db
      .select()
      .from(cardActivity)
      .where(and(eq(cardActivity.cardId, card.id), eq(cardActivity.fromStatus, 'editing')));
    expect(moves).toHaveLength(1);
    expect((await cardOf(card.id)).cardStatus).toBe(moves[0]!.toStatus);
  });

  it('reorders video requests, archives and restores, and keeps customers off others’ cards', async () => {
    const [x, y] = [await newCard(), await newCard()];
    const sort = await call(a.customer.token, '/api/cards/updateSort', {
      cards: [
        { card_id: x.id, sort: 9 },
        { card_id: y.id, sort: 8 },
      ],
    });
    expect(sort.statusCode).toBe(200);
    expect((await cardOf(x.id)).sort).toBe(9);
    expect(
      (await call(a.customer2.token, '/api/cards/updateSort', { cards: [{ card_id: x.id, sort: 1 }] })).statusCode,
    ).toBe(404);

    const done = await newCard({ cardStatus: 'done' });
    expect((await call(a.customer.token, `/api/card/${x.id}/archive`)).statusCode).toBe(400);
    expect((await call(a.customer.token, `/api/card/${done.id}/archive`)).json().message).toBe(MSG.movedToArchive);
    const board = await t.app.inject({
      method: 'POST',
      url: '/api/getCards',
      headers: bearer(a.customer.token),
      payload: { section: 'done', limit: 50 },
    });
    expect(board.json().done_cards.map((c: { card_id: number }) => c.card_id)).not.toContain(done.id);
    expect((await call(a.customer.token, `/api/card/${done.id}/unarchive`)).statusCode).toBe(403);
    expect((await call(a.admin.token, `/api/card/${done.id}/unarchive`)).statusCode).toBe(200);
  });

  it("a rating counts for the card's QA whatever QA the payload names, even one that doesn't exist", async () => {
    for (const named of [a.editor.id, 2_000_000_000]) {
      const card = await newCard({ cardStatus: 'completed_done', isComplete: true });
      const res = await call(a.customer.token, `/api/card/${card.id}/rate`, { rating: 2, assigned_qa_id: named });
      expect(res.statusCode, res.body).toBe(200);
      const [rating] = await t.database.db.select().from(cardRatings).where(eq(cardRatings.cardId, card.id));
      expect(rating!.assignedQaId).toBe(a.qa.id);
    }
  });
});
