import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema.js';
import { createSession } from '../../platform/auth.js';
import { hashToken } from '../../platform/tokens.js';
import { connectSse } from '../../test/sse-client.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { createSiblingApp, createTestApp, listenLocal, type TestApp } from '../../test/test-app.js';
import { SESSION_RECHECK_MS } from './events.routes.js';

/** An open event stream belongs to its session: when the session ends, so does the stream. */
let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  base = await listenLocal(t.app);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const session = (userId: number) => createSession(t.database.db, userId, false, 'stream test');
async function stream(url: string, token: string) {
  const s = connectSse(url, bearer(token));
  await s.ready;
  return s;
}

describe('event streams end with their session', () => {
  it('logout ends its own stream at once, with session.ended last, and leaves other sessions streaming', async () => {
    const [mine, other] = [await session(a.customer.id), await session(a.customer.id)];
    const [ending, staying] = [await stream(`${base}/api/events`, mine), await stream(`${base}/api/events`, other)];
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(mine) });
    expect(out.statusCode).toBe(200);
    expect(await ending.endsWithin(1000)).toBe(true);
    expect(ending.received.at(-1)?.event).toBe('session.ended');

    const card = await insertCard(t.database.db, { clientId: a.customer.id, cardStatus: 'editing' });
    await t.app.inject({
      method: 'POST',
      url: `/api/card/${card.id}/move`,
      headers: bearer(a.admin.token),
      payload: { card_status: 'editing', newStatus: 'on_hold' },
    });
    await staying.waitFor((m) => m.event === 'card.moved' && m.data.card_id === card.id);
    expect(ending.received.some((m) => m.event === 'card.moved')).toBe(false);
    await staying.close();
  });

  it("a password change from another session ends the other sessions' streams, not the changer's", async () => {
    const [changer, elsewhere] = [await session(a.editor.id), await session(a.editor.id)];
    const [kept, ended] = [await stream(`${base}/api/events`, changer), await stream(`${base}/api/events`, elsewhere)];
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/change-password',
      headers: bearer(changer),
      payload: { password: 'a-brand-new-password' },
    });
    expect(change.statusCode).toBe(200);
    expect(await ended.endsWithin(1000)).toBe(true);
    expect(await kept.endsWithin(300)).toBe(false);
    await kept.close();
  });

  it('a stream whose session is revoked behind the app ends at the next recheck', async () => {
    const token = await session(a.qa.id);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const s = await stream(`${base}/api/events`, token);
    // Let the stream's check on opening pass first, so only the periodic one can see the revocation.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(await s.endsWithin(300)).toBe(false);
    vi.advanceTimersByTime(SESSION_RECHECK_MS);
    expect(await s.endsWithin(2000)).toBe(true);
  });

  it.runIf(process.env.TEST_DB === 'pg')(
    'a logout on one instance ends the stream on another, through Redis',
    async () => {
      const redis = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
      const one = await createSiblingApp(t, redis);
      const two = await createSiblingApp(t, redis);
      try {
        const token = await session(a.customer.id);
        const s = await stream(`${await listenLocal(two.app)}/api/events`, token);
        const out = await one.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
        expect(out.statusCode).toBe(200);
        expect(await s.endsWithin(1000)).toBe(true);
        // The other instance's session cache forgot it too: the token is dead there at once.
        expect((await two.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
      } finally {
        await one.close();
        await two.close();
      }
    },
  );
});
