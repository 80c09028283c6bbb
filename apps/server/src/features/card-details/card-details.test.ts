import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@cutroom/domain';
import { cardEvents, cardNotes, cardRatings, cardVideos, cards, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { createSession } from '../../platform/auth.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const nameOf = async (id: number) => {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, id));
  return `${u!.firstname} ${u!.lastname}`;
};
const cardOf = async (id: number) => (await t.database.db.select().from(cards).where(eq(cards.id, id)))[0]!;

describe('card detail operations', () => {
  it('assigns to staff only and lets the new assignee see the card', async () => {
    const card = await insertCard(t.database.db, { clientId: a.customer.id, cardStatus: 'editing' });
    const before = await t.app.inject({ method: 'GET', url: `/api/card/${card.id}`, headers: bearer(a.editor.token) });
    expect(before.statusCode).toBe(404);
    expect(
      (await post(a.lead.token, '/api/card/assign', { card_id: card.id, assign_to: a.customer.id })).json().field,
    ).toBe('assign_to');
    expect(
      (await post(a.lead.token, '/api/card/assign', { card_id: card.id, assign_to: a.editor.id })).statusCode,
    ).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/card/${card.id}`, headers: bearer(a.editor.token) });
    expect(after.json()).toMatchObject({ assigned_to: a.editor.id, assigned_to_name: 'Eddie Cutter' });
  });

  it("makes an assigned QA the card's QA, so they see it; a lead must lead the customer", async () => {
    const [qa2, lead2] = await t.database.db
      .insert(users)
      .values(
        (['qa', 'team-lead'] as const).map((role) => ({
          clientType: role,
          firstname: 'Other',
          lastname: role,
          useremail: `other-${role}-${Date.now()}@example.com`,
          passwordHash: 'x',
        })),
      )
      .returning();
    const card = await insertCard(t.database.db, {
      clientId: a.customer.id,
      cardStatus: 'editing',
      assignedQaId: a.qa.id,
    });
    const qaSession = await createSession(t.database.db, qa2!.id, false, 'test');
    const seenByQa2 = () => t.app.inject({ method: 'GET', url: `/api/card/${card.id}`, headers: bearer(qaSession) });
    expect((await seenByQa2()).statusCode).toBe(404);
    expect((await post(a.admin.token, '/api/card/assign', { card_id: card.id, assign_to: qa2!.id })).statusCode).toBe(
      200,
    );
    expect(await cardOf(card.id)).toMatchObject({ assignedTo: qa2!.id, assignedQaId: qa2!.id });
    expect((await seenByQa2()).statusCode).toBe(200);

    const refused = await post(a.admin.token, '/api/card/assign', { card_id: card.id, assign_to: lead2!.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'assign_to', error_message: MSG.assigneeNotOnCustomer });
    expect((await cardOf(card.id)).assignedTo).toBe(qa2!.id);
    // The demo lead leads this customer's QA, so sees the card and may hold it.
    expect((await post(a.admin.token, '/api/card/assign', { card_id: card.id, assign_to: a.lead.id })).statusCode).toBe(
      200,
    );
  });

  it("refuses a bad due date with the spec's message", async () => {
    const card = await insertCard(t.database.db, { clientId: a.customer.id, assignedQaId: a.qa.id });
    for (const due_date of ['', 'tomorrow', '1999-01-01', null, undefined, 20300501]) {
      const res = await post(a.qa.token, '/api/card/updateDueDate', { card_id: card.id, due_date });
      expect(res.statusCode, String(due_date)).toBe(400);
      expect(res.json().error_message, String(due_date)).toBe(MSG.invalidDueDate);
    }
    expect(
      (await post(a.qa.token, '/api/card/updateDueDate', { card_id: card.id, due_date: '2030-05-01T16:00:00Z' }))
        .statusCode,
    ).toBe(200);
    expect((await cardOf(card.id)).dueDate?.toISOString()).toBe('2030-05-01T16:00:00.000Z');
  });

  it('replaces a done video link, Sync IDs and YouTube-helper links by the allowed roles', async () => {
    const card = await insertCard(t.database.db, {
      clientId: a.customer.id,
      cardStatus: 'done',
      assignedQaId: a.qa.id,
      doneVideoLink: 'https://example.com/old.mp4',
    });
    const [video] = await t.database.db
      .insert(cardVideos)
      .values({ cardId: card.id, kind: 'done', version: 0, videoUrl: 'https://example.com/old.mp4' })
      .returning();
    expect(
      (
        await post(a.customer.token, '/api/card/changeDoneVideo', {
          card_id: card.id,
          done_video_link: 'https://example.com/x.mp4',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(a.qa.token, '/api/card/changeDoneVideo', {
          card_id: card.id,
          done_video_link: 'https://example.com/new.mp4',
          video_id: video!.id,
        })
      ).statusCode,
    ).toBe(200);
    expect((await cardOf(card.id)).doneVideoLink).toBe('https://example.com/new.mp4');
    expect(
      (
        await post(a.qa.token, '/api/card/changeDoneVideo', {
          card_id: card.id,
          thumbnails_link: 'https://example.com/thumbs',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(a.lead.token, '/api/card/changeDoneVideo', {
          card_id: card.id,
          thumbnails_link: 'https://example.com/thumbs',
        })
      ).statusCode,
    ).toBe(200);
    expect((await post(a.lead.token, '/api/card/changeDoneVideo', { card_id: card.id })).statusCode).toBe(400);
    // The spec's form sends the links it doesn't change as '': ignored, as if left out.
    const withEmpty = await post(a.lead.token, '/api/card/changeDoneVideo', {
      card_id: card.id,
      done_video_link: 'https://example.com/newer.mp4',
      unlisted_video_link: '',
      yt_snippet_link: '',
    });
    expect(withEmpty.statusCode, withEmpty.body).toBe(200);
    expect((await cardOf(card.id)).doneVideoLink).toBe('https://example.com/newer.mp4');
    const onlyEmpty = await post(a.lead.token, '/api/card/changeDoneVideo', { card_id: card.id, done_video_link: '' });
    expect(onlyEmpty.json()).toMatchObject({ error_message: MSG.oneLinkAtATime });
    expect(
      (await post(a.qa.token, '/api/card/changeContentId', { card_id: card.id, contentId: 'SYNC-1, SYNC-2,SYNC-1' }))
        .statusCode,
    ).toBe(200);
    expect((await cardOf(card.id)).contentId).toBe('SYNC-1,SYNC-2');
    expect(
      (await post(a.qa.token, '/api/card/changeContentId', { card_id: card.id, contentId: '<b>x</b>' })).statusCode,
    ).toBe(400);
  });

  it('replaces a repurposed video link for admin and team lead only (spec 001 §6)', async () => {
    const card = await insertCard(t.database.db, {
      clientId: a.customer.id,
      cardStatus: 'repurpose_done',
      hasRepurpose: true,
      assignedQaId: a.qa.id,
      doneVideoLink: 'https://example.com/done.mp4',
      repurposeDoneLink: 'https://example.com/short-old.mp4',
    });
    const [done, short] = await t.database.db
      .insert(cardVideos)
      .values([
        { cardId: card.id, kind: 'done', version: 0, videoUrl: 'https://example.com/done.mp4' },
        { cardId: card.id, kind: 'repurpose', version: 0, videoUrl: 'https://example.com/short-old.mp4' },
      ])
      .returning();
    const change = (token: string, extra: object) =>
      post(token, '/api/card/changeDoneVideo', {
        card_id: card.id,
        done_video_link: 'https://example.com/short.mp4',
        ...extra,
      });
    expect((await change(a.qa.token, { type: 'repurpose' })).statusCode).toBe(403);
    expect((await change(a.qa.token, { video_id: short!.id })).statusCode).toBe(403);
    expect((await change(a.customer.token, { type: 'repurpose' })).statusCode).toBe(403);
    expect(await cardOf(card.id)).toMatchObject({ repurposeDoneLink: 'https://example.com/short-old.mp4' });
    // A repurpose type with a done video's id names nothing of that kind.
    expect((await change(a.lead.token, { type: 'repurpose', video_id: done!.id })).statusCode).toBe(404);

    expect((await change(a.lead.token, { type: 'repurpose' })).statusCode).toBe(200);
    expect(await cardOf(card.id)).toMatchObject({
      repurposeDoneLink: 'https://example.com/short.mp4',
      doneVideoLink: 'https://example.com/done.mp4',
    });
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/card/${card.id}`, headers: bearer(a.admin.token) })
    ).json();
    expect(view.repurpose_video_versions['version-0'][0]).toMatchObject({
      video_id: short!.id,
      video_url: 'https://example.com/short.mp4',
    });
    expect(view.video_versions['version-0'][0]).toMatchObject({ video_url: 'https://example.com/done.mp4' });
    expect((await change(a.admin.token, { video_id: short!.id })).statusCode).toBe(200);
  });

  it('attaches subtitles only for the card’s QA and plans with subtitles, and records opens', async () => {
    const card = await insertCard(t.database.db, {
      clientId: a.customer.id,
      cardStatus: 'done',
      assignedQaId: a.qa.id,
    });
    expect(
      (await post(a.qa.token, `/api/card/${card.id}/srtFile`, { srt_file: 'https://example.com/c.srt' })).json()
        .message,
    ).toBe(MSG.fileUploaded);
    const other = await insertCard(t.database.db, {
      clientId: a.customer2.id,
      cardStatus: 'done',
      assignedQaId: a.qa.id,
    });
    expect(
      (await post(a.admin.token, `/api/card/${other.id}/srtFile`, { srt_file: 'https://example.com/c.srt' })).json()
        .code,
    ).toBe('INVALID_CARD_DATA');

    const open = await t.app.inject({
      method: 'GET',
      url: `/api/add-card-event/${card.id}?type=card_open`,
      headers: bearer(a.customer.token),
    });
    expect(open.statusCode).toBe(200);
    expect(await t.database.db.select().from(cardEvents).where(eq(cardEvents.cardId, card.id))).toMatchObject([
      { userId: a.customer.id, type: 'card_open' },
    ]);
  });

  it("answers the spec's remaining card fields: New York times, revision counts, names, ratings, chat counts, thumbnails", async () => {
    const card = await insertCard(t.database.db, {
      clientId: a.customer.id,
      cardStatus: 'completed_done',
      isComplete: true,
      assignedQaId: a.qa.id,
      hasYoutubeHelper: true,
      ytHelperId: a.helper.id,
      ytCardRevision: 1,
      revisionNr: 2,
      repurposeRevisionNr: 1,
      dueDate: new Date('2030-07-04T16:30:00Z'),
      thumbnailsLink: 'https://example.com/t1.png|https://example.com/t2.png',
    });
    await t.database.db.insert(cardRatings).values([
      { cardId: card.id, cardType: 'done', rating: 4, comment: 'Great pacing' },
      { cardId: card.id, cardType: 'repurpose', rating: 5, comment: null },
    ]);
    const note = (authorId: number, chat: 'customer' | 'team' | 'yt', minutesAgo: number, isDeleted = false) => ({
      cardId: card.id,
      chat,
      note: 'A note',
      authorId,
      isDeleted,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    await t.database.db
      .insert(cardNotes)
      .values([
        note(a.customer.id, 'customer', 30),
        note(a.qa.id, 'customer', 20),
        note(a.qa.id, 'customer', 5),
        note(a.qa.id, 'customer', 4, true),
        note(a.lead.id, 'team', 3),
        note(a.helper.id, 'yt', 2),
      ]);
    // The customer last opened the card ten minutes ago: one customer-chat note and the helper's note came since.
    await t.database.db.insert(cardEvents).values({
      cardId: card.id,
      userId: a.customer.id,
      type: 'card_open',
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/card/${card.id}`, headers: bearer(a.customer.token) })
    ).json();
    expect(view).toMatchObject({
      convertedTime: '2030-07-04 12:30',
      convertedYTHelperTime: null,
      role: 'customer',
      revisionCount: { done: 2, repurpose: 1 },
      qa_assigned_to: await nameOf(a.qa.id),
      yt_assigned_to: await nameOf(a.helper.id),
      rating: 4,
      comment: 'Great pacing',
      doneCardRatingComment: 'Great pacing',
      repurposeDoneCardRatingComment: null,
      comments: 3,
      unseenComments: 1,
      yt_comments: 1,
      unseenComments_ytHelper: 1,
      thumbnail_links: ['https://example.com/t1.png', 'https://example.com/t2.png'],
      thumbnail_count: 2,
      thumbnail_version: 1,
    });
    expect(typeof view.timezone).toBe('string');
    // Someone who never opened the card has every note by others unseen.
    const admin = (
      await t.app.inject({ method: 'GET', url: `/api/card/${card.id}`, headers: bearer(a.admin.token) })
    ).json();
    expect(admin).toMatchObject({ comments: 3, unseenComments: 3, yt_comments: 1, unseenComments_ytHelper: 1 });
  });
});
