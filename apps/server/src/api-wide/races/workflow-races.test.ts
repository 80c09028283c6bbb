import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { cardActivity, cardRatings, cardVideos, cards } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { errorCodes, fireAtOnce, RACERS, statusesOf, winners } from './fire.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const call = (token: string, url: string, payload: object = {}, method: 'POST' | 'PUT' = 'POST') =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const cardOf = async (id: number) => (await t.database.db.select().from(cards).where(eq(cards.id, id)))[0]!;
const newCard = (values: Partial<typeof cards.$inferInsert> = {}) =>
  insertCard(t.database.db, { clientId: a.customer.id, assignedQaId: a.qa.id, assignedTo: a.editor.id, ...values });
const activityOf = (cardId: number, from: string, to: string[]) =>
  t.database.db
    .select()
    .from(cardActivity)
    .where(and(eq(cardActivity.cardId, cardId), eq(cardActivity.fromStatus, from), inArray(cardActivity.toStatus, to)));

describe('workflow races on one card, 20 at once', () => {
  it('mark as done: one delivery wins, with one activity and one video version', async () => {
    const card = await newCard({ cardStatus: 'qa' });
    const replies = await fireAtOnce((i) =>
      call(i % 2 ? a.admin.token : a.qa.token, `/api/card/${card.id}/done`, {
        card_status: 'qa',
        done_link: `https://example.com/done-${i}.mp4`,
        content_id: 'SYNC-1',
      }),
    );
    statusesOf(replies);
    const [won] = winners(replies);
    expect(winners(replies)).toHaveLength(1);
    expect(errorCodes(replies)).toEqual({ STALE_MOVE: RACERS - 1 });
    expect(await activityOf(card.id, 'qa', ['done'])).toHaveLength(1);
    const videos = await t.database.db.select().from(cardVideos).where(eq(cardVideos.cardId, card.id));
    expect(videos.map((v) => [v.version, v.videoUrl])).toEqual([[0, `https://example.com/done-${won}.mp4`]]);
    expect(await cardOf(card.id)).toMatchObject({
      cardStatus: 'done',
      doneVideoLink: `https://example.com/done-${won}.mp4`,
    });
  });

  it('mark complete: one completes the card, the rest are told it is no longer in done', async () => {
    const card = await newCard({ cardStatus: 'done' });
    const replies = await fireAtOnce(() =>
      call(a.customer.token, `/api/card/${card.id}/markComplete`, { card_id: card.id }),
    );
    expect(statusesOf(replies).filter((c) => c !== 200 && c !== 409)).toEqual([]);
    expect(winners(replies)).toHaveLength(1);
    expect(await activityOf(card.id, 'done', ['completed_done'])).toHaveLength(1);
    expect(await cardOf(card.id)).toMatchObject({ cardStatus: 'completed_done', isComplete: true });
  });

  it('revision: one sends the card back and the revision is counted once', async () => {
    const card = await newCard({ cardStatus: 'done', revisionNr: 2 });
    const replies = await fireAtOnce(() =>
      call(a.customer.token, `/api/card/${card.id}/revision`, { card_status: 'done' }),
    );
    statusesOf(replies);
    expect(winners(replies)).toHaveLength(1);
    expect(errorCodes(replies)).toEqual({ STALE_MOVE: RACERS - 1 });
    expect(await activityOf(card.id, 'done', ['editing'])).toHaveLength(1);
    expect(await cardOf(card.id)).toMatchObject({ cardStatus: 'editing', revisionNr: 3 });
  });

  it('revisions and deliveries interleaved: every revision made is counted, every delivery is a version', async () => {
    const card = await newCard({ cardStatus: 'done' });
    // Each racer asks for a revision, then delivers again: the card goes round done → editing → done.
    const rounds = await fireAtOnce(async (i) => {
      const revision = await call(a.customer.token, `/api/card/${card.id}/revision`, { card_status: 'done' });
      const done = await call(a.lead.token, `/api/card/${card.id}/done`, {
        card_status: 'editing',
        done_link: `https://example.com/round-${i}.mp4`,
      });
      return [revision, done] as const;
    });
    const revisions = rounds.map(([r]) => r);
    const deliveries = rounds.map(([, d]) => d);
    statusesOf([...revisions, ...deliveries]);
    const revised = winners(revisions).length;
    expect(revised).toBeGreaterThan(0);
    expect(await activityOf(card.id, 'done', ['editing'])).toHaveLength(revised);
    expect((await cardOf(card.id)).revisionNr).toBe(revised);
    const versions = new Set(
      (await t.database.db.select().from(cardVideos).where(eq(cardVideos.cardId, card.id))).map((v) => v.version),
    );
    expect(versions.size).toBe(winners(deliveries).length);
  });

  it('link edits against deliveries: the card shows the first link of its latest version', async () => {
    const card = await newCard({ cardStatus: 'done', doneVideoLink: 'https://example.com/v0.mp4', revisionNr: 1 });
    await t.database.db
      .insert(cardVideos)
      .values({ cardId: card.id, kind: 'done', version: 0, videoUrl: 'https://example.com/v0.mp4' });
    // Half send the card round with a new delivery; half replace the latest done link.
    const replies = await fireAtOnce(async (i) => {
      if (i % 2)
        return [
          await call(a.admin.token, '/api/card/changeDoneVideo', {
            card_id: card.id,
            done_video_link: `https://example.com/edited-${i}.mp4`,
          }),
        ];
      const revision = await call(a.customer.token, `/api/card/${card.id}/revision`, { card_status: 'done' });
      const done = await call(a.lead.token, `/api/card/${card.id}/done`, {
        card_status: 'editing',
        done_link: `https://example.com/delivered-${i}.mp4`,
      });
      return [revision, done];
    });
    statusesOf(replies.flat());
    const videos = await t.database.db.select().from(cardVideos).where(eq(cardVideos.cardId, card.id));
    const latest = Math.max(...videos.map((v) => v.version));
    const first = videos.find((v) => v.version === latest && v.position === 0)!;
    expect((await cardOf(card.id)).doneVideoLink).toBe(first.videoUrl);
  });

  it('archive and unarchive: one of each wins', async () => {
    const card = await newCard({ cardStatus: 'done' });
    const archives = await fireAtOnce(() => call(a.customer.token, `/api/card/${card.id}/archive`));
    statusesOf(archives);
    expect(winners(archives)).toHaveLength(1);
    expect((await cardOf(card.id)).archivedAt).not.toBeNull();
    const restores = await fireAtOnce(() => call(a.admin.token, `/api/card/${card.id}/unarchive`));
    statusesOf(restores);
    expect(winners(restores)).toHaveLength(1);
    expect(errorCodes(restores)).toEqual({ INVALID_CARD_STATUS: RACERS - 1 });
    expect((await cardOf(card.id)).archivedAt).toBeNull();
  });

  it('archive against revision and delivery: no card is archived outside done, complete or canceled', async () => {
    const card = await newCard({ cardStatus: 'done' });
    // Half archive; half send the card round done → editing → done, so it leaves done under the archivers.
    const replies = await fireAtOnce(async (i) => {
      if (i % 2) {
        // Archivers keep trying while the card goes round, until the card is archived.
        for (;;) {
          const archive = await call(a.customer.token, `/api/card/${card.id}/archive`);
          if (archive.statusCode === 200 || (await cardOf(card.id)).archivedAt) return [archive];
        }
      }
      const revision = await call(a.customer.token, `/api/card/${card.id}/revision`, { card_status: 'done' });
      const done = await call(a.lead.token, `/api/card/${card.id}/done`, {
        card_status: 'editing',
        done_link: `https://example.com/round-${i}.mp4`,
      });
      return [revision, done];
    });
    statusesOf(replies.flat());
    expect(winners(replies.map(([first]) => first!)).filter((i) => i % 2)).toHaveLength(1);
    const row = await cardOf(card.id);
    expect(row.archivedAt).not.toBeNull();
    expect(row.cardStatus).toBe('done');
  });

  it('pause against cancel by a team lead: never both, so no canceled card is left paused', async () => {
    const card = await newCard();
    const replies = await fireAtOnce((i) =>
      i % 2
        ? call(a.lead.token, `/api/v2/card/${card.id}`, { paused: 1 }, 'PUT')
        : call(a.lead.token, `/api/card/${card.id}/move`, { card_status: 'video_request', newStatus: 'canceled' }),
    );
    statusesOf(replies);
    const paused = winners(replies).filter((i) => i % 2).length;
    const canceled = winners(replies).filter((i) => !(i % 2)).length;
    expect(canceled).toBeLessThanOrEqual(1);
    expect({ paused: paused > 0, canceled: canceled > 0 }).not.toEqual({ paused: true, canceled: true });
    const row = await cardOf(card.id);
    expect({ paused: row.paused, canceled: row.cardStatus === 'canceled' }).toEqual({
      paused: paused > 0,
      canceled: canceled > 0,
    });
  });

  it('reorders in opposite orders: all finish, and the queue is one reorder whole', async () => {
    const queue = await Promise.all(Array.from({ length: 4 }, () => newCard()));
    const replies = await fireAtOnce((i) => {
      const order = i % 2 ? [...queue].reverse() : queue;
      return call(a.customer.token, '/api/cards/updateSort', {
        cards: order.map((c) => ({ card_id: c.id, sort: i * 100 + queue.indexOf(c) })),
      });
    });
    expect(statusesOf(replies)).toEqual(Array<number>(RACERS).fill(200));
    const sorts = await Promise.all(queue.map(async (c) => (await cardOf(c.id)).sort));
    const from = Math.floor(sorts[0]! / 100);
    expect(sorts).toEqual(queue.map((_, j) => from * 100 + j));
  });

  it('ratings: 20 ratings of one card leave one, whole, from one of them', async () => {
    const card = await newCard({ cardStatus: 'completed_done', isComplete: true });
    const replies = await fireAtOnce((i) =>
      call(a.customer.token, `/api/card/${card.id}/rate`, { card_id: card.id, rating: (i % 5) + 1, comment: `c${i}` }),
    );
    expect(statusesOf(replies)).toEqual(Array<number>(RACERS).fill(200));
    const ratings = await t.database.db.select().from(cardRatings).where(eq(cardRatings.cardId, card.id));
    expect(ratings).toHaveLength(1);
    const i = Number(ratings[0]!.comment!.slice(1));
    expect(ratings[0]!.rating).toBe((i % 5) + 1);
  });

  it('assignment: 20 assignments leave the card with one of the people chosen', async () => {
    const card = await newCard({ assignedTo: null });
    const people = [a.editor.id, a.lead.id, a.qa.id];
    const replies = await fireAtOnce((i) =>
      call(i % 2 ? a.admin.token : a.lead.token, '/api/card/assign', {
        card_id: card.id,
        assign_to: people[i % 3],
      }),
    );
    expect(statusesOf(replies)).toEqual(Array<number>(RACERS).fill(200));
    const row = await cardOf(card.id);
    expect(people).toContain(row.assignedTo);
    expect(row.assignedAt).not.toBeNull();
  });
});
