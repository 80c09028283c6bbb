// Issue 49: the smallest proxy (and the poster) is published while the larger ones are still being made.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MediaStatus } from '@cutroom/domain';
import type { GuestReviewReply, MediaView } from '@cutroom/domain/schemas';
import { mediaAssets } from '../../db/schema.js';
import type { EventInput } from '../../platform/events.js';
import type { Storage } from '../../platform/storage.js';
import { runNextMediaJob, type MediaWorkerContext } from './media-jobs.js';
import { makeClip, pipelineFixture, probeStreams, type PipelineFixture } from './test-kit.js';

let f: PipelineFixture;
/** 1 s of 1280 × 720 ProRes with PCM sound: a two-rung ladder (720 and 540). */
let hd: Buffer;
beforeAll(async () => {
  f = await pipelineFixture();
  hd = await makeClip('hd.mov', [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    '1',
    '-c:v',
    'prores',
    '-profile:v',
    '0',
    '-c:a',
    'pcm_s16le',
    '-shortest',
  ]);
}, 120_000);
afterAll(() => f?.t.close());

const row = async (assetId: number) =>
  (await f.t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId)))[0]!;

const folder = (assetId: number) => path.join(f.t.dataDir, 'files', 'derived', String(assetId));

/**
 * A worker whose live events run `hook` first: announce() awaits the bus and the job awaits its announce of
 * early outputs, so the hook sees the job stopped between the first proxy and the rest.
 */
function workerWith(
  hook: (event: EventInput & { data: { status: MediaStatus } }) => Promise<void>,
  storage: Storage = f.worker.storage,
): MediaWorkerContext {
  const bus = f.worker.events;
  return {
    ...f.worker,
    storage,
    events: {
      ...bus,
      async publish(event) {
        if (event.type === 'media.updated') await hook(event);
        await bus.publish(event);
      },
    },
  };
}

describe('a two-rung video while it is processed', () => {
  it('shows and serves the smallest proxy and the poster before the larger proxy exists', async () => {
    const { cardId, assetId } = await f.deliver('hd.mov', hd);
    let seen: { media: MediaView; proxy: Awaited<ReturnType<PipelineFixture['read']>>; files: string[] } | undefined;
    const worker = workerWith(async (event) => {
      if (seen || event.data.status !== 'processing') return;
      const media = (await f.media(cardId))!;
      if (media.proxies.length === 0) return;
      seen = {
        media,
        proxy: await f.read(media.proxies[0]!.url, f.a.customer.token),
        files: fs.readdirSync(path.join(folder(assetId), '1')),
      };
      // What early outputs are: frames are grabbed from ready videos only, and a stranger still gets 404.
      expect((await f.read(media.poster_url!, f.a.qa.token)).status).toBe(200);
      expect((await f.read(`/api/media/assets/${assetId}/frame?t=0.5`, f.a.qa.token)).status).toBe(404);
      expect((await f.read(media.proxies[0]!.url, f.a.customer2.token)).status).toBe(404);
      expect((await f.read(`/api/media/assets/${assetId}/proxy-720.mp4`, f.a.qa.token)).status).toBe(404);
    });
    expect(await runNextMediaJob(worker)).toBe(true);

    expect(seen).toBeDefined();
    expect(seen!.media).toMatchObject({
      status: 'processing',
      error: null,
      fps_rational: '25/1',
      frame_count: 25,
      width: 1280,
      height: 720,
      proxies: [{ height: 540, url: `/api/media/assets/${assetId}/proxy-540.mp4` }],
      poster_url: `/api/media/assets/${assetId}/poster.jpg`,
      sprite_url: null,
      waveform_url: null,
    });
    expect(seen!.media.progress).toBeLessThan(100);
    // The larger proxy was not made yet when the first one played.
    expect(seen!.files.sort()).toEqual(['poster.jpg', 'proxy-540.mp4']);
    expect(seen!.proxy).toMatchObject({ status: 200, type: 'video/mp4' });
    const video = (await probeStreams(seen!.proxy.body)).find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h264', width: 960, height: 540, nb_read_packets: '25' });

    // Ready: the larger proxy joins, and the URL the player already had still serves the same file.
    const media = (await f.media(cardId))!;
    expect(media).toMatchObject({
      status: 'ready',
      proxies: [
        { height: 720, url: `/api/media/assets/${assetId}/proxy-720.mp4` },
        { height: 540, url: `/api/media/assets/${assetId}/proxy-540.mp4` },
      ],
      poster_url: `/api/media/assets/${assetId}/poster.jpg`,
    });
    expect((await f.read(media.proxies[1]!.url, f.a.customer.token)).body.equals(seen!.proxy.body)).toBe(true);
    const heard = f.events
      .filter((e) => e.type === 'media.updated' && e.cardId === cardId)
      .map((e) => (e.data as { status: MediaStatus }).status);
    expect(heard.at(-1)).toBe('ready');
    // Announced: the first proxy, then the scrub track and waveform, each while still processing.
    expect(heard.filter((s) => s === 'processing').length).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it("gives a guest link's visitor the early proxy at the guest's paths", async () => {
    const { cardId, assetId } = await f.deliver('guest-hd.mov', hd);
    const cookies = await f.guestVisit(cardId);
    const guestRead = (url: string) => f.t.app.inject({ method: 'GET', url, cookies });
    let seen: { media: MediaView; proxy: number; frame: number } | undefined;
    await runNextMediaJob(
      workerWith(async (event) => {
        if (seen || event.data.status !== 'processing') return;
        const review = await guestRead('/api/guest/review');
        const media = review.json<GuestReviewReply>().versions[0]!.videos[0]!.media!;
        if (media.proxies.length === 0) return;
        seen = {
          media,
          proxy: (await guestRead(media.proxies[0]!.url)).statusCode,
          frame: (await guestRead(`/api/guest/media/assets/${assetId}/frame?t=0.5`)).statusCode,
        };
      }),
    );
    expect(seen).toMatchObject({
      media: {
        status: 'processing',
        proxies: [{ height: 540, url: `/api/guest/media/assets/${assetId}/proxy-540.mp4` }],
        poster_url: `/api/guest/media/assets/${assetId}/poster.jpg`,
      },
      proxy: 200,
      frame: 404,
    });
  }, 120_000);
});

describe('early outputs of an attempt that does not finish', () => {
  it('are cleared when the attempt is retried, and the next attempt publishes its own', async () => {
    const { cardId, assetId } = await f.deliver('retried.mov', hd);
    let early: string | undefined;
    // Storage fails on the larger proxy: an error worth a retry, after the first proxy was published.
    const flaky: Storage = {
      ...f.worker.storage,
      async put(key, body, type) {
        if (key.endsWith('/proxy-720.mp4')) {
          body.destroy();
          throw new Error('storage unreachable');
        }
        return f.worker.storage.put(key, body, type);
      },
    };
    await runNextMediaJob(
      workerWith(async () => {
        early ??= (await f.media(cardId))?.proxies[0]?.url;
      }, flaky),
    );
    expect(early).toBe(`/api/media/assets/${assetId}/proxy-540.mp4`);
    expect(await row(assetId)).toMatchObject({ status: 'queued', attempts: 1, outputs: null, probe: null });
    expect(await f.media(cardId)).toMatchObject({ status: 'queued', proxies: [], poster_url: null });
    expect((await f.read(early!, f.a.qa.token)).status).toBe(404);
    expect(fs.existsSync(path.join(folder(assetId), '1'))).toBe(false);

    // The retry, due now: its early proxy is in its own folder, and so is the end.
    await f.t.database.db.update(mediaAssets).set({ nextAttemptAt: new Date() }).where(eq(mediaAssets.id, assetId));
    let second: MediaView | undefined;
    await runNextMediaJob(
      workerWith(async (event) => {
        if (second || event.data.status !== 'processing') return;
        const media = (await f.media(cardId))!;
        if (media.proxies.length > 0) second = media;
      }),
    );
    expect(second?.proxies).toEqual([{ height: 540, url: `/api/media/assets/${assetId}/proxy-540.mp4` }]);
    const done = await row(assetId);
    expect(done).toMatchObject({ status: 'ready', attempts: 2 });
    expect(done.outputs!.proxies.map((p) => p.key)).toEqual([
      `derived/${assetId}/2/proxy-720.mp4`,
      `derived/${assetId}/2/proxy-540.mp4`,
    ]);
    expect(fs.readdirSync(folder(assetId))).toEqual(['2']);
  }, 120_000);

  it('are cleared when the job fails, and their files answer 404', async () => {
    const { cardId, assetId } = await f.deliver('failing.mov', hd);
    const source = path.join(f.t.dataDir, 'files', (await row(assetId)).sourceKey);
    let early: string | undefined;
    // The source leaves storage once the first proxy is out: the steps after it can't read it.
    await runNextMediaJob(
      workerWith(async () => {
        const url = (await f.media(cardId))?.proxies[0]?.url;
        if (!url || early) return;
        early = url;
        fs.rmSync(source);
      }),
    );
    expect(early).toBeDefined();
    const media = (await f.media(cardId))!;
    expect(media).toMatchObject({ status: 'failed', proxies: [], poster_url: null, sprite_url: null });
    expect(media.error).toBeTruthy();
    expect(await row(assetId)).toMatchObject({ outputs: null, probe: null });
    expect((await f.read(early!, f.a.qa.token)).status).toBe(404);
    expect(fs.existsSync(path.join(folder(assetId), '1'))).toBe(false);
  }, 120_000);

  it('are not shown once another attempt holds the claim (a worker that lost its lease)', async () => {
    const { cardId, assetId } = await f.deliver('stale.mov', hd);
    await runNextMediaJob(
      workerWith(async (event) => {
        if (event.data.status !== 'processing' || !(await row(assetId)).outputs) return;
        // Another worker took the job meanwhile: the row counts its attempt, these outputs are attempt 1's.
        if ((await row(assetId)).attempts === 1) {
          expect((await f.media(cardId))!.proxies).toHaveLength(1);
          await f.t.database.db.update(mediaAssets).set({ attempts: 2 }).where(eq(mediaAssets.id, assetId));
          expect(await f.media(cardId)).toMatchObject({ status: 'processing', proxies: [], poster_url: null });
          expect((await f.read(`/api/media/assets/${assetId}/proxy-540.mp4`, f.a.qa.token)).status).toBe(404);
        }
      }),
    );
    // The first attempt's end is not recorded, and its folder goes.
    expect(await row(assetId)).toMatchObject({ status: 'processing', attempts: 2, doneAt: null });
    expect(fs.existsSync(path.join(folder(assetId), '1'))).toBe(false);
  }, 120_000);
});
