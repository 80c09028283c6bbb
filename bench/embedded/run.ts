/**
 * Embedded database against PostgreSQL (issue 17): the same API process on the demo workspace, once on
 * PGlite in its data folder and once on a fresh PostgreSQL database, a board column's first page
 * (POST /api/getCards, as the web app asks for it) and the column counts (POST /api/getCardCounts) as
 * the demo admin at 1 and 20 connections. Prints req/s, p50/p99, the server's memory and how many
 * cores it kept busy, and the ratios. Asserts nothing.
 *   npm run bench:embedded     (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase, freshDatabase } from '../bench-database.js';
import { CARD_PAGE_SIZE } from '@cutroom/domain';
import { DEMO_PASSWORD } from '../../apps/server/src/features/seed/demo-seed.js';
import { measureApi, type Figures } from '../board/measure.js';
import { startServer } from '../board/server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'cutroom_bench_embedded';
const CONNECTIONS = [1, 20];

const calls = {
  'getCards, one column': {
    path: '/api/getCards',
    body: { section: 'editing', offset: 0, limit: CARD_PAGE_SIZE },
  },
  getCardCounts: { path: '/api/getCardCounts', body: {} },
} as const;

/** Resident and peak memory of a process, in MB, from /proc. */
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** CPU seconds a process has used (user + system), from /proc (clock ticks of 1/100 s on Linux). */
const ticks = () => Number(process.env.CLK_TCK ?? 100);
const cpuOf = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks();
};

async function tokenFor(origin: string) {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ useremail: 'admin@cutroom.demo', password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

interface Row {
  database: string;
  call: string;
  connections: number;
  figures: Figures;
  cores: number;
}

async function measure(database: string, origin: string, pid: number, rows: Row[]) {
  const token = await tokenFor(origin);
  for (const [name, call] of Object.entries(calls)) {
    for (const connections of CONNECTIONS) {
      const before = cpuOf(pid);
      const started = performance.now();
      const figures = await measureApi({ url: `${origin}${call.path}`, token, body: call.body }, connections, SECONDS);
      // measureApi warms up for a second first; the cores figure covers warm-up and run alike.
      const cores = (cpuOf(pid) - before) / ((performance.now() - started) / 1000);
      rows.push({ database, call: name, connections, figures, cores });
      process.stdout.write('.');
    }
  }
  return memoryOf(pid);
}

async function main() {
  const url = await freshDatabase(serverUrl, dbName);

  const rows: Row[] = [];
  const memory: Record<string, { rss: number; peak: number }> = {};
  for (const database of ['PGlite', 'PostgreSQL']) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-embedded-'));
    const server = await startServer(database === 'PGlite' ? '' : url, dataDir, { SEED_DEMO: 'true' });
    try {
      memory[database] = await measure(database, server.origin, server.pid, rows);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  await dropDatabase(serverUrl, dbName);

  console.log(`\n\nDemo workspace, admin, ${SECONDS} s per run, Node ${process.version}, ${os.cpus().length} cores\n`);
  console.log('| call | connections | database | req/s | p50 ms | p99 ms | server cores busy |');
  console.log('|---|---:|---|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.call} | ${r.connections} | ${r.database} | ${r.figures.rps.toFixed(0)} | ${r.figures.p50.toFixed(1)} | ${r.figures.p99.toFixed(1)} | ${r.cores.toFixed(2)} |`,
    );
  console.log('\n| call | connections | PostgreSQL / PGlite req/s |');
  console.log('|---|---:|---:|');
  for (const [name] of Object.entries(calls))
    for (const connections of CONNECTIONS) {
      const of = (db: string) =>
        rows.find((r) => r.call === name && r.connections === connections && r.database === db)!;
      console.log(
        `| ${name} | ${connections} | ${(of('PostgreSQL').figures.rps / of('PGlite').figures.rps).toFixed(2)}× |`,
      );
    }
  console.log('\nServer memory after the runs (MB): RSS / peak');
  for (const [db, m] of Object.entries(memory)) console.log(`  ${db}: ${m.rss.toFixed(0)} / ${m.peak.toFixed(0)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
