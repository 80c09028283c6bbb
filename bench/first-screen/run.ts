/**
 * First-screen benchmark (issue 17): the calls the web app makes for the board's first paint, at
 * 1,000, 5,000 and 100,000 cards on PostgreSQL, as admin, a customer and a QA. A screen is GET
 * /api/me (the session guard), then at once: the bell's count, the inbox badge (roles with the
 * inbox), the column counts, the first page of every column shown by default, and a customer's
 * request allowance; over at most six keep-alive connections, as a browser holds per host. The live
 * event stream is left out (it stays open). Each size has its own database and API process, and the
 * rounds visit the sizes in turn (each round starting at another), so a machine busy with other
 * work weighs on every size alike.
 * Prints p50/p99 of the whole screen, its slowest call, the counts call on its own (autocannon, one
 * connection), the reply bytes as sent for a browser's Accept-Encoding, and the 100k/1k ratios.
 * Asserts nothing.
 *   npm run bench:first-screen     (BENCH_DATABASE_URL, default the local socket or 127.0.0.1:5432;
 *                                   BENCH_SECONDS a turn, default 3; BENCH_ROUNDS, default 3)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API } from '@cutroom/domain/contract';
import { BOARD_COLUMNS, CARD_PAGE_SIZE, INBOX_ROLES, type Role } from '@cutroom/domain';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { createSession } from '../../apps/server/src/platform/auth.js';
import { hashPassword } from '../../apps/server/src/platform/passwords.js';
import { measureApi } from '../board/measure.js';
import { seedCards, seedPeople } from '../board/seed.js';
import { startServer } from '../board/server.js';
import { dropDatabase, freshDatabase } from '../bench-database.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SCALES = [1_000, 5_000, 100_000];
const ZONE = 'America/New_York';
// What Chrome sends, so a server that compresses is measured as a browser would see it.
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const socketDir = '/var/run/postgresql';
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  (fs.existsSync(path.join(socketDir, '.s.PGSQL.5432'))
    ? `postgres://postgres@localhost/postgres?host=${socketDir}`
    : 'postgres://postgres@127.0.0.1:5432/postgres');
const dbName = (scale: number) => `cutroom_bench_first_screen_${scale}`;
const roles = ['admin', 'customer', 'qa'] as const;
type BenchRole = (typeof roles)[number];

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: object;
}

/** The board's first screen for a role, as apps/web asks for it (filters at their defaults). */
function firstScreen(role: Role): { guard: Call; rest: Call[] } {
  const filters = { dataFilter: 'newest' };
  const shown = BOARD_COLUMNS.filter((c) => !('toggle' in c));
  return {
    guard: { name: 'me', method: 'GET', path: API.auth.me.path },
    rest: [
      { name: 'bell', method: 'GET', path: API.notifications.count.path },
      ...(INBOX_ROLES.includes(role) ? [{ name: 'inbox', method: 'GET' as const, path: API.inbox.unseen.path }] : []),
      { name: 'counts', method: 'POST', path: API.board.counts.path, body: filters },
      ...shown.map((c) => ({
        name: `cards:${c.key}`,
        method: 'POST' as const,
        path: API.board.cards.path,
        body: { ...filters, section: c.key, offset: 0, limit: CARD_PAGE_SIZE },
      })),
      ...(role === 'customer' ? [{ name: 'allowance', method: 'GET' as const, path: API.board.allowance.path }] : []),
    ],
  };
}

/** One call over the agent; its time and the reply's bytes as they came (compressed if the server compressed). */
function send(agent: http.Agent, origin: string, token: string, call: Call) {
  const payload = call.body ? JSON.stringify(call.body) : undefined;
  const start = performance.now();
  return new Promise<{ name: string; ms: number; bytes: number; encoding: string }>((resolve, reject) => {
    const req = http.request(
      `${origin}${call.path}`,
      {
        agent,
        method: call.method,
        headers: {
          authorization: `Bearer ${token}`,
          'accept-encoding': ACCEPT_ENCODING,
          'user-time-zone': ZONE,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve({
                name: call.name,
                ms: performance.now() - start,
                bytes,
                encoding: String(res.headers['content-encoding'] ?? 'identity'),
              })
            : reject(new Error(`${call.method} ${call.path} answered ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const pct = (values: number[], q: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/** What one (size, role) gathers over the rounds. */
interface Tally {
  screens: number[];
  calls: Map<string, number[]>;
  counts: number[];
  bytes: number;
  callsPerScreen: number;
  encodings: Set<string>;
}

/** Screens one after another for `seconds`: each the guard call, then the rest at once. */
async function screens(origin: string, token: string, role: Role, seconds: number, tally?: Tally) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  const { guard, rest } = firstScreen(role);
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const start = performance.now();
    const replies = [await send(agent, origin, token, guard)];
    replies.push(...(await Promise.all(rest.map((c) => send(agent, origin, token, c)))));
    if (!tally) continue;
    tally.screens.push(performance.now() - start);
    tally.bytes = replies.reduce((n, r) => n + r.bytes, 0);
    tally.callsPerScreen = replies.length;
    for (const r of replies) {
      tally.encodings.add(r.encoding);
      tally.calls.set(r.name, [...(tally.calls.get(r.name) ?? []), r.ms]);
    }
  }
  agent.destroy();
}

/** A database of `scale` cards with its own API process, and a session for each role. */
async function prepare(scale: number) {
  const url = new URL(await freshDatabase(serverUrl, dbName(scale)));
  const database = await openDatabase({ url: url.toString() });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 5 });
  // The final DROP … WITH (FORCE) ends any connection the pool still holds; that is not a failure.
  pool.on('error', () => undefined);
  await seedPeople(pool, await hashPassword('bench-password'));
  await seedCards(pool, 0, scale);
  const who = async (type: string) =>
    (await pool.query<{ id: number }>(`select id from users where client_type = $1 order by id limit 1`, [type]))
      .rows[0]!.id;
  const tokens = Object.fromEntries(
    await Promise.all(roles.map(async (r) => [r, await createSession(database.db, await who(r), true, 'bench')])),
  ) as Record<BenchRole, string>;
  await Promise.all([pool.end(), database.close()]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-bench-'));
  const server = await startServer(url.toString(), dataDir);
  return {
    scale,
    origin: server.origin,
    tokens,
    host: url.searchParams.get('host') ?? url.host,
    async close() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase(serverUrl, dbName(scale));
    },
  };
}

async function main() {
  const sizes: Awaited<ReturnType<typeof prepare>>[] = [];
  // The API processes stop whatever happens, so a failed run leaves none behind.
  try {
    for (const scale of SCALES) sizes.push(await prepare(scale));
    await measure(sizes);
  } finally {
    for (const size of sizes) await size.close();
  }
}

async function measure(sizes: Awaited<ReturnType<typeof prepare>>[]) {
  const tallies = new Map<string, Tally>();
  const tallyOf = (scale: number, role: Role) => {
    const key = `${scale}/${role}`;
    if (!tallies.has(key))
      tallies.set(key, {
        screens: [],
        calls: new Map(),
        counts: [],
        bytes: 0,
        callsPerScreen: 0,
        encodings: new Set(),
      });
    return tallies.get(key)!;
  };
  // A fresh process compiles its hot paths during its first seconds.
  for (const size of sizes) for (const role of roles) await screens(size.origin, size.tokens[role], role, 3);
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts at another size, so no size always runs first or last.
    const order = sizes.map((_, i) => sizes[(i + round) % sizes.length]!);
    for (const size of order) {
      for (const role of roles) {
        const tally = tallyOf(size.scale, role);
        await screens(size.origin, size.tokens[role], role, SECONDS, tally);
        const counts = await measureApi(
          { url: `${size.origin}${API.board.counts.path}`, token: size.tokens[role], body: { dataFilter: 'newest' } },
          1,
          Math.max(1, SECONDS - 1),
        );
        tally.counts.push(counts.p50);
        process.stdout.write('.');
      }
    }
  }
  process.stdout.write('\n\n');
  const [load1] = os.loadavg();
  console.log(
    `PostgreSQL via ${sizes[0]!.host}, ${ROUNDS} rounds of ${SECONDS} s a size and role, ${os.cpus().length} cores, ` +
      `load average ${load1!.toFixed(2)} at the end\n`,
  );
  const f = (n: number) => n.toFixed(n < 10 ? 2 : 1);
  const median = (values: number[]) => pct(values, 0.5);
  const slowest = (t: Tally) =>
    [...t.calls].map(([name, ms]) => ({ name, p50: pct(ms, 0.5) })).sort((x, y) => y.p50 - x.p50)[0]!;
  console.log(
    '| cards | role | calls | screens | screen p50 ms | screen p99 ms | slowest call p50 ms | counts call p50 ms | reply bytes | encoding |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const scale of SCALES) {
    for (const role of roles) {
      const t = tallyOf(scale, role);
      const slow = slowest(t);
      console.log(
        `| ${scale.toLocaleString('en-US')} | ${role} | ${t.callsPerScreen} | ${t.screens.length} | ${f(pct(t.screens, 0.5))} | ` +
          `${f(pct(t.screens, 0.99))} | ${f(slow.p50)} (${slow.name}) | ${f(median(t.counts))} | ` +
          `${t.bytes.toLocaleString('en-US')} | ${[...t.encodings].join(', ')} |`,
      );
    }
  }
  const small = SCALES[0]!;
  const large = SCALES.at(-1)!;
  console.log(
    `\nGrowth from ${small.toLocaleString('en-US')} to ${large.toLocaleString('en-US')} cards (target: within ×1.3):`,
  );
  for (const role of roles) {
    const a = tallyOf(small, role);
    const b = tallyOf(large, role);
    const ratio = (x: number, y: number) => `×${(y / x).toFixed(2)}`;
    console.log(
      `  ${role}: screen p50 ${f(pct(a.screens, 0.5))} → ${f(pct(b.screens, 0.5))} ms ` +
        `(${ratio(pct(a.screens, 0.5), pct(b.screens, 0.5))}), counts call p50 ${f(median(a.counts))} → ` +
        `${f(median(b.counts))} ms (${ratio(median(a.counts), median(b.counts))})`,
    );
  }
}

await main();
