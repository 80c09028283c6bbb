/**
 * Board benchmark (issue 3): POST /api/getCards against PostgreSQL with 1,000 and then 100,000 cards
 * for 2,000 customers, as admin and as a QA, first and deep page, and the helper board (POST
 * /api/ythelper/cards) as the helper lead and a helper, at 1 and 50 connections; the same SQL
 * through node-postgres alongside. The API runs as its own process, as in production, so the
 * load generator does not share its event loop. Prints figures and ratios; asserts nothing.
 *   npm run bench:board            (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { fillPlaceholders } from 'drizzle-orm';
import { BOARD_COLUMNS, YT_BOARD_COLUMNS, CLOCK_TIME_ZONE, type Role } from '@cutroom/domain';
import { getCardsBody, ytCardsBody } from '@cutroom/domain/schemas';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { columnPageQuery } from '../../apps/server/src/features/board/board.service.js';
import { pageValues } from '../../apps/server/src/features/board/board-filters.js';
import { ytColumnPageQuery, ytPageValues } from '../../apps/server/src/features/yt-helper/yt-board.service.js';
import { createSession } from '../../apps/server/src/platform/auth.js';
import { hashPassword } from '../../apps/server/src/platform/passwords.js';
import { measureApi, measureSql, type Figures } from './measure.js';
import { seedCards, seedPeople } from './seed.js';
import { startServer } from './server.js';
import { dropDatabase, freshDatabase } from '../bench-database.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
// PostgreSQL on the same host is reached through its Unix socket when it has one, as a same-host
// deployment would (~20% more board calls per second than loopback TCP on this machine).
const socketDir = '/var/run/postgresql';
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  (fs.existsSync(path.join(socketDir, '.s.PGSQL.5432'))
    ? `postgres://postgres@localhost/postgres?host=${socketDir}`
    : 'postgres://postgres@127.0.0.1:5432/postgres');
const dbName = 'cutroom_bench';

async function main() {
  const url = new URL(await freshDatabase(serverUrl, dbName));

  const database = await openDatabase({ url: url.toString() });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 5 });
  // The raw side runs like the API's board statements: named, on connections that keep generic plans.
  const rawPool = new pg.Pool({
    connectionString: url.toString(),
    max: 50,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // The final DROP … WITH (FORCE) ends any connection a pool still holds; that is not a failure.
  for (const p of [pool, rawPool]) p.on('error', () => undefined);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-bench-'));
  const server = await startServer(url.toString(), dataDir);
  const apis = { board: `${server.origin}/api/getCards`, yt: `${server.origin}/api/ythelper/cards` };

  await seedPeople(pool, await hashPassword('bench-password'));
  const who = async (type: string) =>
    (await pool.query<{ id: number }>(`select id from users where client_type = $1 order by id limit 1`, [type]))
      .rows[0]!.id;
  const roles = ['admin', 'qa', 'yt-helper-lead', 'yt-helper'] as const;
  const viewers = Object.fromEntries(await Promise.all(roles.map(async (r) => [r, await who(r)]))) as Record<
    (typeof roles)[number],
    number
  >;
  const tokens = Object.fromEntries(
    await Promise.all(roles.map(async (r) => [r, await createSession(database.db, viewers[r], true, 'bench')])),
  ) as Record<(typeof roles)[number], string>;
  const editing = BOARD_COLUMNS.find((c) => c.key === 'editing')!;
  const inProgress = YT_BOARD_COLUMNS.find((c) => c.key === 'inProgress')!;

  const scenarios: { name: string; role: (typeof roles)[number]; board: 'board' | 'yt'; body: object }[] = [
    { name: 'admin, first page', role: 'admin', board: 'board', body: { section: 'editing', offset: 0, limit: 10 } },
    { name: 'admin, deep page', role: 'admin', board: 'board', body: { section: 'editing', offset: 500, limit: 10 } },
    { name: 'QA, first page', role: 'qa', board: 'board', body: { section: 'editing', offset: 0, limit: 10 } },
    { name: 'QA, deep page', role: 'qa', board: 'board', body: { section: 'editing', offset: 200, limit: 10 } },
    {
      name: 'helper lead, helper board, first page',
      role: 'yt-helper-lead',
      board: 'yt',
      body: { section: 'inProgress' },
    },
    { name: 'helper, helper board, first page', role: 'yt-helper', board: 'yt', body: { section: 'inProgress' } },
  ];
  /** The SQL of a scenario's page with its values, as the API runs it. */
  const rawQuery = (s: (typeof scenarios)[number]) => {
    const viewer = { id: viewers[s.role], role: s.role as Role };
    if (s.board === 'yt') {
      const parsed = ytCardsBody.parse(s.body);
      const query = ytColumnPageQuery(database.db, viewer.role, parsed).toSQL();
      return { sql: query.sql, params: fillPlaceholders(query.params, ytPageValues(viewer, parsed, inProgress)) };
    }
    const parsed = getCardsBody.parse(s.body);
    const query = columnPageQuery(database.db, viewer.role, parsed, editing).toSQL();
    return {
      sql: query.sql,
      params: fillPlaceholders(query.params, pageValues(viewer, parsed, CLOCK_TIME_ZONE, editing)),
    };
  };
  const rows: { scale: number; scenario: string; connections: number; api: Figures; sql: Figures }[] = [];

  let seeded = 0;
  for (const scale of [1_000, 100_000]) {
    await seedCards(pool, seeded, scale - seeded);
    seeded = scale;
    // A fresh process compiles its hot paths during the first seconds; warm every scenario once.
    if (scale === 1_000)
      for (const s of scenarios) await measureApi({ url: apis[s.board], token: tokens[s.role], body: s.body }, 50, 2);
    for (const s of scenarios) {
      const query = rawQuery(s);
      for (const connections of [1, 50]) {
        const apiFigures = await measureApi(
          { url: apis[s.board], token: tokens[s.role], body: s.body },
          connections,
          SECONDS,
        );
        // Named, like the API's own statements, so both sides run a cached plan.
        const sqlFigures = await measureSql(
          rawPool,
          `bench_${s.board}_${s.role}`,
          query.sql,
          query.params,
          connections,
          SECONDS,
        );
        rows.push({ scale, scenario: s.name, connections, api: apiFigures, sql: sqlFigures });
        process.stdout.write('.');
      }
    }
  }
  // What the HTTP stack and the load generator cost on their own: a route that touches nothing.
  const healthz = { url: `${server.origin}/healthz` };
  const floors = [
    { connections: 1, figures: await measureApi(healthz, 1, SECONDS) },
    { connections: 50, figures: await measureApi(healthz, 50, SECONDS) },
  ];
  process.stdout.write('\n\n');
  console.log(`PostgreSQL via ${url.searchParams.get('host') ?? url.host}, ${SECONDS} s a run\n`);

  const f = (n: number) => n.toFixed(n < 10 ? 2 : 0);
  console.log(
    '| cards | scenario | conns | API p50 ms | API p99 ms | API req/s | SQL p50 ms | SQL p99 ms | SQL q/s | API/SQL throughput |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.scale.toLocaleString('en-US')} | ${r.scenario} | ${r.connections} | ${f(r.api.p50)} | ${f(r.api.p99)} | ${f(r.api.rps)} | ${f(r.sql.p50)} | ${f(r.sql.p99)} | ${f(r.sql.rps)} | ${((r.api.rps / r.sql.rps) * 100).toFixed(0)}% |`,
    );
  }
  for (const { connections, figures } of floors) {
    console.log(
      `| floor: GET /healthz | — | ${connections} | ${f(figures.p50)} | ${f(figures.p99)} | ${f(figures.rps)} | | | | |`,
    );
  }
  console.log('\nGrowth of p50 from 1,000 to 100,000 cards (1 connection), API and raw SQL:');
  const ratio = (small: number, large: number) => `×${(large / Math.max(small, 0.001)).toFixed(2)}`;
  for (const s of scenarios) {
    const small = rows.find((r) => r.scale === 1_000 && r.scenario === s.name && r.connections === 1)!;
    const large = rows.find((r) => r.scale === 100_000 && r.scenario === s.name && r.connections === 1)!;
    console.log(
      `  ${s.name}: API ${f(small.api.p50)} → ${f(large.api.p50)} ms (${ratio(small.api.p50, large.api.p50)}), ` +
        `SQL ${f(small.sql.p50)} → ${f(large.sql.p50)} ms (${ratio(small.sql.p50, large.sql.p50)})`,
    );
  }

  await server.stop();
  await Promise.all([pool.end(), rawPool.end()]);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase(serverUrl, dbName);
}

await main();
