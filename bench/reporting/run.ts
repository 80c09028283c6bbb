/**
 * Reporting benchmark: every dashboard and profile-figure call for the last 30 days, as admin and as a
 * team lead, at 100,000 cards (four years of them) and 1,000,000 chat notes, then the whole-range
 * Export Cards CSV (100,000 rows) with the API process's resident memory sampled while it streams.
 * PostgreSQL, the API as its own process (the board benchmark's helpers). Prints figures and ratios;
 * asserts nothing.
 *   npm run bench:reporting        (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 *                                   BENCH_REUSE=1 keeps the seeded database for the next run)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API, pathOf } from '@cutroom/domain/contract';
import { EARLIEST_DATE, lastDays, todayIn } from '@cutroom/domain';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { createSession } from '../../apps/server/src/platform/auth.js';
import { hashPassword } from '../../apps/server/src/platform/passwords.js';
import { measureApi, type Call, type Figures } from '../board/measure.js';
import { seedCards, seedCustomers, seedStaff } from '../board/seed.js';
import { startServer } from '../board/server.js';
import { seedLead, seedReportingHistory } from './seed.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CARDS = Number(process.env.BENCH_CARDS ?? 100_000);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 1_000_000);
const CUSTOMERS = 2_000;
const REUSE = process.env.BENCH_REUSE === '1';
const TARGET_P50_MS = 100;
const TARGET_GROWTH_MB = 50;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'cutroom_bench_reporting';

type Role = 'admin' | 'lead' | 'customer';
interface Scenario {
  name: string;
  role: Role;
  path: string;
}

const range = lastDays(30, todayIn('America/New_York'));
const q = (extra: Record<string, string | number> = {}) =>
  new URLSearchParams({
    ...range,
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
  }).toString();

function scenarios(qaId: number, helperId: number, customerId: number): Scenario[] {
  const R = API.dashboard;
  const dash = (tab: string) => `${R.staff.path}?${q({ tab })}`;
  const art = (tab: string) => `${R.art.path}?${q({ tab })}`;
  const user = (route: { path: string }, userId = qaId) => `${pathOf(route.path, { userId })}?${q()}`;
  return [
    { name: 'dashboard QaTab', role: 'admin', path: dash('QaTab') },
    { name: 'dashboard TeamLeadTab', role: 'admin', path: dash('TeamLeadTab') },
    { name: 'dashboard YTHelperTab', role: 'admin', path: dash('YTHelperTab') },
    { name: 'dashboard customerTab', role: 'admin', path: dash('customerTab') },
    { name: 'dashboard QaTab as team lead', role: 'lead', path: dash('QaTab') },
    { name: 'ART QaTab', role: 'admin', path: art('QaTab') },
    { name: 'ART TeamLeadTab as team lead', role: 'lead', path: art('TeamLeadTab') },
    { name: 'ART YTHelperTab', role: 'admin', path: art('YTHelperTab') },
    {
      name: 'client dashboard (one customer)',
      role: 'admin',
      path: `${R.client.path}?${q({ id: customerId })}`,
    },
    { name: 'client dashboard as the customer', role: 'customer', path: `${R.client.path}?${q()}` },
    { name: 'responseRateV2 (one QA)', role: 'admin', path: user(R.responseRate) },
    { name: 'helper responseRate (one helper)', role: 'admin', path: user(R.ytResponseRate, helperId) },
    { name: 'CSAT (one QA)', role: 'admin', path: user(R.csat) },
    {
      name: 'export cards view (limit 1000)',
      role: 'admin',
      path: `${API.exportCards.list.path}?${new URLSearchParams({ startDate: range.start_date, endDate: range.end_date, limit: '1000' }).toString()}`,
    },
  ];
}

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Downloads the whole-range CSV while sampling the API's memory every 20 ms. */
async function measureExport(origin: string, token: string, pid: number) {
  const url = `${origin}${API.exportCards.csv.path}?${new URLSearchParams({ startDate: EARLIEST_DATE, endDate: range.end_date }).toString()}`;
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'user-time-zone': 'America/New_York' } });
  if (!res.ok || !res.body) throw new Error(`export: HTTP ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { rows: lines - 1, bytes, seconds, before, peak, disposition: res.headers.get('content-disposition') };
}

async function main() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // BENCH_REUSE=1 keeps the seeded database between runs (seeding 100,000 cards takes minutes).
  const reuse = REUSE && (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount === 1;
  if (!reuse) {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;

  const database = await openDatabase({ url: url.toString() });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 5 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-bench-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const passwordHash = await hashPassword('bench-password');
    const seedStart = performance.now();
    if (!reuse) {
      await seedStaff(pool, passwordHash);
      await seedLead(pool, passwordHash);
      await seedCustomers(pool, passwordHash, 0, CUSTOMERS);
      await seedCards(pool, 0, CARDS, { customers: CUSTOMERS, createdHours: 4 * 365 * 24 });
      await seedReportingHistory(pool, COMMENTS);
    }
    const seeded = reuse ? 'reused' : `${((performance.now() - seedStart) / 1000).toFixed(0)} s`;
    const one = async (sql: string) => (await pool.query<{ id: number }>(sql)).rows[0]!.id;
    const qaId = await one(`select id from users where client_type = 'qa' order by id limit 1`);
    const customerId = await one(`select id from users where client_type = 'customer' order by id limit 1`);
    const helperId = await one(`select id from users where client_type = 'yt-helper' order by id limit 1`);
    const adminId = await one(`select id from users where client_type = 'admin'`);
    const lead = await one(`select id from users where client_type = 'team-lead' order by id limit 1`);

    server = await startServer(url.toString(), dataDir);
    const tokens: Record<Role, string> = {
      admin: await createSession(database.db, adminId, true, 'bench'),
      lead: await createSession(database.db, lead, true, 'bench'),
      customer: await createSession(database.db, customerId, true, 'bench'),
    };
    const loadAtStart = os.loadavg()[0]!;
    const list = scenarios(qaId, helperId, customerId);
    const call = (s: Scenario): Call => ({ url: `${server!.origin}${s.path}`, token: tokens[s.role] });
    for (const s of list) await measureApi(call(s), 1, 1);
    const rows: { s: Scenario; figures: Figures; bytes: number }[] = [];
    for (const s of list) {
      const res = await fetch(call(s).url, {
        headers: { authorization: `Bearer ${tokens[s.role]}`, 'user-time-zone': 'America/New_York' },
      });
      if (!res.ok) throw new Error(`${s.name}: HTTP ${res.status} ${await res.text()}`);
      const bytes = (await res.arrayBuffer()).byteLength;
      rows.push({ s, figures: await measureApi(call(s), 1, SECONDS), bytes });
      process.stdout.write('.');
    }
    const floor = await measureApi({ url: `${server.origin}/healthz` }, 1, SECONDS);
    const exported = await measureExport(server.origin, tokens.admin, server.pid);
    process.stdout.write('\n\n');

    const counts = await pool.query<{
      cards: string;
      notes: string;
      ratings: string;
      in_range: string;
      helper: string;
    }>(
      `select (select count(*) from cards) as cards, (select count(*) from card_notes) as notes,
              (select count(*) from cards where yt_card_status is not null) as helper,
              (select count(*) from card_ratings) as ratings,
              (select count(*) from cards where created_at >= now() - interval '30 days') as in_range`,
    );
    const c = counts.rows[0]!;
    const load = `load average ${loadAtStart.toFixed(1)} at start, ${os.loadavg()[0]!.toFixed(1)} at end`;
    console.log(
      `PostgreSQL at ${url.host}; ${Number(c.cards).toLocaleString('en-US')} cards (${Number(c.in_range).toLocaleString('en-US')} in the range ${range.start_date} to ${range.end_date}), ` +
        `${Number(c.helper).toLocaleString('en-US')} on the helper side, ${Number(c.notes).toLocaleString('en-US')} notes, ${Number(c.ratings).toLocaleString('en-US')} ratings; seeded: ${seeded}; ` +
        `${SECONDS} s a run, 1 connection, ${os.cpus().length} cores, ${load}\n`,
    );
    const f = (n: number) => n.toFixed(n < 10 ? 2 : 0);
    console.log(`| call | reply KB | p50 ms | p95 ms | req/s | p50 / ${TARGET_P50_MS} ms target | p50 / floor |`);
    console.log('|---|---|---|---|---|---|---|');
    for (const { s, figures, bytes } of rows) {
      console.log(
        `| ${s.name} | ${(bytes / 1024).toFixed(1)} | ${f(figures.p50)} | ${f(figures.p95)} | ${f(figures.rps)} | ` +
          `×${(figures.p50 / TARGET_P50_MS).toFixed(2)} | ×${(figures.p50 / Math.max(floor.p50, 0.001)).toFixed(1)} |`,
      );
    }
    console.log(`| floor: GET /healthz | — | ${f(floor.p50)} | ${f(floor.p95)} | ${f(floor.rps)} | — | ×1.0 |`);
    const growth = exported.peak - exported.before;
    console.log(
      `\nExport Cards CSV, ${EARLIEST_DATE} to ${range.end_date}: ${exported.rows.toLocaleString('en-US')} rows, ` +
        `${(exported.bytes / 1_048_576).toFixed(1)} MB in ${exported.seconds.toFixed(1)} s (${exported.disposition}); ` +
        `API resident memory ${exported.before.toFixed(0)} MB before, ${exported.peak.toFixed(0)} MB at peak: ` +
        `growth ${growth.toFixed(1)} MB (×${(growth / TARGET_GROWTH_MB).toFixed(2)} of the ${TARGET_GROWTH_MB} MB bound)`,
    );
  } finally {
    await server?.stop();
    await pool.end();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!REUSE) {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${dbName} with (force)`);
      await cleanup.end();
    }
  }
}

await main();
