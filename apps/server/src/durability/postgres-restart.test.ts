import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findLosses } from './ledger-check.js';
import { clusterSkipReason, createPrivateCluster, type PrivateCluster } from './private-cluster.js';
import { killAllServers, startServer } from './server-process.js';
import { call, createCard, login, newLedger, startLoad, untilAcked } from './write-load.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Milliseconds from `since` until `check` first holds; throws after `timeoutMs`. */
async function msUntil(since: number, timeoutMs: number, check: () => boolean | Promise<boolean>) {
  while (!(await check())) {
    if (Date.now() - since > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(25);
  }
  return Date.now() - since;
}

// PostgreSQL only (the server-pg project); the shared server is never restarted, a private cluster is.
describe.runIf(process.env.TEST_DB === 'pg')('PostgreSQL restart under load', () => {
  let cluster: PrivateCluster | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await killAllServers();
    await cluster?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('recovers within 5 s of the database coming back, losing no acknowledged write', async (ctx) => {
    const skipReason = clusterSkipReason();
    if (skipReason) ctx.skip(`no private PostgreSQL cluster: ${skipReason}`);
    cluster = await createPrivateCluster();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-durability-'));
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: cluster.url, SEED_DEMO: 'true' });
    const api = await login(server.origin, 'admin@cutroom.demo', 'cutroom-demo');
    const { customers } = await call<{ customers: { client_id: number }[] }>(api, 'GET', '/api/customers');
    const customerIds = customers.map((c) => c.client_id);
    const ledger = newLedger();
    for (const id of customerIds) expect(await createCard(api, ledger, id, 'chat')).toBe(201);
    const readyz = async () => {
      if (server.exited()) throw new Error(`the API process died:\n${server.output()}`);
      return (await fetch(`${server.origin}/readyz`)).status;
    };

    const load = startLoad(api, { customerIds, cardIds: [...ledger.cards.keys()] }, ledger, {
      concurrency: 8,
      tag: 'restart',
    });
    await untilAcked(load.stats, 40, 60_000);
    const ackedBefore = load.stats.acked;
    await cluster.crash();
    await sleep(300);
    expect(await readyz()).toBe(503);
    await sleep(700);
    await cluster.start();
    const backAt = Date.now();

    const writesBackMs = await msUntil(backAt, 10_000, () => load.stats.ackTimes.some((t) => t.sentAt >= backAt));
    const readyBackMs = await msUntil(backAt, 10_000, async () => (await readyz()) === 200);
    const ackedAt = load.stats.acked;
    await sleep(1_500);
    await load.stop();
    // Once one write got through, every write sent after it succeeds: no pool client kept a dead connection.
    const firstBack = Math.min(...load.stats.ackTimes.filter((t) => t.sentAt >= backAt).map((t) => t.at));
    const failedAfterRecovery = load.stats.failSentAt.filter((sentAt) => sentAt >= firstBack).length;

    console.log(
      `[durability] PostgreSQL restart: ${ackedBefore} writes acked before the crash; back up, writes succeed ` +
        `after ${writesBackMs} ms and /readyz is 200 after ${readyBackMs} ms; ${load.stats.acked - ackedAt} ` +
        `writes in the next 1.5 s; failures during the outage ${JSON.stringify(load.stats.failed)}`,
    );
    expect(server.exited(), server.output()).toBe(false);
    expect(writesBackMs).toBeLessThan(5_000);
    expect(readyBackMs).toBeLessThan(5_000);
    expect(failedAfterRecovery).toBe(0);
    expect(load.stats.acked - ackedAt).toBeGreaterThan(0);
    // Refused writes say the database is unreachable (503, retry), never a bad request or a crash.
    expect(Object.keys(load.stats.failed).filter((k) => k !== '503')).toEqual([]);
    expect(await findLosses(api, ledger)).toEqual([]);
    expect(await server.stop()).toBe(0);
  }, 180_000);
});
