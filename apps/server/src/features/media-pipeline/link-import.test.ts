import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_SERVICE_NAMES, MEDIA_FAILURE, fill } from '@cutroom/domain';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { loadConfig } from '../../config.js';
import { mediaAssets } from '../../db/schema.js';
import { lockUser } from '../../db/locks.js';
import { bearer } from '../../test/helpers.js';
import { gate, untilSomeoneWaitsOnALock } from '../../test/pg-locks.js';
import { fakeLinks, startLinkFakes, type LinkFakes } from '../../test/link-fakes.js';
import { syntheticParts, uploadClient } from '../../test/uploads.js';
import { usedBytes } from '../media/public.js';
import { cutShortMp4, h264Mp4, tooWideMp4 } from './hostile-clips.js';
import { runNextMediaJob, type MediaWorkerContext } from './media-jobs.js';
import { pipelineFixture, probeStreams, type PipelineFixture } from './test-kit.js';

let f: PipelineFixture;
let fake: LinkFakes;
let links: ReturnType<typeof fakeLinks>;
let video: Buffer;

beforeAll(async () => {
  video = await h264Mp4('cut.mp4', 'testsrc2=size=320x180:rate=25:duration=1');
  // A copy over UPLOAD_MAX_MB (1 MB here): an MP4 with trailing bytes is still an MP4 to the sniffer.
  fake = await startLinkFakes(video, Buffer.concat([video, Buffer.alloc(1_200_000)]));
  links = fakeLinks(fake.origin);
  f = await pipelineFixture({ LINK_IMPORT_ALLOW_LOOPBACK: 'true', UPLOAD_MAX_MB: '1' });
}, 90_000);
afterAll(async () => {
  await f?.t.close();
  await fake?.close();
});

/** An editor delivers `link` on a new card of the customer: the card's id. */
const deliverLink = (link: string) => f.moveToQa({ done_video_link: link });

const assetOf = async (cardId: number) => {
  const reply = await f.t.app.inject({ method: 'GET', url: `/api/card/${cardId}`, headers: bearer(f.a.qa.token) });
  return reply.json<CardDetailReply>();
};

/** Runs the one due job with these link settings instead of the fixture's. */
const runWith = (changes: Partial<MediaWorkerContext['linkImport']>) =>
  runNextMediaJob({ ...f.worker, linkImport: { ...f.worker.linkImport, ...changes } });

describe('delivery links fetched into storage and prepared (issue 49)', () => {
  it.each([
    ['a Dropbox share link (dl=0 becomes dl=1, through its redirect)', 'dropbox', '/content/k3y9xq/Final%20cut.mp4'],
    ["a Google Drive file link, through Drive's confirmation page", 'drive', '/download'],
    ['a plain https file', 'plain', '/media/cut.mp4'],
    ['a file sent without its length', 'chunked', '/media/chunked.mp4'],
  ] as const)(
    '%s',
    async (_label, which, served) => {
      const before = fake.hits.get(served) ?? 0;
      const cardId = await deliverLink(links[which]);
      const queued = (await assetOf(cardId)).video_versions['version-0']![0]!;
      expect(queued.media).toMatchObject({ status: 'queued', importing: true, proxies: [] });

      f.events.length = 0;
      expect(await f.drain()).toBe(1);
      expect(fake.hits.get(served)).toBe(before + 1);
      const card = await assetOf(cardId);
      // The link stays on the card as the spec wants; the player gets our proxies.
      expect(card.done_video_link).toBe(links[which]);
      const media = card.video_versions['version-0']![0]!.media!;
      expect(media).toMatchObject({ status: 'ready', importing: false, frame_count: 25, video_codec: 'h264' });
      const proxy = await f.read(media.proxies.at(-1)!.url, f.a.customer.token);
      expect(proxy.status).toBe(200);
      expect((await probeStreams(proxy.body)).find((s) => s.codec_type === 'video')).toMatchObject({
        codec_name: 'h264',
      });
      // The fetch was announced as such, then the processing.
      const updates = f.events.filter((e) => e.type === 'media.updated').map((e) => e.data as { importing?: boolean });
      expect(updates.some((d) => d.importing === true)).toBe(true);
      expect(updates.at(-1)).toMatchObject({ importing: false });

      const [row] = await f.t.database.db
        .select()
        .from(mediaAssets)
        .where(eq(mediaAssets.id, Number(media.proxies[0]!.url.split('/')[4])));
      expect(row).toMatchObject({ ownerId: f.a.customer.id, sourceBytes: video.length });
      expect(row!.importedAt).not.toBeNull();
    },
    60_000,
  );

  const dropbox = LINK_SERVICE_NAMES.dropbox;
  const other = LINK_SERVICE_NAMES.other;
  it.each([
    ['a Dropbox link that asks for a sign-in', 'dropboxPrivate', fill(MEDIA_FAILURE.linkSignIn, { link: dropbox })],
    ['a Dropbox folder (never requested)', 'dropboxFolder', fill(MEDIA_FAILURE.linkFolder, { link: dropbox })],
    ['a web page', 'page', fill(MEDIA_FAILURE.linkWebPage, { link: other })],
    ['a folder listing', 'listing', fill(MEDIA_FAILURE.linkFolder, { link: other })],
    ['a 404', 'missing', fill(MEDIA_FAILURE.linkNotFound, { link: other })],
    ['a file that is not a video', 'notVideo', MEDIA_FAILURE.linkNotVideo],
    ['a file over UPLOAD_MAX_MB', 'padded', /^The video behind this link is 1\.\d+ MB; we take videos up to 1 MB\./],
    [
      'a file over UPLOAD_MAX_MB sent without its length',
      'paddedChunked',
      /^The video behind this link is 1(\.\d+)? MB; we take/,
    ],
  ] as const)(
    'fails %s at once with a sentence, nothing stored',
    async (_label, which, message) => {
      const cardId = await deliverLink(links[which]);
      expect(await f.drain()).toBe(1);
      const media = (await assetOf(cardId)).video_versions['version-0']![0]!.media!;
      expect(media).toMatchObject({ status: 'failed', importing: false, proxies: [] });
      if (typeof message === 'string') expect(media.error).toBe(message);
      else expect(media.error).toMatch(message);
      const [row] = await f.t.database.db
        .select()
        .from(mediaAssets)
        .where(eq(mediaAssets.sourceUrl, new URL(links[which]).href));
      expect(row).toMatchObject({ sourceBytes: null, importedAt: null, attempts: 1 });
      expect(await f.worker.storage.exists(row!.sourceKey)).toBe(false);
    },
    30_000,
  );

  it('fetches a link again once it is delivered again after its sharing was fixed', async () => {
    fake.shared = true;
    const cardId = await deliverLink(links.dropboxPrivate);
    expect(await f.drain()).toBe(1);
    expect((await assetOf(cardId)).video_versions['version-0']![0]!.media).toMatchObject({ status: 'ready' });
  }, 30_000);

  it('retries a server error, then says what failed after the last try', async () => {
    const cardId = await deliverLink(links.flaky);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await f.t.database.db
        .update(mediaAssets)
        .set({ nextAttemptAt: new Date() })
        .where(eq(mediaAssets.sourceUrl, links.flaky));
      expect(await f.drain()).toBe(1);
    }
    const media = (await assetOf(cardId)).video_versions['version-0']![0]!.media!;
    expect(media.status).toBe('failed');
    expect(media.error).toBe(fill(MEDIA_FAILURE.linkUnreachable, { detail: 'it answered 503', attempts: '3' }));
    expect(fake.hits.get('/media/flaky.mp4')).toBe(3);
  }, 30_000);

  it('ends a fetch whose server stops sending', async () => {
    const cardId = await deliverLink(links.stalled);
    expect(await runWith({ stallMs: 500 })).toBe(true);
    const media = (await assetOf(cardId)).video_versions['version-0']![0]!.media!;
    expect(media).toMatchObject({ status: 'failed', error: fill(MEDIA_FAILURE.linkStalled, { limit: '1 second' }) });
  }, 30_000);

  it('counts a fetched file against the customer quota and refuses one that does not fit', async () => {
    // The customer has what the earlier tests fetched; a quota of that plus a few bytes leaves too little room.
    const cardId = await deliverLink(links.plain + '?again=1');
    const counted = await f.t.database.db
      .select({ n: mediaAssets.sourceBytes })
      .from(mediaAssets)
      .where(eq(mediaAssets.ownerId, f.a.customer.id));
    expect(counted.reduce((sum, r) => sum + (r.n ?? 0), 0)).toBeGreaterThanOrEqual(4 * video.length);
    expect(await runWith({ quotaBytes: video.length * 2 })).toBe(true);
    const media = (await assetOf(cardId)).video_versions['version-0']![0]!.media!;
    expect(media.status).toBe('failed');
    expect(media.error).toMatch(
      /^The video behind this link \(.+\) doesn't fit in the customer's storage: .+ left of .+\./,
    );
  }, 30_000);
});

describe('hostile files by link or by upload_id fail as they do on the upload page', () => {
  it.each([
    [
      'a picture wider than we take',
      tooWideMp4,
      fill(MEDIA_FAILURE.tooLarge, { width: '8200', height: '16', max: '8192' }),
    ],
    ['an export that stopped early', cutShortMp4, /^The file is damaged or incomplete/],
  ] as const)(
    '%s',
    async (_label, make, message) => {
      const clip = await make();
      const byLink = await deliverLink(fake.serve(`/hostile/${make.name}.mp4`, clip));
      const { started, res } = await uploadClient(f.t, f.a.admin.token).upload(
        f.a.customer.id,
        `${make.name}.mp4`,
        '',
        clip.length,
        syntheticParts(clip, clip.length),
      );
      expect(res.statusCode, res.body).toBe(200);
      const byUpload = await f.moveToQa({ upload_id: started.upload_id });
      await f.drain();
      for (const cardId of [byLink, byUpload]) {
        const media = (await assetOf(cardId)).video_versions['version-0']![0]!.media!;
        expect(media.status).toBe('failed');
        if (typeof message === 'string') expect(media.error).toBe(message);
        else expect(media.error).toMatch(message);
      }
    },
    60_000,
  );
});

describe('two fetches for one customer at once (PostgreSQL)', () => {
  it.runIf(process.env.TEST_DB === 'pg')(
    'cannot both take the last room in the quota',
    async () => {
      const [one, two] = [await deliverLink(links.plain + '?race=1'), await deliverLink(links.plain + '?race=2')];
      // Room for one more copy and a half, beyond everything the customer holds (uploads and fetches alike).
      const quotaBytes = (await usedBytes(f.t.database.db, f.a.customer.id)) + Math.floor(video.length * 1.5);
      // The test holds the customer's row: both fetches must queue on it, then pass one at a time.
      const held = gate();
      const holder = f.t.database.db.transaction(async (tx) => {
        await lockUser(tx, f.a.customer.id);
        await held.opened;
      });
      const runs = Promise.all([runWith({ quotaBytes }), runWith({ quotaBytes })]);
      await untilSomeoneWaitsOnALock(f.t.database.db, 20_000, 2);
      held.open();
      await holder;
      await runs;
      const statuses = await Promise.all(
        [one, two].map(async (id) => (await assetOf(id)).video_versions['version-0']![0]!.media!.status),
      );
      expect(statuses.sort()).toEqual(['failed', 'ready']);
    },
    60_000,
  );
});

describe('the address guard on delivery links', () => {
  it('is off by default: LINK_IMPORT_ALLOW_LOOPBACK', () => {
    expect(loadConfig({}).media.linkImportAllowLoopback).toBe(false);
  });

  it.each([
    ['127.0.0.1', (origin: string) => origin],
    ['a name resolving to loopback', (origin: string) => origin.replace('127.0.0.1', 'localhost')],
  ])(
    'refuses %s without the flag; no request reaches the listener',
    async (_label, host) => {
      const before = fake.total();
      const cardId = await deliverLink(`${host(fake.origin)}/media/cut.mp4?guard=1`);
      expect(await runWith({ guard: { ...f.worker.linkImport.guard, allowLoopback: false } })).toBe(true);
      const media = (await assetOf(cardId)).video_versions['version-0']![0]!.media!;
      expect(media).toMatchObject({ status: 'failed', error: MEDIA_FAILURE.linkRefused });
      expect(fake.total()).toBe(before);
    },
    30_000,
  );

  it("refuses this server's own address", async () => {
    const before = fake.total();
    const cardId = await deliverLink(`${f.worker.linkImport.ownOrigins[0]}/api/uploads/1/file?sig=x`);
    expect(await f.drain()).toBe(1);
    const media = (await assetOf(cardId)).video_versions['version-0']![0]!.media!;
    expect(media).toMatchObject({ status: 'failed', error: MEDIA_FAILURE.linkOwnServer });
    expect(fake.total()).toBe(before);
  }, 30_000);

  it('leaves YouTube and Vimeo links to their own players', async () => {
    const cardId = await deliverLink('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect((await assetOf(cardId)).video_versions['version-0']![0]!.media).toBeNull();
  });
});
