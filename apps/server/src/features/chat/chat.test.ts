import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, REPLY_PREVIEW_CHARS } from '@cutroom/domain';
import { cardNotes, notifications } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let cardId: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  cardId = (
    await insertCard(t.database.db, {
      clientId: a.customer.id,
      cardStatus: 'done',
      assignedQaId: a.qa.id,
      assignedTo: a.editor.id,
    })
  ).id;
});
afterAll(() => t.close());

const post = (token: string, path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/card/${cardId}${path}`, headers: bearer(token), payload });
const list = (token: string, path = '/commentsV2', query = '') =>
  t.app.inject({ method: 'GET', url: `/api/card/${cardId}${path}${query}`, headers: bearer(token) });

describe('card chat', () => {
  it('stores comments as harmless plain text with their timecode, and lists them with reply previews', async () => {
    const first = await post(a.customer.token, '/comment', {
      note: '@VT{83} <script>alert(1)</script>Cut <img src=x onerror=alert(2)>this part, see https://example.com/ref',
      note_for_video_number: 0,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: MSG.commentAdded,
      note: { video_time: 83, client_type: 'customer' },
    });
    const [stored] = await t.database.db.select().from(cardNotes).where(eq(cardNotes.id, first.json().id));
    expect(stored!.note).toBe('@VT{83} alert(1)Cut this part, see https://example.com/ref');

    const reply = await post(a.editor.token, '/comment', { note: 'On it', noteParentId: first.json().id });
    expect(reply.json().note.parent).toMatchObject({
      note_id: first.json().id,
      firstname: 'Cleo',
      preview: stored!.note.slice(0, REPLY_PREVIEW_CHARS),
    });

    const page = await list(a.customer.token);
    expect(page.json().comments.count).toBe(2);
    expect(page.json().comments.comments.map((n: { note: string }) => n.note)).toEqual([stored!.note, 'On it']);
    expect(Object.values(page.json().comments.groupByChat).flat()).toHaveLength(2);
  });

  it('keeps team chat from customers entirely', async () => {
    const note = await post(a.qa.token, '/team/comment', { note: 'Internal only: audio peaks at 1:20' });
    expect(note.statusCode).toBe(201);
    expect((await list(a.customer.token, '/team/commentsV2')).statusCode).toBe(404);
    expect((await post(a.customer.token, '/team/comment', { note: 'let me in' })).statusCode).toBe(404);
    expect(JSON.stringify((await list(a.customer.token)).json())).not.toContain('Internal only');
    expect((await list(a.editor.token, '/team/commentsV2')).json().comments.comments[0].note).toContain(
      'Internal only',
    );
  });

  it('lets only authors edit and delete, admins also staff comments, and greys deleted customer comments for admins', async () => {
    const mine = (await post(a.customer.token, '/comment', { note: 'Typo hree' })).json().id as number;
    const edit = (token: string, id: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/card/${cardId}/comment/${id}`,
        headers: bearer(token),
        payload: { note: 'Typo here' },
      });
    expect((await edit(a.qa.token, mine)).statusCode).toBe(403);
    expect((await edit(a.admin.token, mine)).statusCode).toBe(403);
    expect((await edit(a.customer.token, mine)).json()).toEqual({ status: true, message: MSG.commentEdited });

    const staffNote = (await post(a.qa.token, '/comment', { note: 'Staff note' })).json().id as number;
    expect((await edit(a.admin.token, staffNote)).statusCode).toBe(200);

    expect((await post(a.editor.token, '/deleteComment', { note_id: mine })).statusCode).toBe(403);
    expect((await post(a.customer.token, '/deleteComment', { note_id: mine })).statusCode).toBe(200);
    const find = async (token: string) =>
      (await list(token)).json().comments.comments.find((n: { note_id: number }) => n.note_id === mine);
    expect(await find(a.customer.token)).toMatchObject({ is_deleted: true, note: '' });
    expect(await find(a.admin.token)).toMatchObject({ is_deleted: true, note: 'Typo here' });
  });

  it('returns only what changed since the last poll', async () => {
    const first = await list(a.customer.token);
    const since = first.json().server_time as string;
    await post(a.editor.token, '/comment', { note: 'New since then' });
    const delta = await list(a.customer.token, '/commentsV2', `?since=${encodeURIComponent(since)}`);
    expect(delta.json().comments.comments.map((n: { note: string }) => n.note)).toEqual(['New since then']);
    // An empty since, as the spec's first fetch sends it, is none: the whole page.
    const empty = await list(a.customer.token, '/commentsV2', '?since=');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().comments).toEqual((await list(a.customer.token)).json().comments);
  });

  it('answers the older /comments call (spec 001 §7) as commentsV2, with calledFrom for calledBy', async () => {
    const query = '?order=desc&offset=1&limit=2&filterChatOf=all';
    const older = await list(a.customer.token, '/comments', `${query}&calledFrom=cardDetail`);
    expect(older.statusCode).toBe(200);
    const newer = await list(a.customer.token, '/commentsV2', `${query}&calledBy=cardDetail`);
    const { server_time: _a, ...olderBody } = older.json<Record<string, unknown>>();
    const { server_time: _b, ...newerBody } = newer.json<Record<string, unknown>>();
    expect(olderBody).toEqual(newerBody);
    expect(olderBody).toMatchObject({ calledBy: 'cardDetail', comments: { comments: expect.any(Array) } });
    expect(JSON.stringify(olderBody)).not.toContain('Internal only');
    // The same rules: a card the caller may not see, or none, is not found.
    expect((await list(a.customer2.token, '/comments')).statusCode).toBe(404);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/card/999999/comments',
      headers: bearer(a.admin.token),
    });
    expect(none.statusCode).toBe(404);
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.json().paths['/api/card/{id}/comments']).toHaveProperty('get');
  });

  it('notifies the mentioned roles on the card, never the author, never customers from team chat', async () => {
    // Every comment notifies its readers (features/notifications); only this test's two are looked at.
    await t.database.db.delete(notifications);
    await post(a.editor.token, '/comment', { note: 'Please check @Qa and @Client' });
    await post(a.qa.token, '/team/comment', { note: '@Client should not hear this, @Editor should' });
    const rows = await t.database.db.select().from(notifications);
    const to = (id: number) => rows.filter((r) => r.recipientId === id).map((r) => r.type);
    expect(to(a.qa.id)).toEqual(['card_comment_tag']);
    expect(to(a.customer.id)).toEqual(['card_comment_tag']);
    expect(to(a.editor.id)).toEqual(['card_comment_tag']);
    expect(to(a.admin.id)).toEqual(['card_comment', 'card_comment']);
    expect(rows.find((r) => r.recipientId === a.customer.id)).toMatchObject({ actionLink: `/card-details/${cardId}` });
  });

  it('stores annotations with geometry, marks and reactions by the right people', async () => {
    const annotation = await post(a.customer.token, '/comment', {
      note: 'This corner is too dark',
      note_type: 'annotation',
      note_for_video_number: 0,
      annotation: { shape: 'rect', x: 0.1, y: 0.2, w: 0.3, h: 0.25, time: 12.4 },
    });
    expect(annotation.json()).toMatchObject({
      message: MSG.annotationAdded,
      note: { video_time: 12, annotation: { shape: 'rect', w: 0.3 } },
    });
    const bad = await post(a.customer.token, '/comment', {
      note: 'x',
      note_type: 'annotation',
      annotation: { shape: 'rect', x: 2, y: 0, time: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect((await list(a.editor.token)).json().annotations).toHaveLength(1);

    const id = annotation.json().id as number;
    expect((await post(a.customer.token, '/markCommentComplete', { note_id: id, status: 1 })).statusCode).toBe(403);
    expect((await post(a.qa.token, '/markCommentComplete', { note_id: id, status: 1 })).statusCode).toBe(200);
    expect((await post(a.qa.token, '/noteReaction', { note_id: id, status: 1 })).statusCode).toBe(403);
    expect((await post(a.customer.token, '/noteReaction', { note_id: id, status: 1 })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(cardNotes).where(eq(cardNotes.id, id));
    expect(row).toMatchObject({ isComplete: true, reaction: true });
  });

  it('closes the customer chat while the video is in QA', async () => {
    const inQa = await insertCard(t.database.db, { clientId: a.customer.id, cardStatus: 'qa', assignedQaId: a.qa.id });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/card/${inQa.id}/comment`,
      headers: bearer(a.customer.token),
      payload: { note: 'hi' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error_message).toBe(MSG.commentsClosedInQa);
  });
});
