import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { API } from '@cutroom/domain/contract';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { mailOutbox, mediaAssets, webhookDeliveries } from '../db/schema.js';
import { openEventStreams } from './event-stream.js';

/** Seconds: from a cached read (a few ms) to a long upload part or report (tens of seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const LOGIN_PATH = API.auth.login.path;

/** The background queues: waiting rows are neither done nor given up (each has a partial index on exactly that). */
const QUEUES = sql`
  select 'mail' as queue, count(*)::int as depth, extract(epoch from now() - min(${mailOutbox.createdAt}))::float8 as age
    from ${mailOutbox} where ${mailOutbox.sentAt} is null and ${mailOutbox.failedAt} is null
  union all
  select 'webhooks', count(*)::int, extract(epoch from now() - min(${webhookDeliveries.createdAt}))::float8
    from ${webhookDeliveries} where ${webhookDeliveries.deliveredAt} is null and ${webhookDeliveries.failedAt} is null
  union all
  select 'media', count(*)::int, extract(epoch from now() - min(${mediaAssets.createdAt}))::float8
    from ${mediaAssets} where ${mediaAssets.doneAt} is null and ${mediaAssets.failedAt} is null`;

/** Whether the request carries the scrape token (compared in constant time). */
function presentsToken(request: FastifyRequest, token: string) {
  const given = Buffer.from(request.headers.authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Prometheus metrics at GET /metrics for a scrape that presents METRICS_TOKEN as a bearer token; anyone
 * else, and everyone when no token is set, gets the 404 of a route that is not there (docs/operations.md).
 */
export function registerMetrics(app: FastifyInstance, database: Database, token: string | null) {
  if (!token) return;
  const registry = new Registry();
  // Process memory, CPU, handles, heap and the event loop's delay (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const duration = new Histogram({
    name: 'cutroom_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const loginRefusals = new Counter({
    name: 'cutroom_login_refusals_total',
    help: 'Sign-ins refused, by status (401 wrong credentials, 429 too many attempts, 400 a malformed request)',
    labelNames: ['status'],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern, never the path: ids would make a series per card. Unrouted requests share one.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.labels(request.method, route, String(reply.statusCode)).observe(reply.elapsedTime / 1000);
    if (route === LOGIN_PATH && request.method === 'POST' && reply.statusCode >= 400)
      loginRefusals.labels(String(reply.statusCode)).inc();
  });

  new Gauge({
    name: 'cutroom_db_pool_connections',
    help: 'PostgreSQL pool connections by state (none with the embedded database)',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      for (const use of database.pools()) {
        this.set({ pool: use.pool, state: 'max' }, use.max);
        this.set({ pool: use.pool, state: 'open' }, use.total);
        this.set({ pool: use.pool, state: 'idle' }, use.idle);
        this.set({ pool: use.pool, state: 'waiting' }, use.waiting);
      }
    },
  });
  new Gauge({
    name: 'cutroom_event_streams_open',
    help: 'Live event streams (server-sent events) open on this instance',
    registers: [registry],
    collect() {
      this.set(openEventStreams());
    },
  });
  const depth = new Gauge({
    name: 'cutroom_queue_depth',
    help: 'Jobs waiting or running in a background queue (mail, webhooks, media), across all instances',
    labelNames: ['queue'],
    registers: [registry],
  });
  const age = new Gauge({
    name: 'cutroom_queue_oldest_age_seconds',
    help: 'How long the oldest waiting job of a queue has waited (0 when none waits)',
    labelNames: ['queue'],
    registers: [registry],
  });

  app.get(
    '/metrics',
    { config: { access: 'public' }, logLevel: 'warn', schema: { hide: true } },
    async (request, reply) => {
      if (!presentsToken(request, token)) return reply.callNotFound();
      // One statement for the three queues, read when scraped rather than on every change.
      const rows = await rowsOf<{ queue: string; depth: number; age: number | null }>(database.db.execute(QUEUES));
      for (const row of rows) {
        depth.set({ queue: row.queue }, row.depth);
        age.set({ queue: row.queue }, row.age ?? 0);
      }
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    },
  );
}
