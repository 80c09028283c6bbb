import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mailOutbox, mediaAssets } from '../db/schema.js';
import { bearer, seedWithSessions } from '../test/helpers.js';
import { connectSse } from '../test/sse-client.js';
import { createTestApp, listenLocal, type TestApp } from '../test/test-app.js';

// GET /metrics (issue 37): Prometheus' text format, for a scrape with METRICS_TOKEN only.
const TOKEN = 'metrics-token-for-the-tests-0123456789';
let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  a = await seedWithSessions(t.database.db);
  base = await listenLocal(t.app);
});
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The samples of a scrape: `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    found.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return found;
}
const read = async () => {
  const res = await scrape(`Bearer ${TOKEN}`);
  expect(res.statusCode).toBe(200);
  return samples(res.body);
};

describe('GET /metrics', () => {
  it('answers only the scrape token, with the 404 of a route that is not there otherwise', async () => {
    for (const header of [
      undefined,
      'Bearer wrong',
      `Bearer ${TOKEN}x`,
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${a.admin.token}`,
    ]) {
      const res = await scrape(header);
      expect(res.statusCode, header).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('times requests by route pattern and status, and counts refused sign-ins', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/api/card/424242', headers: bearer(a.admin.token) });
    for (const password of ['wrong-password-1', 'wrong-password-2'])
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { useremail: a.customer.email, password } });
    const m = await read();
    expect(
      m.get('cutroom_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    // The card's id is no label: one series for every card.
    expect(m.get('cutroom_http_request_duration_seconds_count{method="GET",route="/api/card/:id",status="404"}')).toBe(
      1,
    );
    expect([...m.keys()].some((k) => k.includes('424242'))).toBe(false);
    expect(
      m.get('cutroom_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(m.get('cutroom_login_refusals_total{status="401"}')).toBe(2);
  });

  it('shows each queue’s depth and its oldest job’s age, the open event streams, the process and the pools', async () => {
    const hourAgo = sql`now() - interval '1 hour'`;
    await t.database.db
      .insert(mailOutbox)
      .values({ toAddress: 'x@example.com', subject: 's', text: 't', kind: 'test', createdAt: hourAgo });
    await t.database.db
      .insert(mailOutbox)
      .values({ toAddress: 'y@example.com', subject: 's', text: 't', kind: 'test', sentAt: new Date() });
    await t.database.db.insert(mediaAssets).values({ sourceKey: 'uploads/metrics/a.mov', createdAt: hourAgo });
    const stream = connectSse(`${base}/api/events`, bearer(a.customer.token));
    await stream.ready;

    const m = await read();
    expect(m.get('cutroom_queue_depth{queue="mail"}')).toBe(1);
    expect(m.get('cutroom_queue_oldest_age_seconds{queue="mail"}')).toBeGreaterThanOrEqual(3_600);
    expect(m.get('cutroom_queue_depth{queue="media"}')).toBe(1);
    expect(m.get('cutroom_queue_oldest_age_seconds{queue="media"}')).toBeGreaterThanOrEqual(3_600);
    expect(m.get('cutroom_queue_depth{queue="webhooks"}')).toBe(0);
    expect(m.get('cutroom_queue_oldest_age_seconds{queue="webhooks"}')).toBe(0);
    expect(m.get('cutroom_event_streams_open')).toBeGreaterThanOrEqual(1);
    expect(m.get('process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(m.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
    if (t.database.kind === 'postgres') {
      expect(m.get('cutroom_db_pool_connections{pool="main",state="max"}')).toBe(20);
      expect(m.get('cutroom_db_pool_connections{pool="main",state="open"}')).toBeGreaterThanOrEqual(1);
    } else {
      expect([...m.keys()].some((k) => k.startsWith('cutroom_db_pool_connections'))).toBe(false);
    }

    const open = m.get('cutroom_event_streams_open')!;
    await stream.close();
    await expect.poll(async () => (await read()).get('cutroom_event_streams_open')).toBe(open - 1);
  });

  it('is not there at all without a token', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
