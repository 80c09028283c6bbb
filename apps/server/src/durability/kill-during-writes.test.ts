import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { findLosses } from './ledger-check.js';
import { createScratchDatabase } from '../test/scratch-database.js';
import { killAllServers, startServer } from './server-process.js';
import { call, createCard, login, newLedger, startLoad, untilAcked } from './write-load.js';

// Each vitest project runs this file once, on its own driver: PGlite in server-pglite, PostgreSQL in server-pg.
const driver = process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite';
const ROUNDS = 3;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-durability-'));
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

afterAll(async () => {
  await killAllServers();
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it(`keeps every acknowledged write through ${ROUNDS} SIGKILLs during writes (${driver})`, async () => {
  if (process.env.TEST_DB === 'pg')
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, { prefix: 'cutroom_durability' });
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'true', ...(scratch ? { DATABASE_URL: scratch.url } : {}) };

  let server = await startServer(env);
  let api = await login(server.origin, 'admin@cutroom.demo', 'cutroom-demo');
  const { customers } = await call<{ customers: { client_id: number }[] }>(api, 'GET', '/api/customers');
  const customerIds = customers.map((c) => c.client_id);
  const ledger = newLedger();
  for (const id of customerIds) expect(await createCard(api, ledger, id, 'chat')).toBe(201);
  const target = { customerIds, cardIds: [...ledger.cards.keys()] };

  const rounds: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const load = startLoad(api, target, ledger, { concurrency: 12, tag: `kill ${round}` });
    // A random point in the stream, so the kill lands in a different phase of a write each round.
    await untilAcked(load.stats, 30 + Math.floor(Math.random() * 60), 60_000);
    const inFlight = load.stats.inFlight;
    await server.kill();
    await load.stop();
    expect(Object.keys(load.stats.failed).filter((k) => k !== 'network')).toEqual([]);

    // PGlite: the killed process's DATA_DIR lock is still there, and the next start takes it over.
    const lock = path.join(dataDir, '.lock');
    if (!scratch) expect(fs.readFileSync(lock, 'utf8')).toBe(String(server.pid));
    const restartAt = Date.now();
    server = await startServer(env);
    if (!scratch) expect(fs.readFileSync(lock, 'utf8')).toBe(String(server.pid));
    // The admin's session was an acknowledged write too: the old token must still work.
    api = { origin: server.origin, token: api.token };
    expect(await findLosses(api, ledger)).toEqual([]);
    rounds.push(`${load.stats.acked} acked, ${inFlight} in flight at the kill, back in ${Date.now() - restartAt} ms`);
  }
  console.log(
    `[durability] ${driver}: ${ledger.cards.size} requests and ${ledger.notes.size} comments acknowledged, none lost\n  ` +
      rounds.map((r, i) => `round ${i + 1}: ${r}`).join('\n  '),
  );
  expect(await server.stop()).toBe(0);
}, 240_000);
