/**
 * The board call's hot path (issue 17): POST /api/getCards as the admin against GET /healthz on the
 * same API process, at 50 connections, on PostgreSQL with the demo data and then with 1,000 cards
 * (the board benchmark's seed). Each getCards call runs without Accept-Encoding and with
 * `gzip, br`, and prints req/s, p50/p99, bytes a reply and the ratio to /healthz. Asserts nothing.
 *   npm run bench:hot-path       (BENCH_DATABASE_URL, BENCH_SECONDS default 5)
 *   HOT_PATH_PROFILE=<dir> npm run bench:hot-path    also writes the API process's .cpuprofile there
 */
import http from 'node:http';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import autocannon from 'autocannon';
import { fillPlaceholders } from 'drizzle-orm';
import { BOARD_COLUMNS, CLOCK_TIME_ZONE } from '@cutroom/domain';
import { getCardsBody } from '@cutroom/domain/schemas';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { columnPageQuery } from '../../apps/server/src/features/board/board.service.js';
import { pageValues } from '../../apps/server/src/features/board/board-filters.js';
import { DEMO_ACCOUNTS, seedDemo } from '../../apps/server/src/features/seed/demo-seed.js';
import { createSession } from '../../apps/server/src/platform/auth.js';
import { hashPassword } from '../../apps/server/src/platform/passwords.js';
import { measureSql } from '../board/measure.js';
import { seedCards, seedPeople } from '../board/seed.js';
import { startServer } from '../board/server.js';
import { dropDatabase, freshDatabase } from '../bench-database.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const socketDir = '/var/run/postgresql';
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  (fs.existsSync(path.join(socketDir, '.s.PGSQL.5432'))
    ? `postgres://postgres@localhost/postgres?host=${socketDir}`
    : 'postgres://postgres@127.0.0.1:5432/postgres');
const dbName = 'cutroom_bench_hot_path';
const profileDir = process.env.HOT_PATH_PROFILE ? path.resolve(process.env.HOT_PATH_PROFILE) : undefined;
if (profileDir) process.env.HOT_PATH_PROFILE = profileDir;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
}

/** One timed autocannon run (after a one-second warm-up); bytes are the body bytes of one reply. */
async function measure(url: string, headers: Record<string, string>, body?: object): Promise<Figures> {
  const run = async (duration: number) => {
    const latencies: number[] = [];
    let bytes = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url,
          method: body ? 'POST' : 'GET',
          connections: CONNECTIONS,
          duration,
          headers: { 'content-type': 'application/json', 'user-time-zone': 'America/New_York', ...headers },
          body: body ? JSON.stringify(body) : undefined,
        },
        (err: unknown, res) =>
          err ? reject(err instanceof Error ? err : new Error('autocannon failed')) : resolve(res),
      );
      instance.on('response', (_client, _status, resBytes, ms) => {
        latencies.push(ms);
        bytes = resBytes;
      });
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
    latencies.sort((x, y) => x - y);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    return { rps: latencies.length / duration, p50: at(0.5), p99: at(0.99), bytes };
  };
  await run(1);
  return run(SECONDS);
}

/** The reply's body size on the wire (compressed if it was), with its content-encoding. */
function replySize(url: string, headers: Record<string, string>, body: object) {
  return new Promise<{ encoding: string; raw: number }>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        let raw = 0;
        response.on('data', (chunk: Buffer) => (raw += chunk.length));
        response.on('end', () => resolve({ encoding: response.headers['content-encoding'] ?? 'identity', raw }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const scenarios = [
  { name: 'getCards, whole board', body: {} },
  { name: 'getCards, one column (editing, 10)', body: { section: 'editing', offset: 0, limit: 10 } },
];
const encodings: { name: string; headers: Record<string, string> }[] = [
  { name: 'none', headers: {} },
  { name: 'gzip, br', headers: { 'accept-encoding': 'gzip, br' } },
];

async function runDataset(label: string, seed: (url: string, pool: pg.Pool) => Promise<number>) {
  const url = await freshDatabase(serverUrl, dbName);
  const database = await openDatabase({ url });
  const pool = new pg.Pool({ connectionString: url, max: 5 });
  pool.on('error', () => undefined);
  const adminId = await seed(url, pool);
  const token = await createSession(database.db, adminId, true, 'bench');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-hot-path-'));
  // The API process inherits this environment (NODE_OPTIONS refuses --cpu-prof, so a preload profiles).
  if (profileDir) process.env.NODE_OPTIONS = `--import ${path.join(import.meta.dirname, 'cpu-profile.mjs')}`;
  const server = await startServer(url, dataDir);
  delete process.env.NODE_OPTIONS;
  const auth = { authorization: `Bearer ${token}` };
  const api = `${server.origin}/api/getCards`;

  const lines: string[] = [];
  // A profiling run times one column without compression only, so the profile is that call's.
  const healthz = profileDir ? { rps: 0, p50: 0, p99: 0 } : await measure(`${server.origin}/healthz`, {});
  const f = (n: number) => n.toFixed(n < 10 ? 2 : 0);
  for (const s of profileDir ? scenarios.slice(1) : scenarios) {
    for (const e of profileDir ? encodings.slice(0, 1) : encodings) {
      const size = await replySize(api, { ...auth, ...e.headers }, s.body);
      const fig = await measure(api, { ...auth, ...e.headers }, s.body);
      lines.push(
        `| ${label} | ${s.name} | ${e.name} | ${f(fig.rps)} | ${f(fig.p50)} | ${f(fig.p99)} | ${size.raw} (${size.encoding}) | ×${(healthz.rps / fig.rps).toFixed(2)} |`,
      );
      process.stdout.write('.');
    }
  }
  if (!profileDir) {
    // The one-column page's SQL straight through node-postgres: the ceiling the database sets here.
    const body = getCardsBody.parse(scenarios[1]!.body);
    const column = BOARD_COLUMNS.find((c) => c.key === 'editing')!;
    const query = columnPageQuery(database.db, 'admin', body, column).toSQL();
    const params = fillPlaceholders(
      query.params,
      pageValues({ id: adminId, role: 'admin' }, body, CLOCK_TIME_ZONE, column),
    );
    const rawPool = new pg.Pool({
      connectionString: url,
      max: CONNECTIONS,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    rawPool.on('error', () => undefined);
    const raw = await measureSql(rawPool, 'hot_path', query.sql, params, CONNECTIONS, SECONDS);
    await rawPool.end();
    lines.push(
      `| ${label} | its SQL alone (node-postgres, no HTTP) | — | ${f(raw.rps)} | ${f(raw.p50)} | ${f(raw.p99)} | | ×${(healthz.rps / raw.rps).toFixed(2)} |`,
    );
  }
  lines.push(
    `| ${label} | GET /healthz | none | ${f(healthz.rps)} | ${f(healthz.p50)} | ${f(healthz.p99)} | | ×1.00 |`,
  );

  await server.stop();
  await pool.end();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return lines;
}

async function main() {
  const load = os.loadavg()[0]!.toFixed(2);
  const rows = [
    ...(await runDataset('demo', async (url) => {
      const database = await openDatabase({ url });
      await seedDemo(database.db);
      await database.close();
      const admin = DEMO_ACCOUNTS.find((a) => a.key === 'admin')!;
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      const { rows } = await pool.query<{ id: number }>('select id from users where useremail = $1', [admin.email]);
      await pool.end();
      return rows[0]!.id;
    })),
    ...(await runDataset('1k cards', async (_url, pool) => {
      await seedPeople(pool, await hashPassword('bench-password'));
      await seedCards(pool, 0, 1_000);
      const { rows } = await pool.query<{ id: number }>(`select id from users where client_type = 'admin' limit 1`);
      return rows[0]!.id;
    })),
  ];
  process.stdout.write('\n\n');
  console.log(
    `PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s a run, load average at start ${load} (${os.cpus().length} cores)\n`,
  );
  console.log('| data | call | Accept-Encoding | req/s | p50 ms | p99 ms | reply bytes | /healthz ÷ this |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  if (profileDir) console.log(`\nCPU profiles of the API process in ${profileDir}`);

  await dropDatabase(serverUrl, dbName);
}

await main();
