/**
 * Customers and users lists benchmark: GET /api/customers (first page, search, each filter, a late page,
 * as admin and as a team lead), GET /api/users, POST /api/customers-cards-count and the whole
 * GET /api/exportCustomers CSV, against PostgreSQL with 1,000 and then 10,000 customers (three cards
 * each on average, half of them in the last 30 days). The API runs as its own process, as in the board
 * benchmark, whose seed, server and measure helpers this reuses. Prints figures and ratios; asserts nothing.
 *   npm run bench:customers        (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { API } from '@cutroom/domain/contract';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { createSession } from '../../apps/server/src/platform/auth.js';
import { hashPassword } from '../../apps/server/src/platform/passwords.js';
import { measureApi, type Call, type Figures } from '../board/measure.js';
import { seedCards, seedCustomers, seedStaff } from '../board/seed.js';
import { startServer } from '../board/server.js';
import { seedTeam, varyCustomers } from './seed.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const SCALES = [1_000, 10_000];
const CONNECTIONS = [1, 10];
const CARDS_PER_CUSTOMER = 3;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'cutroom_bench_customers';

type Role = 'admin' | 'lead';
interface Scenario {
  name: string;
  role: Role;
  /** The route's path and query; `scale` for pages that move with the list's size. */
  path: (scale: number) => string;
  body?: object;
  /** A call whose cost grows with the list by nature (the export writes every row). */
  linear?: boolean;
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const customers = (query: string) => `${API.users.customers.path}?${query}`;
const scenarios: Scenario[] = [
  { name: 'customers, first page', role: 'admin', path: () => customers('offset=0&limit=10') },
  { name: 'customers, search "smith"', role: 'admin', path: () => customers('search=smith&offset=0&limit=10') },
  { name: 'customers, customerType=weekly', role: 'admin', path: () => customers('customerType=weekly') },
  { name: 'customers, referral=Youtube', role: 'admin', path: () => customers('referral=Youtube') },
  { name: 'customers, activity=inactive_14', role: 'admin', path: () => customers('activity=inactive_14') },
  { name: 'customers, startDate (last 90 days)', role: 'admin', path: () => customers(`startDate=${day(90)}`) },
  { name: 'customers, endDate (over a year ago)', role: 'admin', path: () => customers(`endDate=${day(365)}`) },
  {
    name: 'customers, late page (offset 90%)',
    role: 'admin',
    path: (scale) => customers(`offset=${scale * 0.9}&limit=10`),
  },
  { name: 'customers, first page as team lead', role: 'lead', path: () => customers('offset=0&limit=10') },
  { name: 'users, first page', role: 'admin', path: () => `${API.users.list.path}?offset=0&limit=10` },
  { name: 'customers-cards-count', role: 'admin', path: () => API.users.cardsCount.path, body: {} },
  { name: 'exportCustomers (whole CSV)', role: 'admin', path: () => API.users.exportCustomers.path, linear: true },
];

async function main() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;

  const database = await openDatabase({ url: url.toString() });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 5 });
  const loadAtStart = os.loadavg()[0]!;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-bench-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer(url.toString(), dataDir);
    const origin = server.origin;

    const passwordHash = await hashPassword('bench-password');
    await seedStaff(pool, passwordHash);
    const lead = await seedTeam(pool, passwordHash);
    const adminId = (await pool.query<{ id: number }>(`select id from users where client_type = 'admin'`)).rows[0]!.id;
    const tokens: Record<Role, string> = {
      admin: await createSession(database.db, adminId, true, 'bench'),
      lead: await createSession(database.db, lead, true, 'bench'),
    };
    const call = (s: Scenario, scale: number): Call => ({
      url: `${origin}${s.path(scale)}`,
      token: tokens[s.role],
      body: s.body,
    });

    const rows: { scale: number; scenario: string; connections: number; figures: Figures; matched: string }[] = [];
    let seeded = 0;
    for (const scale of SCALES) {
      await seedCustomers(pool, passwordHash, seeded, scale - seeded);
      await varyCustomers(pool, seeded);
      await pool.query('vacuum analyze users, customer_qas');
      await seedCards(pool, seeded * CARDS_PER_CUSTOMER, (scale - seeded) * CARDS_PER_CUSTOMER, {
        customers: scale,
        createdHours: 60 * 24,
      });
      seeded = scale;
      // A fresh process compiles its hot paths during the first seconds; warm every scenario once.
      if (scale === SCALES[0]) for (const s of scenarios) await measureApi(call(s, scale), 10, 1);
      for (const s of scenarios) {
        const matched = await describe(call(s, scale));
        for (const connections of CONNECTIONS) {
          const figures = await measureApi(call(s, scale), connections, SECONDS);
          rows.push({ scale, scenario: s.name, connections, figures, matched });
          process.stdout.write('.');
        }
      }
    }
    // What the HTTP stack and the load generator cost on their own: a route that touches nothing.
    const floors: { connections: number; figures: Figures }[] = [];
    for (const connections of CONNECTIONS)
      floors.push({ connections, figures: await measureApi({ url: `${origin}/healthz` }, connections, SECONDS) });
    process.stdout.write('\n\n');
    // The machine's two cores may be shared: the load average says how quiet the run was.
    const load = `load average ${loadAtStart.toFixed(1)} at start, ${os.loadavg()[0]!.toFixed(1)} at end`;
    console.log(`PostgreSQL at ${url.host}, ${SECONDS} s a run, ${os.cpus().length} cores, ${load}\n`);

    const f = (n: number) => n.toFixed(n < 10 ? 2 : 0);
    console.log('| customers | call | matches | conns | p50 ms | p95 ms | req/s |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.scale.toLocaleString('en-US')} | ${r.scenario} | ${r.matched} | ${r.connections} | ${f(r.figures.p50)} | ${f(r.figures.p95)} | ${f(r.figures.rps)} |`,
      );
    }
    for (const { connections, figures } of floors) {
      console.log(
        `| — | floor: GET /healthz | — | ${connections} | ${f(figures.p50)} | ${f(figures.p95)} | ${f(figures.rps)} |`,
      );
    }

    const [small, large] = SCALES as [number, number];
    const ratio = (a: number, b: number) => `×${(b / Math.max(a, 0.001)).toFixed(2)}`;
    console.log(`\nFrom ${small.toLocaleString('en-US')} to ${large.toLocaleString('en-US')} customers, 1 connection:`);
    console.log('| call | p50 ms | ratio | p95 ms | ratio | req/s at 10 conns | ratio |');
    console.log('|---|---|---|---|---|---|---|');
    for (const s of scenarios) {
      const at = (scale: number, connections: number) =>
        rows.find((r) => r.scale === scale && r.scenario === s.name && r.connections === connections)!.figures;
      const [a, b] = [at(small, 1), at(large, 1)];
      const [c, d] = [at(small, 10), at(large, 10)];
      console.log(
        `| ${s.name}${s.linear ? ' (grows with the list)' : ''} | ${f(a.p50)} → ${f(b.p50)} | ${ratio(a.p50, b.p50)} | ` +
          `${f(a.p95)} → ${f(b.p95)} | ${ratio(a.p95, b.p95)} | ${f(c.rps)} → ${f(d.rps)} | ${ratio(c.rps, d.rps)} |`,
      );
    }
  } finally {
    await server?.stop();
    await pool.end();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${dbName} with (force)`);
    await cleanup.end();
  }
}

/** How many rows the call matches (`count` of a list, lines of the CSV), checked once before timing. */
async function describe(c: Call): Promise<string> {
  const res = await fetch(c.url, {
    method: c.body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${c.token}`,
      'content-type': 'application/json',
      'user-time-zone': 'America/New_York',
    },
    body: c.body ? JSON.stringify(c.body) : undefined,
  });
  if (!res.ok) throw new Error(`${c.url}: HTTP ${res.status} ${await res.text()}`);
  const text = await res.text();
  if (!text.startsWith('{')) return `${(text.trimEnd().split('\r\n').length - 1).toLocaleString('en-US')} rows`;
  const reply = JSON.parse(text) as {
    count?: number;
    customers?: unknown[];
    users?: unknown[];
    active?: number;
    inactive?: number;
  };
  if (reply.count !== undefined) {
    const page = (reply.customers ?? reply.users ?? []).length;
    return `${reply.count.toLocaleString('en-US')} (page ${page})`;
  }
  return `${((reply.active ?? 0) + (reply.inactive ?? 0)).toLocaleString('en-US')}`;
}

await main();
