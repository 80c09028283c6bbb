import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@cutroom/domain';
import type { YtCardsReply } from '@cutroom/domain/schemas';
import { cardActivity, cards, customerYtHelpers, notifications, users } from '../../db/schema.js';
import { createTestApp, listenLocal, type TestApp } from '../../test/test-app.js';
import { connectSse } from '../../test/sse-client.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { createSession } from '../../platform/auth.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
/** A second helper with a session of their own. */
let other: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  const [row] = await t.database.db
    .insert(users)
    .values({
      clientType: 'yt-helper',
      firstname: 'Second',
      lastname: 'Helper',
      useremail: 'second-helper@example.com',
      passwordHash: 'x',
    })
    .returning();
  other = { id: row!.id, token: await createSession(t.database.db, row!.id, false, 'test') };
});
afterAll(() => t.close());

const post = (token: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const cardOf = async (id: number) => (await t.database.db.select().from(cards).where(eq(cards.id, id)))[0]!;
/** A card of the demo customer (who has the helper plan) in a given state. */
const newCard = (values: Partial<typeof cards.$inferInsert> = {}) =>
  insertCard(t.database.db, { clientId: a.customer.id, assignedQaId: a.qa.id, ...values });
/** A card already on the helper board. */
const onBoard = (status: string, helperId: number | null = a.helper.id) =>
  newCard({
    cardStatus: 'completed_done',
    isComplete: true,
    hasYoutubeHelper: true,
    ytCardStatus: status,
    ytHelperId: helperId,
  });
const board = async (token: string, body: object = {}) => {
  const res = await post(token, '/api/ythelper/cards', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<YtCardsReply>();
};
const idsIn = (reply: YtCardsReply, key: keyof YtCardsReply) =>
  (reply[key] as { card_id: number }[] | undefined)?.map((c) => c.card_id) ?? [];
const assets = {
  thumbnailLinkUrlArray: ['https://example.com/a.png', 'https://example.com/b.png'],
  snippetLink: 'https://example.com/snippet.mp4',
  unlistedLink: 'https://youtu.be/abc',
  videoDescription: '<p>Chapters</p><script>alert(1)</script>',
};

describe('entering the helper board', () => {
  it('a card with the helper joins the board as assigned when the customer completes it, with a 48-hour helper timeline', async () => {
    const card = await newCard({ cardStatus: 'done', hasYoutubeHelper: true, ytHelperId: a.helper.id });
    expect((await board(a.helper.token)).assigned?.some((c) => c.card_id === card.id)).toBe(false);
    const done = await post(a.customer.token, `/api/card/${card.id}/markComplete`, { status: 1 });
    expect(done.statusCode, done.body).toBe(200);
    const after = await cardOf(card.id);
    expect(after.ytCardStatus).toBe('assigned');
    expect(after.ytTimeline).toBe(48);
    expect(after.ytDueDate!.getTime() - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect(idsIn(await board(a.helper.token), 'assigned')).toContain(card.id);
  });

  it('a card without the helper stays off the board when completed', async () => {
    const card = await newCard({ cardStatus: 'done' });
    await post(a.customer.token, `/api/card/${card.id}/markComplete`, { status: 1 });
    expect((await cardOf(card.id)).ytCardStatus).toBeNull();
    expect(idsIn(await board(a.admin.token, { section: 'assigned', limit: 50 }), 'assigned')).not.toContain(card.id);
  });

  it("goes to the customer's helper with fewer open helper cards, the first slot on a tie", async () => {
    const db = t.database.db;
    const [customer] = await db
      .insert(users)
      .values({
        clientType: 'customer',
        firstname: 'Two',
        lastname: 'Helpers',
        useremail: 'two-helpers@example.com',
        passwordHash: 'x',
        hasYoutubeHelper: true,
      })
      .returning();
    await db.insert(customerYtHelpers).values([
      { customerId: customer!.id, helperId: a.helper.id, slot: 0 },
      { customerId: customer!.id, helperId: other.id, slot: 1 },
    ]);
    const complete = async () => {
      const card = await insertCard(db, { clientId: customer!.id, cardStatus: 'done', hasYoutubeHelper: true });
      const res = await post(a.admin.token, `/api/card/${card.id}/markComplete`, { status: 1 });
      expect(res.statusCode, res.body).toBe(200);
      return (await cardOf(card.id)).ytHelperId;
    };
    // The demo helper already has open helper cards from the tests above; the second has none.
    expect(await complete()).toBe(other.id);
    await db
      .update(cards)
      .set({ ytCardStatus: 'completed', ytIsComplete: true })
      .where(eq(cards.ytHelperId, a.helper.id));
    // Now one open card each way round: the second helper has one, the demo helper none.
    expect(await complete()).toBe(a.helper.id);
    // One each: the tie goes to the first slot.
    expect(await complete()).toBe(a.helper.id);
  });

  it('turning the helper on for a complete card puts it on the board at once', async () => {
    const card = await newCard({ cardStatus: 'completed_done', isComplete: true });
    const res = await post(a.customer.token, `/api/card/${card.id}/enableCardYtHelper`, {
      client_id: a.customer.id,
      card_id: card.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await cardOf(card.id)).ytCardStatus).toBe('assigned');
  });
});

describe('the helper board', () => {
  it('shows each role what it may see, pages by 10 and counts every column', async () => {
    const mine = await onBoard('inProgress');
    const theirs = await onBoard('inProgress', other.id);
    const helperView = await board(a.helper.token, { with_counts: true });
    expect(idsIn(helperView, 'inProgress')).toContain(mine.id);
    expect(idsIn(helperView, 'inProgress')).not.toContain(theirs.id);
    expect(Object.keys(helperView.counts!)).toEqual([
      'assigned',
      'inProgress',
      'ytQA',
      'inDone',
      'cancelled',
      'completed',
    ]);
    expect(idsIn(await board(a.helperLead.token), 'inProgress')).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(idsIn(await board(a.customer.token), 'inProgress')).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(idsIn(await board(a.customer2.token), 'inProgress')).toEqual([]);
    expect(idsIn(await board(a.editor.token), 'inProgress')).toEqual([]);

    for (let i = 0; i < 11; i++) await onBoard('ytQA');
    const first = await board(a.admin.token, { section: 'ytQA' });
    expect(Object.keys(first)).toEqual(['ytQA']);
    expect(first.ytQA).toHaveLength(10);
    const second = await board(a.admin.token, { section: 'ytQA', offset: 10 });
    expect(second.ytQA!.length).toBeGreaterThanOrEqual(1);
    expect(second.ytQA!.some((c) => first.ytQA!.some((f) => f.card_id === c.card_id))).toBe(false);
  });

  it("serves staff who may switch modes the helper cards they see: a team lead's and a QA's customers', an editor's own", async () => {
    const card = await onBoard('ytQA');
    const edited = await newCard({
      cardStatus: 'completed_done',
      isComplete: true,
      hasYoutubeHelper: true,
      ytCardStatus: 'ytQA',
      ytHelperId: a.helper.id,
      assignedTo: a.editor.id,
    });
    const ytQA = async (token: string) => idsIn(await board(token, { section: 'ytQA', limit: 50 }), 'ytQA');
    expect(await ytQA(a.lead.token)).toEqual(expect.arrayContaining([card.id, edited.id]));
    expect(await ytQA(a.qa.token)).toEqual(expect.arrayContaining([card.id, edited.id]));
    expect(await ytQA(a.editor.token)).toEqual([edited.id]);
  });

  it('searches by title and lets the helper lead view the board as a helper', async () => {
    const named = await newCard({
      cardTitle: 'Thumbnail sprint 100%',
      cardStatus: 'completed_done',
      isComplete: true,
      hasYoutubeHelper: true,
      ytCardStatus: 'assigned',
      ytHelperId: other.id,
    });
    expect(idsIn(await board(a.admin.token, { card_name: 'sprint 100%' }), 'assigned')).toEqual([named.id]);
    expect(idsIn(await board(a.helperLead.token, { view_as: other.id }), 'assigned')).toContain(named.id);
    expect(idsIn(await board(a.helperLead.token, { view_as: a.helper.id }), 'assigned')).not.toContain(named.id);
    expect((await post(a.helper.token, '/api/ythelper/cards', { view_as: other.id })).statusCode).toBe(403);
    // An empty view_as, as the spec's board sends it, is none: the lead's own board.
    expect(await board(a.helperLead.token, { view_as: '' })).toEqual(await board(a.helperLead.token));
  });
});

describe('helper moves', () => {
  it('the helper starts, hands the assets to QA, the lead passes QA, the helper marks it ready for upload', async () => {
    const card = await onBoard('assigned');
    const url = (call: string) => `/api/ythelper/card/${card.id}/${call}`;
    expect((await post(a.helper.token, url('move'), { source: 'assigned', target: 'inProgress' })).statusCode).toBe(
      200,
    );

    const noThumb = await post(a.helper.token, url('done'), {
      ...assets,
      source: 'inProgress',
      thumbnailLinkUrlArray: ['', ''],
    });
    expect(noThumb.statusCode).toBe(400);
    expect(noThumb.json().error_message).toBe(MSG.ytThumbnailRequired);
    const noSnippet = await post(a.helper.token, url('done'), { ...assets, source: 'inProgress', snippetLink: '' });
    expect(noSnippet.statusCode).toBe(400);
    expect(noSnippet.json().error_message).toBe(MSG.ytSnippetRequired);
    expect((await cardOf(card.id)).ytCardStatus).toBe('inProgress');

    const handed = await post(a.helper.token, url('done'), { ...assets, source: 'inProgress' });
    expect(handed.statusCode, handed.body).toBe(200);
    let now = await cardOf(card.id);
    expect(now.ytCardStatus).toBe('ytQA');
    expect(now.thumbnailsLink).toBe('https://example.com/a.png|https://example.com/b.png');
    expect(now.ytCardDescription).toBe('<p>Chapters</p>');

    // Passing QA is the lead's; the helper is refused and nothing changes.
    expect((await post(a.helper.token, url('doneSkip'), { source: 'ytQA', skip: true })).statusCode).toBe(403);
    expect((await post(a.helperLead.token, url('doneSkip'), { source: 'ytQA', skip: true })).statusCode).toBe(200);
    now = await cardOf(card.id);
    expect(now.ytCardStatus).toBe('inDone');
    expect(now.unlistedVideoLink).toBe(assets.unlistedLink);

    // A helper can't rate their own work: the completion with a rating is refused as a whole.
    const selfRated = await post(a.helper.token, url('markComplete'), { status: 1, rating: 5 });
    expect(selfRated.statusCode).toBe(403);
    expect((await cardOf(card.id)).ytIsComplete).toBe(false);
    const ready = await post(a.helper.token, url('markComplete'), { status: 1, buttonText: 'Ready For Upload' });
    expect(ready.statusCode, ready.body).toBe(200);
    now = await cardOf(card.id);
    expect([now.ytCardStatus, now.ytIsComplete]).toEqual(['completed', true]);
    const moves = await t.database.db.select().from(cardActivity).where(eq(cardActivity.cardId, card.id));
    expect(moves.map((m) => `${m.fromStatus}>${m.toStatus}`)).toEqual([
      'yt:assigned>yt:inProgress',
      'yt:inProgress>yt:ytQA',
      'yt:ytQA>yt:inDone',
      'yt:inDone>yt:completed',
    ]);
    // The customer rates the helper side once it is complete.
    const rated = await post(a.customer.token, `/api/card/${card.id}/rate`, { rating: 4, card_type: 'yt' });
    expect(rated.statusCode, rated.body).toBe(200);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/card/${card.id}`,
      headers: bearer(a.customer.token),
    });
    expect(detail.json().ythelperCardRating).toBe(4);
    // Completed is final: no one may move it on.
    expect((await post(a.admin.token, url('move'), { target: 'cancelled' })).statusCode).toBe(403);
  });

  it('the lead completes with a rating in the same call; a revision sends Review back to In Progress', async () => {
    const rated = await onBoard('inDone');
    const res = await post(a.helperLead.token, `/api/ythelper/card/${rated.id}/markComplete`, {
      status: 1,
      rating: 5,
      comment: 'Great',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = await t.app.inject({ method: 'GET', url: `/api/card/${rated.id}`, headers: bearer(a.admin.token) });
    expect(detail.json().ythelperCardRating).toBe(5);

    const sentBack = await onBoard('inDone');
    const revision = await post(a.helper.token, `/api/ythelper/card/${sentBack.id}/revision`, {
      card_status: 'inDone',
    });
    expect(revision.statusCode, revision.body).toBe(200);
    expect(revision.json().message).toBe(MSG.movedToRevision);
    const now = await cardOf(sentBack.id);
    expect([now.ytCardStatus, now.ytCardRevision]).toEqual(['inProgress', 1]);
  });

  it('refuses a stale source, a card not on the board, the wrong call and customers', async () => {
    const card = await onBoard('inProgress');
    const stale = await post(a.admin.token, `/api/ythelper/card/${card.id}/move`, {
      source: 'assigned',
      target: 'cancelled',
    });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_MOVE']);
    // inProgress → ytQA carries the assets: not through the plain move.
    expect((await post(a.admin.token, `/api/ythelper/card/${card.id}/move`, { target: 'ytQA' })).statusCode).toBe(400);
    expect(
      (await post(a.customer.token, `/api/ythelper/card/${card.id}/move`, { target: 'cancelled' })).statusCode,
    ).toBe(403);

    const notYet = await newCard({ cardStatus: 'editing', hasYoutubeHelper: true, ytHelperId: a.helper.id });
    const early = await post(a.admin.token, `/api/ythelper/card/${notYet.id}/move`, { target: 'inProgress' });
    expect([early.statusCode, early.json().error_message]).toEqual([400, MSG.ytNotOnBoard]);
    expect((await cardOf(card.id)).ytCardStatus).toBe('inProgress');
  });

  it("answers 'Card Is Not in Done' to Ready For Upload outside Review, as the normal markComplete does", async () => {
    for (const status of ['assigned', 'inProgress', 'ytQA', 'cancelled'] as const) {
      const card = await onBoard(status);
      for (const token of [a.helper.token, a.helperLead.token]) {
        const res = await post(token, `/api/ythelper/card/${card.id}/markComplete`, { status: 1 });
        expect([res.statusCode, res.json().code, res.json().error_message], status).toEqual([
          409,
          'CARD_NOT_IN_DONE',
          MSG.cardNotInDone,
        ]);
      }
      expect((await cardOf(card.id)).ytIsComplete).toBe(false);
    }
    // Someone else's card stays out of sight (404) whatever column it is in.
    const theirs = await onBoard('inProgress', other.id);
    expect((await post(a.helper.token, `/api/ythelper/card/${theirs.id}/markComplete`, { status: 1 })).statusCode).toBe(
      404,
    );
  });

  it('a paused card moves on the helper board only for admin', async () => {
    const card = await newCard({
      cardStatus: 'completed_done',
      isComplete: true,
      hasYoutubeHelper: true,
      ytCardStatus: 'assigned',
      ytHelperId: a.helper.id,
      paused: true,
    });
    expect(
      (await post(a.helper.token, `/api/ythelper/card/${card.id}/move`, { target: 'inProgress' })).statusCode,
    ).toBe(403);
    expect((await post(a.admin.token, `/api/ythelper/card/${card.id}/move`, { target: 'inProgress' })).statusCode).toBe(
      200,
    );
  });

  it('a helper move notifies the customer and the lead, not the mover', async () => {
    const card = await onBoard('assigned');
    await post(a.helper.token, `/api/ythelper/card/${card.id}/move`, { target: 'inProgress' });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.cardId, card.id));
    const recipients = new Set(notes.map((n) => n.recipientId));
    expect(recipients.has(a.customer.id)).toBe(true);
    expect(recipients.has(a.helperLead.id)).toBe(true);
    expect(recipients.has(a.helper.id)).toBe(false);
    expect(notes[0]!.data).toContain('YouTube helper: In Progress');
  });
});

describe('live', () => {
  // The app listens once for the whole file; each test opens its own streams.
  let baseUrl: string | undefined;
  const listening = async () => (baseUrl ??= await listenLocal(t.app));
  it('a helper move reaches every open helper board that may see the card within a second, and no other', async () => {
    const base = await listening();
    const lead = connectSse(`${base}/api/events`, bearer(a.helperLead.token));
    const stranger = connectSse(`${base}/api/events`, bearer(other.token));
    await Promise.all([lead.ready, stranger.ready]);
    const card = await onBoard('assigned');
    const started = Date.now();
    expect(
      (await post(a.helper.token, `/api/ythelper/card/${card.id}/move`, { target: 'inProgress' })).statusCode,
    ).toBe(200);
    const got = await lead.waitFor((m) => m.event === 'card.updated' && m.data.card_id === card.id);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(got.data).toMatchObject({ yt_card_status: 'inProgress' });
    // Events arrive in order: once the other helper hears of their own card, the first was withheld.
    const theirs = await onBoard('assigned', other.id);
    await post(other.token, `/api/ythelper/card/${theirs.id}/move`, { target: 'inProgress' });
    await stranger.waitFor((m) => m.data.card_id === theirs.id);
    expect(stranger.received.some((m) => m.data.card_id === card.id)).toBe(false);
    await Promise.all([lead.close(), stranger.close()]);
  });

  it('a reassignment reaches the helper who lost the card as well as the one who got it', async () => {
    const base = await listening();
    const losing = connectSse(`${base}/api/events`, bearer(a.helper.token));
    const getting = connectSse(`${base}/api/events`, bearer(other.token));
    await Promise.all([losing.ready, getting.ready]);
    const card = await onBoard('inProgress');
    const res = await post(a.helperLead.token, '/api/ythelper/card/assign', { card_id: card.id, assign_to: other.id });
    expect(res.statusCode, res.body).toBe(200);
    const isIt = (m: { event: string; data: Record<string, unknown> }) =>
      m.event === 'card.updated' && m.data.card_id === card.id;
    expect((await losing.waitFor(isIt)).data).toMatchObject({ yt_helper_id: other.id });
    expect((await getting.waitFor(isIt)).data).toMatchObject({ yt_helper_id: other.id });
    // Off their board now: the helper who lost it reads it no more.
    expect(idsIn(await board(a.helper.token, { section: 'inProgress', limit: 50 }), 'inProgress')).not.toContain(
      card.id,
    );
    await Promise.all([losing.close(), getting.close()]);
  });
});

describe('assignment, due date and description', () => {
  it('the lead reassigns to a helper, never to anyone else', async () => {
    const card = await onBoard('assigned');
    const wrong = await post(a.helperLead.token, '/api/ythelper/card/assign', {
      card_id: card.id,
      assign_to: a.editor.id,
    });
    expect([wrong.statusCode, wrong.json().error_message]).toEqual([400, MSG.chooseYtHelper]);
    const ok = await post(a.helperLead.token, '/api/ythelper/card/assign', { card_id: card.id, assign_to: other.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await cardOf(card.id)).ytHelperId).toBe(other.id);
    // The card left the first helper: now it is another helper's card to them (404).
    expect(
      (await post(a.helper.token, `/api/ythelper/card/${card.id}/move`, { target: 'inProgress' })).statusCode,
    ).toBe(404);
  });

  it('sets the helper due date, refusing a date that is not one', async () => {
    const card = await onBoard('inProgress');
    const bad = await post(a.admin.token, '/api/ythelper/card/updateDueDate', { card_id: card.id, due_date: 'soon' });
    expect([bad.statusCode, bad.json().error_message]).toEqual([400, MSG.invalidDueDate]);
    const ok = await post(a.admin.token, '/api/ythelper/card/updateDueDate', {
      card_id: card.id,
      due_date: '2027-02-01T17:00:00.000Z',
    });
    expect(ok.statusCode).toBe(200);
    expect((await cardOf(card.id)).ytDueDate!.toISOString()).toBe('2027-02-01T17:00:00.000Z');
  });

  it('the generic-looking update writes the sanitized description and refuses any other field', async () => {
    const card = await onBoard('inProgress');
    const url = '/api/generic/update/vc_ythelper_card/';
    const ok = await post(a.helper.token, url, {
      data: { descriptions: '<p>Intro <img src=x onerror=alert(1)></p>' },
      specificConditions: { card_id: card.id },
    });
    expect([ok.statusCode, ok.json().message]).toEqual([200, MSG.descriptionUpdated]);
    expect((await cardOf(card.id)).ytCardDescription).not.toContain('onerror');
    // The same call without the trailing slash, with the same refusals.
    const noSlash = await post(a.helper.token, url.slice(0, -1), {
      data: { descriptions: '<p>Outro</p>' },
      specificConditions: { card_id: card.id },
    });
    expect([noSlash.statusCode, noSlash.json().message]).toEqual([200, MSG.descriptionUpdated]);
    expect((await cardOf(card.id)).ytCardDescription).toBe('<p>Outro</p>');
    const widened = await post(a.admin.token, url.slice(0, -1), {
      data: { descriptions: 'x', yt_card_status: 'completed' },
      specificConditions: { card_id: card.id },
    });
    expect(widened.statusCode).toBe(400);
    for (const payload of [
      { data: { descriptions: 'x', yt_card_status: 'completed' }, specificConditions: { card_id: card.id } },
      { data: { descriptions: 'x' }, specificConditions: { card_id: card.id, client_id: a.customer.id } },
      { data: { descriptions: 'x' }, specificConditions: { card_id: card.id }, table: 'users' },
    ]) {
      expect((await post(a.admin.token, url, payload)).statusCode).toBe(400);
    }
    expect((await cardOf(card.id)).ytCardStatus).toBe('inProgress');
    const plain = await newCard();
    const off = await post(a.admin.token, url, {
      data: { descriptions: 'x' },
      specificConditions: { card_id: plain.id },
    });
    expect(off.statusCode).toBe(400);
  });
});

describe('the helper chat', () => {
  it('exists only on cards with the helper; a customer comment there reaches the helper', async () => {
    const plain = await newCard();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/ythelper/card/${plain.id}/commentsV2`,
          headers: bearer(a.admin.token),
        })
      ).statusCode,
    ).toBe(404);
    const card = await onBoard('inDone');
    const posted = await post(a.customer.token, `/api/ythelper/card/${card.id}/comment`, {
      note: '@YT_CUS_CMNT{} Brighter thumbnail please',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/ythelper/card/${card.id}/commentsV2`,
      headers: bearer(a.helper.token),
    });
    expect(JSON.stringify(list.json())).toContain('Brighter thumbnail please');
    // The note is the helper chat's: the customer chat's calls don't list it.
    const customerChat = await t.app.inject({
      method: 'GET',
      url: `/api/card/${card.id}/commentsV2`,
      headers: bearer(a.helper.token),
    });
    expect(JSON.stringify(customerChat.json())).not.toContain('Brighter thumbnail please');
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.cardId, card.id));
    expect(notes.some((n) => n.recipientId === a.helper.id && n.type === 'card_comment')).toBe(true);
    // A normal-chat tick can't reach a helper note through the helper call's card of another chat.
    const noteId = posted.json().id;
    const tick = await post(a.helper.token, `/api/ythelper/card/${card.id}/markCommentComplete`, {
      note_id: noteId,
      status: 1,
    });
    expect(tick.statusCode, tick.body).toBe(200);
  });

  it('takes an annotation on a thumbnail (no time) and lists it back; bad geometry is a 400', async () => {
    const card = await onBoard('inDone');
    const url = `/api/ythelper/card/${card.id}/comment`;
    const posted = await post(a.customer.token, url, {
      card_id: card.id,
      note: 'Make the title bigger',
      note_type: 'annotation',
      note_for_video_number: 2,
      annotation: { shape: 'rect', x: 0.1, y: 0.2, w: 0.5, h: 0.25, version: 'thumbnail' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().message).toBe(MSG.annotationAdded);
    for (const annotation of [{ shape: 'rect', x: 3, y: 0 }, { shape: 'hexagon', x: 0, y: 0 }, 'rect']) {
      const bad = await post(a.customer.token, url, { note: 'x', note_type: 'annotation', annotation });
      expect(bad.statusCode, JSON.stringify(annotation)).toBe(400);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/ythelper/card/${card.id}/commentsV2`,
      headers: bearer(a.helper.token),
    });
    expect(list.statusCode, list.body).toBe(200);
    const [shown] = list.json().annotations;
    expect(shown).toMatchObject({
      note_id: posted.json().id,
      note: 'Make the title bigger',
      note_type: 'annotation',
      chat: 'yt',
      note_for_video_number: 2,
      video_time: null,
      annotation: { shape: 'rect', x: 0.1, y: 0.2, w: 0.5, h: 0.25, time: 0, version: 'thumbnail' },
    });
  });
});
