import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { GUEST_MSG, GUEST_COOKIE, GUEST_OPEN_FAILURES_MAX } from '@cutroom/domain';
import { allRoutes } from '@cutroom/domain/contract';
import type { GuestLinkView, GuestReviewReply, NoteView } from '@cutroom/domain/schemas';
import { cardNotes, cardVideos, cards, guestLinks, notifications } from '../../db/schema.js';
import { MP4 } from '../../test/sample-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let cardId: number;
let otherCardId: number;
let videoKey: string;
let otherVideoKey: string;

/** Uploads an MP4 as the editor and files it as version 0 of a card, under an origin as a browser gives it. */
async function deliver(card: number, origin = '') {
  const boundary = 'guestboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="cut.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...bearer(a.editor.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), MP4, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(res.statusCode).toBe(201);
  const key = res.json<{ key: string }>().key;
  await t.database.db
    .insert(cardVideos)
    .values({ cardId: card, kind: 'done', version: 0, videoUrl: `${origin}/files/${key}` });
  return key;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  const card = (clientId: number) =>
    insertCard(t.database.db, {
      clientId,
      cardStatus: 'done',
      assignedQaId: a.qa.id,
      assignedTo: a.editor.id,
      cardTitle: `Guest review ${clientId}`,
    });
  cardId = (await card(a.customer.id)).id;
  otherCardId = (await card(a.customer2.id)).id;
  videoKey = await deliver(cardId, 'http://127.0.0.1:5173');
  otherVideoKey = await deliver(otherCardId);
});
afterAll(() => t.close());

const createLink = async (token: string, payload: object = {}, card = cardId) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/card/${card}/guestLinks`,
    headers: bearer(token),
    payload,
  });
  return res;
};
const newLink = async (payload: object = {}) => {
  const res = await createLink(a.customer.token, payload);
  expect(res.statusCode).toBe(201);
  return res.json<{ link_id: number; token: string; url: string; link: GuestLinkView }>();
};
/** Opens a link from an address; gives the reply and the visit cookie it set, if any. */
const open = async (payload: { token: string; password?: string; name?: string }, address = '10.0.0.1') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/guest/open',
    remoteAddress: address,
    payload: { name: 'Ana Guest', ...payload },
  });
  const cookie = res.cookies.find((c) => c.name === GUEST_COOKIE);
  return { res, cookie };
};
const visit = async (payload: { token: string; password?: string }) => {
  const { res, cookie } = await open(payload);
  expect(res.statusCode).toBe(200);
  return cookie!.value;
};
const asGuest = (cookie: string) => ({ cookies: { [GUEST_COOKIE]: cookie } });
const review = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/guest/review', ...asGuest(cookie) });
const guestComment = (cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/guest/comment', payload, ...asGuest(cookie) });

describe('making guest links', () => {
  it('gives the token once, in a link to the review page, and lists the link without it', async () => {
    const created = await newLink({ label: 'Client boss', expires_in_days: 3 });
    expect(created.url).toBe(`http://localhost:3000/review/${created.token}`);
    expect(created.token.length).toBeGreaterThanOrEqual(43);
    expect(created.link).toMatchObject({
      label: 'Client boss',
      state: 'active',
      has_password: false,
      created_by: 'Cleo Creator',
    });
    const days = (Date.parse(created.link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThan(3.01);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/card/${cardId}/guestLinks`,
      headers: bearer(a.qa.token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    expect(list.json<{ links: GuestLinkView[] }>().links[0]).toMatchObject({ link_id: created.link_id });
    const [stored] = await t.database.db.select().from(guestLinks).where(eq(guestLinks.id, created.link_id));
    expect(stored!.tokenHash).not.toContain(created.token);
  });

  it('refuses a lifetime not offered, a short password, another customer and the helpers', async () => {
    const days = await createLink(a.customer.token, { expires_in_days: 365 });
    expect(days.statusCode).toBe(400);
    const short = await createLink(a.customer.token, { password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error_message: 'A password needs at least 8 characters' });
    expect((await createLink(a.customer2.token)).statusCode).toBe(404);
    const helperCard = (
      await insertCard(t.database.db, {
        clientId: a.customer.id,
        cardStatus: 'completed_done',
        isComplete: true,
        hasYoutubeHelper: true,
        ytCardStatus: 'inProgress',
        ytHelperId: a.helper.id,
      })
    ).id;
    expect((await createLink(a.helper.token, {}, helperCard)).statusCode).toBe(403);
    expect((await createLink(a.helperLead.token, {}, helperCard)).statusCode).toBe(403);
    expect((await createLink(a.admin.token, {}, helperCard)).statusCode).toBe(201);
  });
});

describe('opening a link', () => {
  it("shows the card's title, its videos behind the visit and the customer chat without the team's", async () => {
    await t.database.db.insert(cardNotes).values([
      { cardId, chat: 'customer', note: '@VT{3} Love the intro', authorId: a.customer.id, videoTime: 3 },
      { cardId, chat: 'team', note: 'Internal: the audio is rough', authorId: a.qa.id },
    ]);
    const { token } = await newLink();
    const { res, cookie } = await open({ token });
    expect(res.statusCode).toBe(200);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/guest' });
    const body = (await review(cookie!.value)).json<GuestReviewReply>();
    expect(body).toMatchObject({
      card: { card_title: `Guest review ${a.customer.id}` },
      guest_name: 'Ana Guest',
      comments_open: true,
    });
    expect(body.versions).toEqual([
      {
        key: 'version-0',
        label: 'Version 1',
        kind: 'done',
        videos: [{ number: 1, url: `/api/guest/files/${videoKey}`, media: null, watermark: null }],
      },
    ]);
    expect(body.notes.map((n) => [n.note, n.author, n.side])).toEqual([
      ['@VT{3} Love the intro', 'Cleo Creator', 'customer'],
    ]);
    expect(JSON.stringify(body)).not.toContain('Internal');

    const file = await t.app.inject({ method: 'GET', url: `/api/guest/files/${videoKey}`, ...asGuest(cookie!.value) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, MP4.length)).toEqual(MP4);
  });

  it('refuses a guessed token, an expired link, a turned-off link and a wrong or missing password alike', async () => {
    const expired = await newLink();
    await t.database.db
      .update(guestLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(guestLinks.id, expired.link_id));
    const revoked = await newLink();
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/card/${cardId}/guestLinks/${revoked.link_id}/revoke`,
      headers: bearer(a.editor.token),
    });
    expect(off.json()).toMatchObject({ message: GUEST_MSG.revoked, link: { state: 'revoked' } });
    const locked = await newLink({ password: 'correct horse' });
    const valid = await newLink();

    const attempts = [
      { token: valid.token.slice(0, -2) + (valid.token.endsWith('AA') ? 'BB' : 'AA') },
      { token: 'x'.repeat(43) },
      { token: expired.token },
      { token: revoked.token },
      { token: locked.token },
      { token: locked.token, password: 'wrong horse' },
    ];
    const replies = [];
    for (const [i, attempt] of attempts.entries()) {
      const { res, cookie } = await open(attempt, `10.0.1.${i}`);
      expect(cookie).toBeUndefined();
      replies.push([res.statusCode, res.body]);
    }
    const refusal = [404, JSON.stringify({ error_message: GUEST_MSG.refused, code: 'GUEST_LINK_REFUSED' })];
    expect(replies).toEqual(attempts.map(() => refusal));
    expect((await open({ token: locked.token, password: 'correct horse' })).res.statusCode).toBe(200);
  });

  it('asks the guest for a name', async () => {
    const { token } = await newLink();
    const { res } = await open({ token, name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_message: GUEST_MSG.nameRequired });
  });

  it('ends open visits when the link is turned off', async () => {
    const link = await newLink();
    const cookie = await visit(link);
    expect((await review(cookie)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/card/${cardId}/guestLinks/${link.link_id}/revoke`,
      headers: bearer(a.customer.token),
    });
    const after = await review(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'GUEST_SESSION_ENDED' });
    expect((await guestComment(cookie, { note: 'Still here?' })).statusCode).toBe(401);
  });

  it('stops an address after too many failed opens, even with a good token then', async () => {
    const { token } = await newLink();
    for (let i = 0; i < GUEST_OPEN_FAILURES_MAX; i++) {
      expect((await open({ token: `guess-${i}` }, '10.0.9.9')).res.statusCode).toBe(404);
    }
    expect((await open({ token }, '10.0.9.9')).res.statusCode).toBe(429);
    expect((await open({ token }, '10.0.9.10')).res.statusCode).toBe(200);
  });
});

describe("a guest's notes", () => {
  it("are filed in the customer chat as the guest's, tell the card's people and are items to fix in review", async () => {
    const cookie = await visit(await newLink());
    const res = await guestComment(cookie, {
      note: '@VT{7} <b>The logo</b> covers the face',
      note_type: 'annotation',
      annotation: { shape: 'rect', x: 0.1, y: 0.1, w: 0.2, h: 0.2, time: 7.4, version: 'version-0' },
      note_for_video_number: 1,
    });
    expect(res.statusCode).toBe(201);
    const note = res.json<{
      note: { note_id: number; author: string; side: string; video_time: number; fix_state: string };
    }>().note;
    expect(note).toMatchObject({ author: 'Ana Guest (guest)', side: 'guest', video_time: 7, fix_state: 'open' });

    const chat = await t.app.inject({
      method: 'GET',
      url: `/api/card/${cardId}/commentsV2?limit=200`,
      headers: bearer(a.editor.token),
    });
    const seen = chat
      .json<{ comments: { comments: NoteView[] } }>()
      .comments.comments.find((n) => n.note_id === note.note_id)!;
    expect(seen).toMatchObject({
      guest_name: 'Ana Guest',
      firstname: 'Ana Guest',
      client_type: 'customer',
      fix_round: 0,
    });
    expect(seen.note).not.toContain('<b>');

    const told = await t.database.db
      .select({ recipient: notifications.recipientId, data: notifications.data, actor: notifications.actorId })
      .from(notifications)
      .where(eq(notifications.cardId, cardId));
    const recipients = told.filter((n) => n.data.includes('Ana Guest (guest)')).map((n) => n.recipient);
    expect(recipients).toEqual(expect.arrayContaining([a.customer.id, a.editor.id, a.qa.id]));

    // No one edits a guest's words; an admin may take them down.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/card/${cardId}/comment/${note.note_id}`,
      headers: bearer(a.customer.token),
      payload: { note: 'Rewritten by the customer' },
    });
    expect(edit.statusCode).toBe(403);
    const remove = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/card/${cardId}/deleteComment`,
        headers: bearer(token),
        payload: { note_id: note.note_id },
      });
    expect((await remove(a.customer.token)).statusCode).toBe(403);
    expect((await remove(a.admin.token)).statusCode).toBe(200);
  });

  it('wait while the video is in quality check, when the guest sees no video either', async () => {
    const link = await newLink();
    const cookie = await visit(link);
    await t.database.db.update(cards).set({ cardStatus: 'qa' }).where(eq(cards.id, cardId));
    try {
      const res = await guestComment(cookie, { note: 'Hello?' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error_message: GUEST_MSG.commentsClosed });
      const body = (await review(cookie)).json<GuestReviewReply>();
      expect(body).toMatchObject({ comments_open: false, versions: [] });
      const file = await t.app.inject({ method: 'GET', url: `/api/guest/files/${videoKey}`, ...asGuest(cookie) });
      expect(file.statusCode).toBe(404);
    } finally {
      await t.database.db.update(cards).set({ cardStatus: 'done' }).where(eq(cards.id, cardId));
    }
  });
});

describe('what a visit grants', () => {
  it("reads no other card's file, and no route but the guest's own answers to it", async () => {
    const cookie = await visit(await newLink());
    const other = await t.app.inject({ method: 'GET', url: `/api/guest/files/${otherVideoKey}`, ...asGuest(cookie) });
    expect(other.statusCode).toBe(404);
    const [before] = await t.database.db
      .select({ n: cardNotes.id })
      .from(cardNotes)
      .where(and(eq(cardNotes.cardId, otherCardId)));
    expect(before).toBeUndefined();

    const answered: string[] = [];
    for (const route of allRoutes().filter((r) => r.access !== 'public')) {
      const url = route.path.replace(/:id\b/g, String(otherCardId)).replace(/:(\w+)/g, '1');
      for (const headers of [{}, bearer(cookie)]) {
        const res = await t.app.inject({
          method: route.method,
          url,
          ...asGuest(cookie),
          headers,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        if (res.statusCode !== 401) answered.push(`${route.method} ${route.path} ${res.statusCode}`);
      }
    }
    expect(answered).toEqual([]);
    for (const url of [`/files/${videoKey}`, `/api/card/${cardId}`, '/api/me']) {
      expect((await t.app.inject({ method: 'GET', url, ...asGuest(cookie) })).statusCode).toBe(401);
    }
  });

  it('ends with leave, on the server too', async () => {
    const cookie = await visit(await newLink());
    const left = await t.app.inject({ method: 'POST', url: '/api/guest/leave', ...asGuest(cookie) });
    expect(left.statusCode).toBe(200);
    expect(left.cookies.find((c) => c.name === GUEST_COOKIE)?.value).toBe('');
    expect((await review(cookie)).statusCode).toBe(401);
  });
});
