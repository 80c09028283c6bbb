import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mediaAssets } from '../db/schema.js';
import { serverCommand } from '../test/server-command.js';
import { makeClip, pipelineFixture, type PipelineFixture } from '../features/media-pipeline/test-kit.js';

// `npm run worker` processes on the test's PostgreSQL database and data folder, killed as a crash kills them.
const onPostgres = process.env.TEST_DB === 'pg' && Boolean(process.env.TEST_DATABASE_URL);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let f: PipelineFixture;
const workers: ChildProcess[] = [];
beforeAll(async () => {
  if (onPostgres) f = await pipelineFixture();
}, 60_000);
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) process.kill(-w.pid!, 'SIGKILL');
  await f?.t.close();
});

/** A worker in its own process group, so a kill takes its ffmpeg with it, as a machine's crash would. */
async function startWorker() {
  const child = spawn(process.execPath, await serverCommand('worker'), {
    cwd: serverDir,
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: f.t.database.url!,
      DATA_DIR: f.t.dataDir,
      MEDIA_CONCURRENCY: '1',
      MEDIA_POLL_MS: '100',
      MEDIA_LEASE_S: '2',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  workers.push(child);
  return child;
}

const assetRow = async (id: number) =>
  (await f.t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, id)))[0]!;

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!onPostgres)('a media worker killed mid-job', () => {
  it('leaves the job to the next worker, which finishes it once', async () => {
    // Long enough that the kill lands while ffmpeg encodes.
    const clip = await makeClip('long.mov', [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=25',
      '-t',
      '32',
      '-c:v',
      'prores_ks',
      '-profile:v',
      '0',
    ]);
    const { cardId, assetId } = await f.deliver('long.mov', clip);

    const first = await startWorker();
    await until(
      'the first worker transcoding',
      () => assetRow(assetId),
      (r) => r.status === 'processing' && r.progress > 2,
    );
    process.kill(-first.pid!, 'SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect(await assetRow(assetId)).toMatchObject({ status: 'processing', attempts: 1, doneAt: null });

    await startWorker();
    const done = await until(
      'the second worker finishing',
      () => assetRow(assetId),
      (r) => r.status !== 'processing' && r.status !== 'queued',
      120_000,
    );
    expect(done).toMatchObject({ status: 'ready', attempts: 2, error: null });
    expect(done.probe).toMatchObject({ frameCount: 800, fpsNum: 25, fpsDen: 1 });
    expect(fs.readdirSync(path.join(f.t.dataDir, 'files', 'derived', String(assetId)))).toEqual(['2']);
    expect(await f.media(cardId)).toMatchObject({ status: 'ready', frame_count: 800 });
  }, 200_000);
});
