import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { killAllServers, startServer } from './server-process.js';
import { call, createCard, login, newLedger } from './write-load.js';

// The review report's render thread in the compiled server (issue 48): `npm start` runs a bundle, and the thread's
// entry must be there beside it (dist/report-render.mjs), not the TypeScript the tests load. Once, on PGlite.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-built-report-'));
afterAll(async () => {
  await killAllServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('draws a review report in the built server, and serves it again from its cache', { timeout: 120_000 }, async () => {
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
  const api = await login(server.origin, 'admin@cutroom.demo', 'cutroom-demo');
  const { customers } = await call<{ customers: { client_id: number }[] }>(api, 'GET', '/api/customers');
  const ledger = newLedger();
  expect(await createCard(api, ledger, customers[0]!.client_id, 'report')).toBe(201);
  const [cardId] = [...ledger.cards.keys()];
  await call(api, 'POST', `/api/card/${cardId}/comment`, { note: 'Built server: the intro runs long' });

  const get = () =>
    fetch(`${server.origin}/api/card/${cardId}/report.pdf`, { headers: { authorization: `Bearer ${api.token}` } });
  const drawn = await get();
  const body = Buffer.from(await drawn.arrayBuffer());
  expect(drawn.status, `${body.toString().slice(0, 300)}\n${server.output()}`).toBe(200);
  expect(drawn.headers.get('content-type')).toBe('application/pdf');
  expect(drawn.headers.get('x-report-cache')).toBe('miss');
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const again = await get();
  expect(again.headers.get('x-report-cache')).toBe('hit');
  expect(Buffer.from(await again.arrayBuffer()).equals(body)).toBe(true);
});
