import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { inboxMessages, inboxSeen, inboxThreads } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';
import { errorCodes, fireAtOnce, RACERS, statusesOf, winners } from './fire.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const call = (token: string, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
async function newThread() {
  const res = await call(a.customer.token, 'POST', '/api/inbox/create', { title: 'Race', latestMessage: 'Hello' });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}
const messagesOf = (id: number) => t.database.db.select().from(inboxMessages).where(eq(inboxMessages.threadId, id));
const statusOf = async (id: number) =>
  (await t.database.db.select().from(inboxThreads).where(eq(inboxThreads.id, id)))[0]!.status;

describe('support inbox races, 20 at once', () => {
  it('seen marks from many tabs: all answered, one row per message and user', async () => {
    const id = await newThread();
    const replies = await fireAtOnce(() => call(a.qa.token, 'POST', '/api/inbox/seenMessages', { chat_id: id }));
    expect(statusesOf(replies)).toEqual(Array<number>(RACERS).fill(200));
    const [message] = await messagesOf(id);
    const rows = await t.database.db
      .select()
      .from(inboxSeen)
      .where(and(eq(inboxSeen.messageId, message!.id), eq(inboxSeen.userId, a.qa.id)));
    expect(rows).toHaveLength(1);
  });

  it('deleting one message: one deletes it, the rest find nothing', async () => {
    const id = await newThread();
    const [message] = await messagesOf(id);
    const replies = await fireAtOnce(() =>
      call(a.customer.token, 'POST', '/api/inbox/chat/deleteChat', { id: message!.id, chat_id: id }),
    );
    statusesOf(replies);
    expect(winners(replies)).toHaveLength(1);
    expect(errorCodes(replies)).toEqual({ NOT_FOUND: RACERS - 1 });
  });

  it('replies against a resolve: each reply is stored or refused, none after the thread is resolved', async () => {
    const id = await newThread();
    const replies = await fireAtOnce((i) =>
      i === RACERS / 2
        ? call(a.qa.token, 'PUT', '/api/inbox/handleStatus', { id, status: 'RESOLVED' })
        : call(a.customer.token, 'POST', '/api/inbox/chat/send', { chat_id: id, note: `Reply ${i}` }),
    );
    const codes = statusesOf(replies);
    expect(codes[RACERS / 2]).toBe(200);
    const stored = (await messagesOf(id)).map((m) => m.body);
    codes.forEach((code, i) => {
      if (i === RACERS / 2) return;
      expect([201, 403]).toContain(code);
      expect(stored.includes(`Reply ${i}`)).toBe(code === 201);
    });
    expect(await statusOf(id)).toBe('RESOLVED');
  });

  it('re-opens against resolves: every re-open message is kept and the thread ends in a chosen state', async () => {
    const id = await newThread();
    await call(a.qa.token, 'PUT', '/api/inbox/handleStatus', { id, status: 'RESOLVED' });
    const replies = await fireAtOnce((i) =>
      i % 2
        ? call(a.qa.token, 'PUT', '/api/inbox/handleStatus', { id, status: 'RESOLVED' })
        : call(a.customer.token, 'PUT', '/api/inbox/handleStatus', {
            id,
            status: 'ACTIVE',
            latestMessage: `Again ${i}`,
          }),
    );
    expect(statusesOf(replies)).toEqual(Array<number>(RACERS).fill(200));
    const stored = (await messagesOf(id)).map((m) => m.body);
    for (let i = 0; i < RACERS; i += 2) expect(stored).toContain(`Again ${i}`);
    expect(['ACTIVE', 'RESOLVED']).toContain(await statusOf(id));
  });
});
