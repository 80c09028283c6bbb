import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { INBOX_CHAT_PAGE_SIZE, INBOX_PAGE_SIZE, MSG } from '@cutroom/domain';
import type { InboxNoteView, InboxThreadView } from '@cutroom/domain/schemas';
import { inboxMessages, inboxSeen, inboxThreads } from '../../db/schema.js';
import { createTestApp, listenLocal, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';
import { connectSse } from '../../test/sse-client.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  base = await listenLocal(t.app);
});
afterAll(() => t.close());

type Who = keyof typeof a;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(a[who].token), ...(payload ? { payload } : {}) });

let seq = 0;
/** A new thread, by the customer (or by staff for the customer). */
async function newThread(who: Who = 'customer', extra: object = {}) {
  const res = await call('POST', '/api/inbox/create', who, {
    title: `Help ${++seq}`,
    latestMessage: `<p>Question ${seq}</p>`,
    status: 'ACTIVE',
    ...(who === 'customer' || who === 'customer2' ? {} : { messageFor: a.customer.id }),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; message: string }>().id;
}
const chat = async (who: Who, id: number) => {
  const res = await call('GET', `/api/inbox/chat/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ thread: InboxThreadView; comments: InboxNoteView[]; count: number }>();
};
const list = async (who: Who, status: 'ACTIVE' | 'RESOLVED', query = '') => {
  const res = await call('GET', `/api/inbox/list/${status}${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ messages: InboxThreadView[]; count: number }>();
};
const unseen = async (who: Who) => (await call('GET', '/api/inbox/unseen', who)).json<{ count: number }>().count;
const send = (who: Who, chat_id: number, note: string, noteParentId?: number) =>
  call('POST', '/api/inbox/chat/send', who, { chat_id, note, ...(noteParentId ? { noteParentId } : {}) });
const threadRow = async (id: number) =>
  (await t.database.db.select().from(inboxThreads).where(eq(inboxThreads.id, id)))[0]!;
const messagesOf = (id: number) => t.database.db.select().from(inboxMessages).where(eq(inboxMessages.threadId, id));

describe('support inbox: threads', () => {
  it('a customer starts a thread; the body is sanitized and staff who serve the customer see it, others not', async () => {
    const res = await call('POST', '/api/inbox/create', 'customer', {
      title: '  Billing question ',
      latestMessage: '<p>Hi <script>alert(1)</script><img src=x onerror=alert(2)><b>team</b></p>',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message: MSG.inboxCreated });
    const id = res.json<{ id: number }>().id;
    const [stored] = await messagesOf(id);
    expect(stored!.body).toBe('<p>Hi <b>team</b></p>');
    expect(await threadRow(id)).toMatchObject({
      title: 'Billing question',
      status: 'ACTIVE',
      customerId: a.customer.id,
    });

    for (const who of ['admin', 'lead', 'qa', 'customer'] as const) {
      const seen = await list(who, 'ACTIVE', '?title=Billing');
      expect(
        seen.messages.map((m) => m.id),
        who,
      ).toContain(id);
    }
    const row = (await list('admin', 'ACTIVE', '?title=Billing')).messages.find((m) => m.id === id)!;
    expect(row).toMatchObject({
      title: 'Billing question',
      client_firstname: 'Cleo',
      client_lastname: 'Creator',
      seen: false,
      unseen_count: 1,
      latest_message: 'Hi team',
      total_count: 1,
    });
    // The author has seen their own message.
    expect((await list('customer', 'ACTIVE', '?title=Billing')).messages.find((m) => m.id === id)!.seen).toBe(true);
    // Another customer and the roles outside support never see it.
    expect((await call('GET', `/api/inbox/chat/${id}`, 'customer2')).statusCode).toBe(404);
    expect((await list('customer2', 'ACTIVE')).messages.map((m) => m.id)).not.toContain(id);
    for (const who of ['editor', 'helper', 'helperLead'] as const) {
      expect((await call('GET', `/api/inbox/chat/${id}`, who)).statusCode, who).toBe(403);
      expect((await call('GET', '/api/inbox/unseen', who)).statusCode, who).toBe(403);
    }
  });

  it('staff start a thread for a chosen customer; the customer is required and must be one they see', async () => {
    const before = (await t.database.db.select().from(inboxThreads)).length;
    const missing = await call('POST', '/api/inbox/create', 'qa', { title: 'T', latestMessage: 'Hello' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error_message: MSG.inboxChooseCustomer, field: 'messageFor' });
    const notCustomer = await call('POST', '/api/inbox/create', 'admin', {
      title: 'T',
      latestMessage: 'Hello',
      messageFor: a.editor.id,
    });
    expect(notCustomer.statusCode).toBe(400);
    const unknown = await call('POST', '/api/inbox/create', 'admin', {
      title: 'T',
      latestMessage: 'Hello',
      messageFor: 2_000_000,
    });
    expect(unknown.statusCode).toBe(404);
    // A customer can't write in another customer's name.
    const forOther = await call('POST', '/api/inbox/create', 'customer2', {
      title: 'T',
      latestMessage: 'Hello',
      messageFor: a.customer.id,
    });
    expect(forOther.statusCode).toBe(404);
    for (const bad of [
      { title: '', latestMessage: 'x' },
      { title: 'T', latestMessage: '   ' },
      { title: 'T', latestMessage: '<p><script>x</script></p>' },
      { title: 'T' },
      { latestMessage: 'x' },
      { title: 'x'.repeat(201), latestMessage: 'x' },
    ]) {
      const res = await call('POST', '/api/inbox/create', 'customer', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.database.db.select().from(inboxThreads)).length).toBe(before);

    const id = await newThread('lead');
    const thread = await chat('customer', id);
    expect(thread.thread).toMatchObject({ customer_id: a.customer.id, seen: false, unseen_count: 1 });
    expect(thread.comments[0]).toMatchObject({ note_by_id: a.lead.id, client_type: 'team-lead', firstname: 'Leo' });
  });

  it('lists 10 a page, newest message first, with the total; title search takes wildcards literally', async () => {
    const marker = `Paging-${Date.now()}`;
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await newThread('customer2', { title: `${marker} ${i}` }));
    const first = await list('customer2', 'ACTIVE', `?title=${marker}`);
    expect(first.count).toBe(12);
    expect(first.messages).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.messages[0]!.id).toBe(ids[11]);
    const second = await list('customer2', 'ACTIVE', `?title=${marker}&page=2`);
    expect(second.messages.map((m) => m.id)).toEqual([ids[1], ids[0]]);
    expect((await list('customer2', 'ACTIVE', '?title=%25')).count).toBe(0);
    // A reply moves the thread to the top.
    expect((await send('admin', ids[0]!, 'On it')).statusCode).toBe(201);
    expect((await list('customer2', 'ACTIVE', `?title=${marker}`)).messages[0]!.id).toBe(ids[0]);
    expect((await call('GET', '/api/inbox/list/OPEN', 'customer2')).statusCode).toBe(400);
    expect((await call('GET', '/api/inbox/list/ACTIVE?page=0', 'customer2')).statusCode).toBe(400);
  });

  it("view_as shows the list as a user the lead or admin may see; others can't use it", async () => {
    const id = await newThread('customer');
    const asCustomer = await list('admin', 'ACTIVE', `?view_as=${a.customer.id}`);
    expect(asCustomer.messages.map((m) => m.id)).toContain(id);
    expect(asCustomer.messages.every((m) => m.customer_id === a.customer.id)).toBe(true);
    expect(
      (await list('lead', 'ACTIVE', `?view_as=${a.customer2.id}`)).messages.every(
        (m) => m.customer_id === a.customer2.id,
      ),
    ).toBe(true);
    expect((await call('GET', `/api/inbox/list/ACTIVE?view_as=${a.customer2.id}`, 'customer')).statusCode).toBe(403);
    expect((await call('GET', `/api/inbox/list/ACTIVE?view_as=2000000`, 'admin')).statusCode).toBe(404);
    // An empty view_as, as the spec's list call sends it, is none.
    expect(await list('admin', 'ACTIVE', '?view_as=')).toEqual(await list('admin', 'ACTIVE'));
  });
});

describe('support inbox: messages', () => {
  it('replies quote their parent; edit and delete by the author, admin also a staff message, never a customer one', async () => {
    const id = await newThread('customer');
    const [first] = await messagesOf(id);
    const reply = await send('qa', id, '<p>Which video?</p>', first!.id);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ success: true, message: MSG.commentAdded, count: 2 });
    const replyId = reply.json<{ id: number }>().id;
    const view = await chat('customer', id);
    expect(view.comments.map((c) => c.note_id)).toEqual([first!.id, replyId]);
    expect(view.comments[1]).toMatchObject({
      note_parent_id: first!.id,
      parent: { note_id: first!.id, firstname: 'Cleo' },
    });
    expect(
      Object.values(
        (await call('GET', `/api/inbox/chat/${id}`, 'customer')).json<{ groupByChat: object }>().groupByChat,
      ).flat(),
    ).toHaveLength(2);

    const edit = (who: Who, messageId: number, note = '<p>Edited <a href="javascript:alert(1)">x</a></p>') =>
      call('PUT', '/api/inbox/chat/editChat', who, { note, id: messageId, chatId: id });
    // The customer's message: only the customer.
    for (const who of ['admin', 'lead', 'qa'] as const) expect((await edit(who, first!.id)).statusCode, who).toBe(403);
    expect((await edit('customer2', first!.id)).statusCode).toBe(404);
    expect((await edit('customer', first!.id)).json()).toMatchObject({ status: true, message: MSG.commentEdited });
    const [edited] = await t.database.db.select().from(inboxMessages).where(eq(inboxMessages.id, first!.id));
    expect(edited!.body).toBe('<p>Edited <a target="_blank" rel="noopener noreferrer">x</a></p>');
    expect(edited!.editedAt).not.toBeNull();
    // The QA's message: the QA and an admin; not the lead or the customer.
    expect((await edit('lead', replyId)).statusCode).toBe(403);
    expect((await edit('customer', replyId)).statusCode).toBe(403);
    expect((await edit('admin', replyId, 'Admin fixed')).statusCode).toBe(200);
    // Empty after sanitizing: 400 and nothing changed.
    const empty = await edit('qa', replyId, '<script>x</script>');
    expect(empty.statusCode).toBe(400);
    expect((await t.database.db.select().from(inboxMessages).where(eq(inboxMessages.id, replyId)))[0]!.body).toBe(
      'Admin fixed',
    );
    // A message id of another thread is not found through this one.
    const other = await newThread('customer');
    const [otherFirst] = await messagesOf(other);
    expect((await edit('customer', otherFirst!.id)).statusCode).toBe(404);

    const remove = (who: Who, messageId: number) =>
      call('POST', '/api/inbox/chat/deleteChat', who, { id: messageId, chat_id: id });
    expect((await remove('customer', replyId)).statusCode).toBe(403);
    const removed = await remove('qa', replyId);
    expect(removed.json()).toMatchObject({ count: 1 });
    expect((await remove('qa', replyId)).statusCode).toBe(404);
    expect((await edit('qa', replyId)).statusCode).toBe(404);
    expect((await chat('customer', id)).comments.map((c) => c.note_id)).toEqual([first!.id]);
    // Replying to a deleted message is refused.
    const toDeleted = await send('customer', id, 'Still there?', replyId);
    expect(toDeleted.statusCode).toBe(400);
    expect(toDeleted.json()).toMatchObject({ error_message: MSG.commentWasDeleted });
    expect((await send('customer', id, 'x', otherFirst!.id)).statusCode).toBe(404);
  });

  it('bad input is 400 and writes nothing', async () => {
    const id = await newThread('customer');
    const count = (await messagesOf(id)).length;
    for (const body of [
      { chat_id: id },
      { chat_id: id, note: '' },
      { chat_id: 'x', note: 'a' },
      { note: 'a' },
      { chat_id: id, note: 'x'.repeat(10_001) },
    ]) {
      expect((await call('POST', '/api/inbox/chat/send', 'customer', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PUT', '/api/inbox/chat/editChat', 'customer', { id: 1 })).statusCode).toBe(400);
    expect((await call('POST', '/api/inbox/chat/deleteChat', 'customer', { id: -1, chat_id: id })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', '/api/inbox/handleStatus', 'admin', { id, status: 'DONE' })).statusCode).toBe(400);
    expect((await call('POST', '/api/inbox/seenLatestMessage', 'admin', { id })).statusCode).toBe(400);
    expect((await call('GET', '/api/inbox/chat/abc', 'admin')).statusCode).toBe(400);
    expect((await messagesOf(id)).length).toBe(count);
    expect((await threadRow(id)).status).toBe('ACTIVE');
  });
});

describe('support inbox: long threads', () => {
  it('GET /api/inbox/chat/{id} gives the newest page by default, oldest first; offset pages back', async () => {
    const id = await newThread('customer');
    const [first] = await messagesOf(id);
    // 129 more messages a minute apart, after the first; one deleted message is left out everywhere.
    const start = first!.createdAt.getTime();
    const added = await t.database.db
      .insert(inboxMessages)
      .values(
        Array.from({ length: 129 }, (_, i) => ({
          threadId: id,
          authorId: i % 2 ? a.qa.id : a.customer.id,
          body: `<p>Message ${i + 2}</p>`,
          createdAt: new Date(start + (i + 1) * 60_000),
        })),
      )
      .returning();
    await t.database.db.update(inboxMessages).set({ deletedAt: new Date() }).where(eq(inboxMessages.id, added[0]!.id));
    const live = [first!, ...added.slice(1)].map((m) => m.id);
    expect(live).toHaveLength(129);

    const latest = await chat('customer', id);
    expect(latest.count).toBe(129);
    expect(latest.comments.map((c) => c.note_id)).toEqual(live.slice(-INBOX_CHAT_PAGE_SIZE));
    expect(latest.comments.at(-1)!.note).toBe('<p>Message 130</p>');
    expect(latest.thread.latest_message).toBe('Message 130');

    const older = await call('GET', `/api/inbox/chat/${id}?offset=${INBOX_CHAT_PAGE_SIZE}`, 'customer');
    expect(older.statusCode).toBe(200);
    const olderPage = older.json<{ comments: InboxNoteView[]; count: number; groupByChat: Record<string, number[]> }>();
    expect(olderPage.comments.map((c) => c.note_id)).toEqual(live.slice(0, 129 - INBOX_CHAT_PAGE_SIZE));
    expect(olderPage.count).toBe(129);
    expect(Object.values(olderPage.groupByChat).flat().sort()).toEqual(olderPage.comments.map((c) => c.note_id).sort());

    const small = await call('GET', `/api/inbox/chat/${id}?offset=5&limit=10`, 'customer');
    expect(small.json<{ comments: InboxNoteView[] }>().comments.map((c) => c.note_id)).toEqual(live.slice(-15, -5));
    const past = await call('GET', `/api/inbox/chat/${id}?offset=500`, 'customer');
    expect(past.json<{ comments: InboxNoteView[] }>().comments).toEqual([]);
  });
});

describe('support inbox: resolve and re-open', () => {
  it('only staff resolve; a resolved thread takes no reply or edit; its customer re-opens it with a message', async () => {
    const id = await newThread('customer');
    const [first] = await messagesOf(id);
    expect((await call('PUT', '/api/inbox/handleStatus', 'customer', { id, status: 'RESOLVED' })).statusCode).toBe(403);
    expect((await call('PUT', '/api/inbox/handleStatus', 'customer2', { id, status: 'RESOLVED' })).statusCode).toBe(
      404,
    );
    const resolved = await call('PUT', '/api/inbox/handleStatus', 'qa', { id, status: 'RESOLVED' });
    expect(resolved.json()).toMatchObject({ success: true, status: 'RESOLVED', message: MSG.inboxResolved });
    // Twice is no error.
    expect((await call('PUT', '/api/inbox/handleStatus', 'admin', { id, status: 'RESOLVED' })).statusCode).toBe(200);
    expect((await list('customer', 'RESOLVED')).messages.map((m) => m.id)).toContain(id);
    expect((await list('customer', 'ACTIVE')).messages.map((m) => m.id)).not.toContain(id);

    const late = await send('customer', id, 'One more thing');
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ error_message: MSG.inboxThreadResolved });
    expect((await send('admin', id, 'Reply')).statusCode).toBe(403);
    expect(
      (await call('PUT', '/api/inbox/chat/editChat', 'customer', { id: first!.id, chatId: id, note: 'x' })).statusCode,
    ).toBe(403);

    // Staff don't re-open; the customer needs a message.
    expect(
      (await call('PUT', '/api/inbox/handleStatus', 'admin', { id, status: 'ACTIVE', latestMessage: 'x' })).statusCode,
    ).toBe(403);
    const bare = await call('PUT', '/api/inbox/handleStatus', 'customer', { id, status: 'ACTIVE' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ error_message: MSG.inboxReopenNeedsMessage, field: 'latestMessage' });
    expect(
      (await call('PUT', '/api/inbox/handleStatus', 'customer', { id, status: 'ACTIVE', latestMessage: '<p> </p>' }))
        .statusCode,
    ).toBe(400);
    expect((await threadRow(id)).status).toBe('RESOLVED');
    expect((await messagesOf(id)).length).toBe(1);

    const reopened = await call('PUT', '/api/inbox/handleStatus', 'customer', {
      id,
      status: 'ACTIVE',
      latestMessage: '<p>It broke again</p>',
      messageFor: a.customer.id,
    });
    expect(reopened.json()).toMatchObject({ success: true, status: 'ACTIVE', message: MSG.inboxReopened });
    expect((await threadRow(id)).status).toBe('ACTIVE');
    const view = await chat('admin', id);
    expect(view.comments.at(-1)).toMatchObject({ note: '<p>It broke again</p>', note_by_id: a.customer.id });
    expect(view.thread).toMatchObject({ latest_message: 'It broke again', seen: false });
  });

  it('resolving and re-opening at once leave one consistent state and keep the message', async () => {
    const id = await newThread('customer');
    await call('PUT', '/api/inbox/handleStatus', 'admin', { id, status: 'RESOLVED' });
    const [reopen, resolve] = await Promise.all([
      call('PUT', '/api/inbox/handleStatus', 'customer', { id, status: 'ACTIVE', latestMessage: 'Again' }),
      call('PUT', '/api/inbox/handleStatus', 'qa', { id, status: 'RESOLVED' }),
    ]);
    expect(reopen.statusCode).toBe(200);
    expect(resolve.statusCode).toBe(200);
    expect(['ACTIVE', 'RESOLVED']).toContain((await threadRow(id)).status);
    expect((await messagesOf(id)).map((m) => m.body)).toContain('Again');
  });
});

describe('support inbox: seen and unseen', () => {
  it('seen is per user: opening marks the thread seen for that viewer only; a second mark changes nothing', async () => {
    // The customer starts with every earlier thread seen (a mark without a thread marks them all).
    expect((await call('POST', '/api/inbox/seenMessages', 'customer', {})).json()).toMatchObject({ unseen: 0 });
    const start = { admin: await unseen('admin'), qa: await unseen('qa'), lead: await unseen('lead') };
    const id = await newThread('customer');
    await send('customer', id, 'Second line');
    expect(await unseen('admin')).toBe(start.admin + 2);
    expect(await unseen('qa')).toBe(start.qa + 2);
    expect(await unseen('customer')).toBe(0);

    // Two seen calls at once: both succeed, one row per message and user.
    const [one, two] = await Promise.all([
      call('POST', '/api/inbox/seenMessages', 'qa', { chat_id: id }),
      call('POST', '/api/inbox/seenMessages', 'qa', { chat_id: id }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(two.json<{ unseen: number }>().unseen).toBe(start.qa);
    const rows = await t.database.db
      .select()
      .from(inboxSeen)
      .innerJoin(inboxMessages, eq(inboxMessages.id, inboxSeen.messageId))
      .where(and(eq(inboxMessages.threadId, id), eq(inboxSeen.userId, a.qa.id)));
    expect(rows).toHaveLength(2);
    expect(await unseen('qa')).toBe(start.qa);
    expect(await unseen('admin')).toBe(start.admin + 2);
    expect((await list('qa', 'ACTIVE')).messages.find((m) => m.id === id)!.seen).toBe(true);
    expect((await list('lead', 'ACTIVE')).messages.find((m) => m.id === id)!.seen).toBe(false);

    // Marked new again: the latest message counts as unseen; seen again clears it.
    const again = await call('POST', '/api/inbox/seenLatestMessage', 'qa', { id, seen: 0 });
    expect(again.json()).toMatchObject({ success: true, unseen: start.qa + 1 });
    expect((await call('POST', '/api/inbox/seenLatestMessage', 'qa', { id, seen: true })).json()).toMatchObject({
      unseen: start.qa,
    });
    expect((await call('POST', '/api/inbox/seenLatestMessage', 'customer2', { id, seen: 1 })).statusCode).toBe(404);
    // seen also comes as a string "0" or "1"; anything else is 400 naming it, and nothing changes.
    expect((await call('POST', '/api/inbox/seenLatestMessage', 'qa', { id, seen: '0' })).json()).toMatchObject({
      unseen: start.qa + 1,
    });
    for (const seen of ['yes', 2, '', null, 'true']) {
      const bad = await call('POST', '/api/inbox/seenLatestMessage', 'qa', { id, seen });
      expect(bad.statusCode, String(seen)).toBe(400);
      expect(bad.json(), String(seen)).toMatchObject({ field: 'seen' });
    }
    expect(await unseen('qa')).toBe(start.qa + 1);
    expect((await call('POST', '/api/inbox/seenLatestMessage', 'qa', { id, seen: '1' })).json()).toMatchObject({
      unseen: start.qa,
    });
    expect((await call('POST', '/api/inbox/seenMessages', 'customer2', { chat_id: id })).statusCode).toBe(404);

    // The staff reply is unseen for the customer until opened; resolved threads don't count.
    await send('lead', id, 'Looking into it');
    expect(await unseen('customer')).toBe(1);
    expect((await call('POST', '/api/inbox/seenMessages', 'customer', {})).json()).toMatchObject({ unseen: 0 });
    await send('qa', id, 'Fixed');
    expect(await unseen('customer')).toBe(1);
    await call('PUT', '/api/inbox/handleStatus', 'qa', { id, status: 'RESOLVED' });
    expect(await unseen('customer')).toBe(0);
  });

  it('POST /api/inbox/seenMessages needs no body: none, an empty JSON body or null marks every visible thread', async () => {
    const json = { 'content-type': 'application/json' };
    for (const [label, headers, payload] of [
      ['no body', {}, undefined],
      ['no body, JSON type', json, undefined],
      ['empty JSON body', json, ''],
      ['JSON null', json, 'null'],
      ['chat_id null', json, '{"chat_id":null}'],
    ] as const) {
      const id = await newThread('customer');
      expect(await unseen('qa'), label).toBeGreaterThan(0);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/inbox/seenMessages',
        headers: { ...bearer(a.qa.token), ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
      expect(res.json(), label).toEqual({ success: true, unseen: 0 });
      expect((await list('qa', 'ACTIVE')).messages.find((m) => m.id === id)!.seen, label).toBe(true);
    }
    const bad = await call('POST', '/api/inbox/seenMessages', 'qa', { chat_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'chat_id' });
  });

  it("a change reaches the thread's customer and support staff live, not another customer", async () => {
    const owner = connectSse(`${base}/api/events`, bearer(a.customer.token));
    const staff = connectSse(`${base}/api/events`, bearer(a.qa.token));
    const stranger = connectSse(`${base}/api/events`, bearer(a.customer2.token));
    await Promise.all([owner.ready, staff.ready, stranger.ready]);
    const id = await newThread('customer');
    const mine = (m: { event: string; data: Record<string, unknown> }) =>
      m.event === 'inbox.updated' && m.data.thread_id === id;
    await staff.waitFor(mine);
    await send('admin', id, 'Hello');
    await owner.waitFor(mine);
    await new Promise((r) => setTimeout(r, 100));
    expect(stranger.received.filter(mine)).toEqual([]);
    await Promise.all([owner.close(), staff.close(), stranger.close()]);
  });
});
