import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PNG } from '../test/sample-files.js';
import { createScratchDatabase } from '../test/scratch-database.js';
import { findLosses } from './ledger-check.js';
import { backupTool, killAllServers, startServer } from './server-process.js';
import { call, createCard, login, newLedger, startLoad, untilAcked, type Api, type Ledger } from './write-load.js';

// `npm run backup` while the server takes writes, `npm run restore` into an empty place, a server started
// there (issue 37): every card, note and file acknowledged before the backup began is back.
const driver = process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-backup-'));
const scratches: Awaited<ReturnType<typeof createScratchDatabase>>[] = [];
afterAll(async () => {
  await killAllServers();
  for (const s of scratches) await s.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A stored file, as a user uploads one: its address and bytes. */
async function upload(api: Api) {
  const bytes = Buffer.concat([PNG, Buffer.from(`backup test ${Date.now()}`)]);
  const form = new FormData();
  form.append('document', new Blob([bytes], { type: 'image/png' }), 'still.png');
  const res = await fetch(`${api.origin}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { url: ((await res.json()) as { url: string }).url, bytes };
}

const snapshot = (ledger: Ledger): Ledger => ({ cards: new Map(ledger.cards), notes: new Map(ledger.notes) });

it(
  `backs up a ${driver} server under writes and restores it whole into an empty place`,
  { timeout: 180_000 },
  async () => {
    const source: Record<string, string> = { DATA_DIR: path.join(work, 'source'), SEED_DEMO: 'true' };
    const restored: Record<string, string> = { DATA_DIR: path.join(work, 'restored') };
    if (driver === 'PostgreSQL') {
      const [from, to] = [
        await createScratchDatabase(process.env.TEST_DATABASE_URL!, { prefix: 'cutroom_backup' }),
        await createScratchDatabase(process.env.TEST_DATABASE_URL!, { prefix: 'cutroom_restore' }),
      ];
      scratches.push(from, to);
      source.DATABASE_URL = from.url;
      restored.DATABASE_URL = to.url;
    }
    let server = await startServer(source);
    let api = await login(server.origin, 'admin@cutroom.demo', 'cutroom-demo');
    const { customers } = await call<{ customers: { client_id: number }[] }>(api, 'GET', '/api/customers');
    const ledger = newLedger();
    for (const c of customers) expect(await createCard(api, ledger, c.client_id, 'backup')).toBe(201);
    const file = await upload(api);

    const load = startLoad(
      api,
      { customerIds: customers.map((c) => c.client_id), cardIds: [...ledger.cards.keys()] },
      ledger,
      {
        concurrency: 6,
        tag: 'backup',
      },
    );
    await untilAcked(load.stats, 20, 60_000);
    // What was acknowledged before the backup began must be in it; what comes during it may or may not.
    const before = snapshot(ledger);
    const archive = path.join(work, 'cutroom.tar.gz');
    const backupAt = Date.now();
    const made = await backupTool(['backup', '--out', archive], source);
    const backupMs = Date.now() - backupAt;
    await load.stop();
    expect(made.code, made.out).toBe(0);
    expect(made.out).toContain(`Backup written: ${archive}`);
    // It holds password hashes, sealed tokens and the signing key.
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(Object.keys(load.stats.failed)).toEqual([]);
    expect(await server.stop(), server.output()).toBe(0);

    // Into a place that already holds data: refused, nothing touched.
    const occupied = await backupTool(['restore', archive], source);
    expect(occupied.code).toBe(1);
    expect(occupied.out).toMatch(/already (holds|has)/);

    const back = await backupTool(['restore', archive], restored);
    expect(back.code, back.out).toBe(0);
    expect(back.out).toContain('with its stored files');
    server = await startServer(restored);
    api = { origin: server.origin, token: api.token };
    expect(await findLosses(api, before)).toEqual([]);
    const read = await fetch(`${server.origin}${file.url}`, { headers: { authorization: `Bearer ${api.token}` } });
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(file.bytes)).toBe(true);
    console.log(
      `[backup] ${driver}: ${before.cards.size} requests and ${before.notes.size} comments before the backup, ` +
        `${load.stats.acked} writes in all, the backup in ${backupMs} ms, archive ${(fs.statSync(archive).size / 1_048_576).toFixed(1)} MB, none lost`,
    );
    expect(await server.stop(), server.output()).toBe(0);
  },
);
