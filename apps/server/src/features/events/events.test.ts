import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_CURSOR_HEADER, TAB_HEADER } from '@cutroom/domain';
import { liveEvent } from '@cutroom/domain/schemas';
import { createSiblingApp, createTestApp, listenLocal, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { createSession } from '../../platform/auth.js';
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

const move = (app: TestApp['app'], token: string, id: number, from: string, to: string, tab?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/card/${id}/move`,
    headers: { ...bearer(token), ...(tab === undefined ? {} : { [TAB_HEADER]: tab }) },
    payload: { card_status: from, newStatus: to },
  });

describe('GET /api/events', () => {
  it('pushes a move to everyone who may see the card, and to no one else', async () => {
    const owner = connectSse(`${base}/api/events`, bearer(a.customer.token));
    const stranger = connectSse(`${base}/api/events`, bearer(a.customer2.token));
    await Promise.all([owner.ready, stranger.ready]);

    const card = await insertCard(t.database.db, { clientId: a.customer.id, cardStatus: 'editing' });
    expect((await move(t.app, a.admin.token, card.id, 'editing', 'on_hold')).statusCode).toBe(200);
    const got = await owner.waitFor((m) => m.event === 'card.moved' && m.data.card_id === card.id);
    expect(got.data).toMatchObject({ from: 'editing', to: 'on_hold' });

    // Events arrive in order: once the stranger sees its own card's move, the earlier one was withheld.
    const theirs = await insertCard(t.database.db, { clientId: a.customer2.id, cardStatus: 'editing' });
    await move(t.app, a.admin.token, theirs.id, 'editing', 'on_hold');
    await stranger.waitFor((m) => m.data.card_id === theirs.id);
    expect(stranger.received.some((m) => m.data.card_id === card.id)).toBe(false);
    await Promise.all([owner.close(), stranger.close()]);
  });

  it('replays what a reconnecting client missed after its Last-Event-ID, or asks it to resync', async () => {
    const first = connectSse(`${base}/api/events`, bearer(a.customer.token));
    await first.ready;
    const card = await insertCard(t.database.db, { clientId: a.customer.id, cardStatus: 'editing' });
    await move(t.app, a.admin.token, card.id, 'editing', 'on_hold');
    const seen = await first.waitFor((m) => m.data.card_id === card.id);
    await first.close();

    await move(t.app, a.admin.token, card.id, 'on_hold', 'canceled');
    const again = connectSse(`${base}/api/events`, { ...bearer(a.customer.token), 'last-event-id': seen.id! });
    expect((await again.waitFor((m) => m.data.card_id === card.id)).data).toMatchObject({ to: 'canceled' });
    await again.close();

    const stale = connectSse(`${base}/api/events`, { ...bearer(a.customer.token), 'last-event-id': '1-unknown-1' });
    await stale.waitFor((m) => m.event === 'resync');
    await stale.close();
  });

  it("replays from a reply's event cursor what was published between that call and the stream's opening", async () => {
    const tab = { [TAB_HEADER]: '4f9c2a61-7d1e-4b8a-9c3f-0e2d5b6a7c8d' };
    const card = await insertCard(t.database.db, { clientId: a.customer.id, cardStatus: 'editing' });
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { ...bearer(a.customer.token), ...tab },
    });
    const cursor = page.headers[EVENT_CURSOR_HEADER];
    expect(typeof cursor).toBe('string');
    // Only the web app's calls (they name their tab) carry it.
    const bare = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(a.customer.token) });
    expect(bare.headers[EVENT_CURSOR_HEADER]).toBeUndefined();

    expect((await move(t.app, a.admin.token, card.id, 'editing', 'on_hold')).statusCode).toBe(200);
    const late = connectSse(
      `${base}/api/events?lastEventId=${encodeURIComponent(cursor as string)}`,
      bearer(a.customer.token),
    );
    expect((await late.waitFor((m) => m.data.card_id === card.id)).data).toMatchObject({ to: 'on_hold' });
    await late.close();

    // A stream without one hears only what comes after it opened.
    const fresh = connectSse(`${base}/api/events`, bearer(a.customer.token));
    await fresh.ready;
    await move(t.app, a.admin.token, card.id, 'on_hold', 'canceled');
    expect((await fresh.waitFor((m) => m.data.card_id === card.id)).data).toMatchObject({ to: 'canceled' });
    expect(fresh.received.filter((m) => m.data.card_id === card.id)).toHaveLength(1);
    await fresh.close();
  });

  it('names the browser tab whose call caused an event, and only a well-formed one', async () => {
    const listener = connectSse(`${base}/api/events`, bearer(a.customer.token));
    await listener.ready;
    const cases: [tab: string | undefined, origin: string | undefined][] = [
      ['4f9c2a61-7d1e-4b8a-9c3f-0e2d5b6a7c8d', '4f9c2a61-7d1e-4b8a-9c3f-0e2d5b6a7c8d'],
      [undefined, undefined],
      ['not a tab id', undefined],
      ['short', undefined],
      ['a'.repeat(65), undefined],
    ];
    for (const [tab, origin] of cases) {
      const card = await insertCard(t.database.db, { clientId: a.customer.id, cardStatus: 'editing' });
      expect((await move(t.app, a.admin.token, card.id, 'editing', 'on_hold', tab)).statusCode).toBe(200);
      const got = await listener.waitFor((m) => m.event === 'card.moved' && m.data.card_id === card.id);
      expect(got.data.origin).toBe(origin);
      // What the stream writes is the domain's contract, so the browser's parse accepts it.
      expect(liveEvent.safeParse({ type: got.event, data: got.data }).success).toBe(true);
    }
    await listener.close();
  });

  it('refuses anonymous listeners', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
  });

  it.runIf(process.env.TEST_DB === 'pg')('carries an event from one instance to another through Redis', async () => {
    const redis = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const one = await createSiblingApp(t, redis);
    const two = await createSiblingApp(t, redis);
    try {
      const twoBase = await listenLocal(two.app);
      const token = await createSession(t.database.db, a.customer.id, false, 'test');
      const listener = connectSse(`${twoBase}/api/events`, bearer(token));
      await listener.ready;
      const card = await insertCard(t.database.db, { clientId: a.customer.id, cardStatus: 'editing' });
      expect((await move(one.app, a.admin.token, card.id, 'editing', 'on_hold')).statusCode).toBe(200);
      const got = await listener.waitFor((m) => m.event === 'card.moved' && m.data.card_id === card.id, 1000);
      expect(got.data).toMatchObject({ to: 'on_hold' });
      await listener.close();
    } finally {
      await one.close();
      await two.close();
    }
  });
});
