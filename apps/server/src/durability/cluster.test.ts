import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { numberedMp4 } from '../features/media-pipeline/test-kit.js';
import { startS3rverProcess } from '../test/s3rver-process.js';
import { createScratchDatabase } from '../test/scratch-database.js';
import { serverCommand } from '../test/server-command.js';
import { connectSse } from '../test/sse-client.js';
import { startBalancer } from './balancer.js';
import { findLosses } from './ledger-check.js';
import { killAllServers, startServer } from './server-process.js';
import { call, createCard, login, newLedger, startLoad, untilAcked, type Api } from './write-load.js';

// Several instances as deployed (issue 37, docs/operations.md "Several machines"): two API processes and a
// media worker on PostgreSQL, Redis and an S3 stand-in, behind a load balancer; one API process killed
// under load. PostgreSQL runs only (the embedded database is one process's).
const onPostgres = process.env.TEST_DB === 'pg' && !!process.env.TEST_REDIS_URL;
const BUCKET = 'cutroom-cluster';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  await killAllServers();
  for (const clean of cleanups.reverse()) await clean().catch(() => {});
});

/**
 * Uploads a video through the balancer and queues its media job on a card's video, as a delivery does; the job's
 * asset id. An asset no card uses is swept a minute after it is made (dropUnusedAssets), finished or not.
 */
async function queueVideo(api: Api, db: pg.Client, cardId: number, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('purpose', 'video');
  form.append('document', new Blob([bytes], { type: 'video/mp4' }), name);
  const res = await fetch(`${api.origin}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { key } = (await res.json()) as { key: string };
  const { rows } = await db.query<{ id: number }>(
    `with asset as (insert into media_assets (source_key) values ($1) returning id),
       video as (insert into card_videos (card_id, kind, version, video_url, asset_id)
                 select $2, 'done', 1, $3, id from asset)
     select id from asset`,
    [key, cardId, `/files/${key}`],
  );
  return rows[0]!.id;
}

it.skipIf(!onPostgres)(
  'two API instances and a worker behind a balancer lose no acknowledged write when one instance is killed',
  { timeout: 240_000 },
  async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, { prefix: 'cutroom_cluster' });
    cleanups.push(() => scratch.drop());
    const s3 = await startS3rverProcess(BUCKET);
    cleanups.push(() => s3.stop());
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-cluster-'));
    cleanups.push(async () => fs.rmSync(work, { recursive: true, force: true }));
    const shared = {
      DATABASE_URL: scratch.url,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      TRUST_PROXY: 'loopback',
    };
    // The first seeds the demo workspace; the second finds it there. Jobs run in the worker alone.
    const one = await startServer({
      ...shared,
      DATA_DIR: path.join(work, 'one'),
      SEED_DEMO: 'true',
      MEDIA_CONCURRENCY: '0',
    });
    const two = await startServer({
      ...shared,
      DATA_DIR: path.join(work, 'two'),
      SEED_DEMO: 'false',
      MEDIA_CONCURRENCY: '0',
    });
    const worker: ChildProcess = spawn(process.execPath, await serverCommand('worker'), {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        LOG_LEVEL: 'warn',
        ...shared,
        DATA_DIR: path.join(work, 'worker'),
        MEDIA_CONCURRENCY: '1',
        MEDIA_POLL_MS: '100',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    cleanups.push(async () => {
      if (worker.exitCode === null) worker.kill('SIGKILL');
    });
    const balancer = await startBalancer([one.origin, two.origin]);
    cleanups.push(() => balancer.close());
    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    cleanups.push(() => db.end());

    const api = await login(balancer.origin, 'admin@cutroom.demo', 'cutroom-demo');
    const { customers } = await call<{ customers: { client_id: number }[] }>(api, 'GET', '/api/customers');
    const ledger = newLedger();
    for (const c of customers) expect(await createCard(api, ledger, c.client_id, 'cluster')).toBe(201);
    const cardIds = [...ledger.cards.keys()];
    // A browser on the instance that survives hears what the other one does, through Redis.
    const survivorStream = connectSse(`${two.origin}/api/events`, { authorization: `Bearer ${api.token}` });
    await survivorStream.ready;
    const direct = await call<{ id: number }>(
      { origin: one.origin, token: api.token },
      'POST',
      `/api/card/${cardIds[0]}/comment`,
      { note: 'Written on instance one' },
    );
    await survivorStream.waitFor((m) => m.event === 'note.created' && m.data.note_id === direct.id, 10_000);

    const clip = await numberedMp4();
    const assets = [
      await queueVideo(api, db, cardIds[0]!, clip, 'a.mp4'),
      await queueVideo(api, db, cardIds[1]!, clip, 'b.mp4'),
    ];

    const load = startLoad(api, { customerIds: customers.map((c) => c.client_id), cardIds }, ledger, {
      concurrency: 8,
      tag: 'cluster',
    });
    await untilAcked(load.stats, 40, 60_000);
    const inFlightAtKill = load.stats.inFlight;
    const ackedAtKill = load.stats.acked;
    await one.kill();
    const goneAt = Date.now();
    await untilAcked(load.stats, ackedAtKill + 60, 60_000);
    await load.stop();

    // Only calls that were on their way to the killed instance failed (the balancer's 502 for a connection that
    // died): every call sent once it was gone went to the other instance and was answered.
    const failed = Object.entries(load.stats.failed);
    expect(failed.filter(([status]) => status !== '502' && status !== 'network')).toEqual([]);
    const lost = failed.reduce((sum, [, n]) => sum + n, 0);
    expect(load.stats.failSentAt.filter((sentAt) => sentAt > goneAt)).toEqual([]);

    const survivor: Api = { origin: two.origin, token: api.token };
    expect(await findLosses(survivor, ledger)).toEqual([]);
    // Live events still reach the surviving instance's browsers.
    const after = await call<{ id: number }>(api, 'POST', `/api/card/${cardIds[1]}/comment`, {
      note: 'After the kill',
    });
    await survivorStream.waitFor((m) => m.event === 'note.created' && m.data.note_id === after.id, 10_000);

    // The worker finished both jobs, each once.
    await expect
      .poll(
        async () =>
          (
            await db.query<{ status: string; attempts: number }>(
              'select status, attempts from media_assets where id = any($1) order by id',
              [assets],
            )
          ).rows,
        { timeout: 120_000, interval: 500 },
      )
      .toEqual([
        { status: 'ready', attempts: 1 },
        { status: 'ready', attempts: 1 },
      ]);
    await survivorStream.close();
    console.log(
      `[cluster] ${load.stats.acked} writes acknowledged through the balancer (${ackedAtKill} before the kill), ` +
        `${inFlightAtKill} in flight as the kill began, ${lost} failed (all sent before it was gone), none lost; ` +
        `${assets.length} media jobs done once`,
    );
    expect(await two.stop()).toBe(0);
    worker.kill('SIGTERM');
  },
);
