import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fill, MEDIA_FAILURE } from '@cutroom/domain';
import type { GuestReviewReply, UploadedFile } from '@cutroom/domain/schemas';
import { customerUploads, mediaAssets } from '../../db/schema.js';
import { claimNextJob } from '../../platform/job-queue.js';
import { MP4 } from '../../test/sample-files.js';
import { bearer, insertCard } from '../../test/helpers.js';
import { uploadClient } from '../../test/uploads.js';
import { dropUnusedAssets, mediaQueue, runNextMediaJob } from './media-jobs.js';
import {
  makeClip,
  oddRateMp4,
  pipelineFixture,
  probePackets,
  probeStreams,
  proresMov,
  tools,
  type PipelineFixture,
} from './test-kit.js';
import { runTool } from './ffmpeg.js';

let f: PipelineFixture;
let prores: Buffer;
beforeAll(async () => {
  f = await pipelineFixture();
  prores = await proresMov();
}, 60_000);
afterAll(() => f?.t.close());

const qcOf = async (assetId: number) =>
  (await f.t.database.db.select({ qc: mediaAssets.qc }).from(mediaAssets).where(eq(mediaAssets.id, assetId)))[0]!.qc;

describe('the ffmpeg the pipeline runs', () => {
  // The resolved build (media-tools.ts): a current system one if PATH has it, else the npm build.
  it('has the demuxers, decoders, filters and encoders the pipeline uses', async () => {
    const list = async (what: string) =>
      (
        await runTool(tools.ffmpeg, ['-hide_banner', what], { timeoutMs: 10_000, collectStdout: true })
      ).stdout.toString();
    const demuxers = await list('-demuxers');
    for (const format of ['mov,mp4', 'matroska,webm', 'mxf', 'avi'])
      expect(demuxers).toMatch(new RegExp(`^ D\\S*\\s+${format}[ ,]`, 'm'));
    const decoders = await list('-decoders');
    for (const codec of ['prores', 'dnxhd', 'hevc', 'h264', 'mjpeg'])
      expect(decoders).toMatch(new RegExp(`^ V\\S* ${codec} `, 'm'));
    for (const codec of ['aac', 'pcm_s16le', 'pcm_s24le'])
      expect(decoders).toMatch(new RegExp(`^ A\\S* ${codec} `, 'm'));
    const filters = await list('-filters');
    for (const filter of ['scale', 'split', 'yadif', 'fps', 'tile', 'format', 'setsar'])
      expect(filters).toMatch(new RegExp(`^ \\S+ ${filter} `, 'm'));
    const encoders = await list('-encoders');
    expect(encoders).toMatch(/^ V\S* libx264 /m);
    expect(encoders).toMatch(/^ V\S* mjpeg /m);
    expect(encoders).toMatch(/^ A\S* aac /m);
    const protocols = await list('-protocols');
    expect(protocols).toMatch(/^ {2}file$/m);
    expect(protocols).toMatch(/^ {2}pipe$/m);
  });
});

describe('a delivered ProRes .mov', () => {
  let cardId: number;
  let assetId: number;
  beforeAll(async () => {
    ({ cardId, assetId } = await f.deliver('Final cut.mov', prores));
  }, 60_000);

  it('is queued when delivered, then ready with its facts, proxies, poster, scrub track and waveform', async () => {
    expect(await f.media(cardId)).toMatchObject({ status: 'queued', progress: 0, proxies: [], poster_url: null });
    expect(await f.drain()).toBe(1);
    const media = await f.media(cardId);
    expect(media).toMatchObject({
      status: 'ready',
      progress: 100,
      error: null,
      fps: 25,
      fps_rational: '25/1',
      frame_count: 50,
      width: 320,
      height: 180,
      video_codec: 'prores',
      audio_codec: 'pcm_s16le',
      proxies: [{ height: 180, url: `/api/media/assets/${assetId}/proxy-180.mp4` }],
      poster_url: `/api/media/assets/${assetId}/poster.jpg`,
      sprite_url: `/api/media/assets/${assetId}/thumbnails.vtt`,
      waveform_url: `/api/media/assets/${assetId}/waveform.json`,
    });
    expect(media!.duration).toBeCloseTo(2, 1);
    const heard = f.events.filter((e) => e.type === 'media.updated' && e.cardId === cardId).map((e) => e.data);
    expect(heard.at(0)).toMatchObject({ status: 'processing' });
    expect(heard.at(-1)).toMatchObject({ status: 'ready', progress: 100 });
    // Delivery QC measured the source as a step of the job (issue 51): its sound has a loudness.
    const qc = await qcOf(assetId);
    expect(qc).toMatchObject({ hasAudio: true, stretches: expect.any(Array) });
    expect(qc!.integrated).toEqual(expect.any(Number));
  });

  it('has an H.264 yuv420p + AAC proxy with every frame, a keyframe each half second and its index first', async () => {
    const proxy = await f.read(`/api/media/assets/${assetId}/proxy-180.mp4`, f.a.qa.token);
    expect(proxy).toMatchObject({ status: 200, type: 'video/mp4' });
    const streams = await probeStreams(proxy.body);
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
      width: 320,
      height: 180,
      nb_read_packets: '50',
      r_frame_rate: '25/1',
    });
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac', channels: 2 });
    // +faststart: the index (moov) comes before the media data, so playback starts before the download ends.
    expect(proxy.body.indexOf('moov')).toBeLessThan(proxy.body.indexOf('mdat'));
    const keyframes = (await probePackets(proxy.body)).flatMap((p, i) => (p.flags.startsWith('K') ? [i] : []));
    expect(keyframes[0]).toBe(0);
    const gaps = keyframes.slice(1).map((k, i) => k - keyframes[i]!);
    // 25 fps: a keyframe at least every 13 frames (issue 35: a frame step decodes half a second at most).
    expect(Math.max(50 - keyframes.at(-1)!, ...gaps)).toBeLessThanOrEqual(13);
  });

  it('serves a poster, a WebVTT scrub track over JPEG sprites and waveform peaks', async () => {
    const poster = await f.read(`/api/media/assets/${assetId}/poster.jpg`, f.a.customer.token);
    expect(poster.status).toBe(200);
    expect(poster.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const vtt = await f.read(`/api/media/assets/${assetId}/thumbnails.vtt`, f.a.customer.token);
    expect(vtt.type).toContain('text/vtt');
    const text = vtt.body.toString('utf8');
    expect(text.startsWith('WEBVTT\n')).toBe(true);
    expect(text).toContain('00:00:00.000 --> 00:00:01.000\nsprite-0.jpg#xywh=0,0,160,90');
    expect(text).toContain('00:00:01.000 --> 00:00:02.000\nsprite-0.jpg#xywh=160,0,160,90');
    const sprite = await f.read(`/api/media/assets/${assetId}/sprite-0.jpg`, f.a.customer.token);
    expect(sprite.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const waveform = JSON.parse(
      (await f.read(`/api/media/assets/${assetId}/waveform.json`, f.a.customer.token)).body.toString('utf8'),
    ) as {
      peaks: number[];
    };
    expect(waveform.peaks.length).toBe(20);
    // A steady sine at ffmpeg's default 1/8 amplitude: every peak near 0.125.
    for (const peak of waveform.peaks) expect(peak).toBeGreaterThan(0.1);
  });

  it("puts the poster on the card's board tile, readable by the card's viewers", async () => {
    const other = await insertCard(f.t.database.db, {
      clientId: f.a.customer.id,
      assignedQaId: f.a.qa.id,
      cardStatus: 'qa',
    });
    const board = await f.t.app.inject({
      method: 'POST',
      url: '/api/getCards',
      headers: bearer(f.a.customer.token),
      payload: { section: 'qa', limit: 50 },
    });
    const tiles = board.json<{ qa_cards: { card_id: number; poster_url: string | null }[] }>().qa_cards;
    expect(tiles.find((c) => c.card_id === cardId)?.poster_url).toBe(`/api/media/assets/${assetId}/poster.jpg`);
    expect(tiles.find((c) => c.card_id === other.id)?.poster_url).toBeNull();
    const poster = await f.read(`/api/media/assets/${assetId}/poster.jpg`, f.a.customer.token);
    expect(poster).toMatchObject({ status: 200, type: 'image/jpeg' });
  });

  it('grabs the exact frame at a time as a JPEG, once, and clamps a time past the end', async () => {
    const grab = await f.t.app.inject({
      method: 'GET',
      url: `/api/media/assets/${assetId}/frame?t=1.01`,
      headers: bearer(f.a.customer.token),
    });
    expect(grab.statusCode).toBe(200);
    expect(grab.headers['content-type']).toBe('image/jpeg');
    expect(grab.headers['x-frame-number']).toBe('25');
    // The same frame picked out by number, with the same encoder settings, is the same picture.
    const proxy = (await f.read(`/api/media/assets/${assetId}/proxy-180.mp4`, f.a.qa.token)).body;
    const byNumber = await makeClip(
      'frame.jpg',
      ['-i', 'pipe:0', '-vf', 'select=eq(n\\,25)', '-frames:v', '1', '-q:v', '3'],
      proxy,
    );
    expect(grab.rawPayload.equals(byNumber)).toBe(true);
    expect(fs.existsSync(path.join(f.t.dataDir, 'files', 'derived', String(assetId), 'frames', '25.jpg'))).toBe(true);
    const last = await f.t.app.inject({
      method: 'GET',
      url: `/api/media/assets/${assetId}/frame?t=999`,
      headers: bearer(f.a.qa.token),
    });
    expect(last.headers['x-frame-number']).toBe('49');
    const other = await f.t.app.inject({
      method: 'GET',
      url: `/api/media/assets/${assetId}/frame?t=1`,
      headers: bearer(f.a.customer2.token),
    });
    expect(other.statusCode).toBe(404);
    const bad = await f.t.app.inject({
      method: 'GET',
      url: `/api/media/assets/${assetId}/frame?t=-1`,
      headers: bearer(f.a.qa.token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("gives a guest link's visitor the proxy and files at the guest's paths, and nothing else", async () => {
    const cookies = await f.guestVisit(cardId);
    const review = await f.t.app.inject({ method: 'GET', url: '/api/guest/review', cookies });
    const media = review.json<GuestReviewReply>().versions[0]!.videos[0]!.media!;
    expect(media).toMatchObject({
      status: 'ready',
      proxies: [{ height: 180, url: `/api/guest/media/assets/${assetId}/proxy-180.mp4` }],
      sprite_url: `/api/guest/media/assets/${assetId}/thumbnails.vtt`,
    });
    const proxy = await f.t.app.inject({ method: 'GET', url: media.proxies[0]!.url, cookies });
    expect(proxy.statusCode).toBe(200);
    expect(proxy.headers['content-type']).toBe('video/mp4');
    const frame = await f.t.app.inject({
      method: 'GET',
      url: `/api/guest/media/assets/${assetId}/frame?t=0.5`,
      cookies,
    });
    expect(frame.headers['x-frame-number']).toBe('12');
    // Another card's video is not the visit's.
    const other = await f.deliver('other.mov', prores);
    await f.drain();
    const elsewhere = await f.t.app.inject({
      method: 'GET',
      url: `/api/guest/media/assets/${other.assetId}/poster.jpg`,
      cookies,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('answers 404 to another customer for every media URL, and 401 without a session', async () => {
    const media = (await f.media(cardId))!;
    const urls = [
      ...media.proxies.map((p) => p.url),
      media.poster_url!,
      media.sprite_url!,
      media.waveform_url!,
      `/api/media/assets/${assetId}/sprite-0.jpg`,
    ];
    for (const url of urls) {
      expect((await f.read(url, f.a.customer2.token)).status, url).toBe(404);
      expect((await f.t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await f.read(`/api/media/assets/${assetId + 1000}/poster.jpg`, f.a.admin.token)).status).toBe(404);
    expect((await f.read(`/api/media/assets/${assetId}/../../files/x`, f.a.admin.token)).status).toBe(404);
  });
});

describe('a ProRes .mov on the upload page', () => {
  it('is processed once complete, listed with its poster and proxy, and kept while the file is there', async () => {
    const client = uploadClient(f.t, f.a.customer.token);
    const { res } = await client.upload(
      f.a.customer.id,
      'Raw interview.mov',
      'video/quicktime',
      prores.length,
      (n, s) => prores.subarray((n - 1) * s.part_size, n * s.part_size),
    );
    expect(res.statusCode).toBe(200);
    const file = res.json<{ file: UploadedFile }>().file;
    expect(file.media).toMatchObject({ status: 'queued', poster_url: null });
    expect(await f.drain()).toBe(1);

    const listed = (await client.list({})).json<{ files: UploadedFile[] }>().files.find((x) => x.id === file.id)!;
    const assetId = Number(/assets\/(\d+)\//.exec(listed.media!.poster_url!)![1]);
    expect(listed.media).toMatchObject({
      status: 'ready',
      fps_rational: '25/1',
      frame_count: 50,
      proxies: [{ height: 180, url: `/api/media/assets/${assetId}/proxy-180.mp4` }],
      poster_url: `/api/media/assets/${assetId}/poster.jpg`,
    });
    // Those who may open the folder read its files; another customer gets 404.
    for (const token of [f.a.customer.token, f.a.admin.token])
      expect((await f.read(`/api/media/assets/${assetId}/proxy-180.mp4`, token)).status).toBe(200);
    expect((await f.read(`/api/media/assets/${assetId}/poster.jpg`, f.a.customer2.token)).status).toBe(404);
    expect((await f.read(`/api/media/assets/${assetId}/frame?t=1`, f.a.customer2.token)).status).toBe(404);

    // Older than the sweep's minute: kept while the file is listed, dropped with its outputs once it is gone.
    const db = f.t.database.db;
    await db
      .update(mediaAssets)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(mediaAssets.id, assetId));
    await dropUnusedAssets(f.worker, 1000);
    expect(await db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId))).toHaveLength(1);
    await db.delete(customerUploads).where(eq(customerUploads.id, file.id));
    await dropUnusedAssets(f.worker, 1000);
    expect(await db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId))).toHaveLength(0);
    expect(fs.existsSync(path.join(f.t.dataDir, 'files', 'derived', String(assetId)))).toBe(false);
  });
});

describe('an NTSC-rate H.264 4:4:4 clip without audio', () => {
  it('keeps 30000/1001 fps and all 47 frames, and has no waveform', async () => {
    const { cardId, assetId } = await f.deliver('ntsc.mp4', await oddRateMp4());
    await f.drain();
    const media = await f.media(cardId);
    expect(media).toMatchObject({
      status: 'ready',
      fps: 29.97,
      fps_rational: '30000/1001',
      frame_count: 47,
      waveform_url: null,
      audio_codec: null,
    });
    expect(await qcOf(assetId)).toMatchObject({ hasAudio: false, integrated: null, truePeak: null });
    // Staff read that it has no audio, and no loudness, true peak or silence finding.
    expect(media!.qc).toMatchObject({ status: 'done', has_audio: false, integrated_lufs: null });
    expect(media!.qc!.findings.filter((x) => ['loudness', 'true_peak', 'silence'].includes(x.kind))).toEqual([]);
    const proxy = await f.read(`/api/media/assets/${assetId}/proxy-144.mp4`, f.a.editor.token);
    const video = (await probeStreams(proxy.body)).find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ pix_fmt: 'yuv420p', nb_read_packets: '47', r_frame_rate: '30000/1001' });
  }, 60_000);
});

describe('files that are not playable videos', () => {
  it('ends a truncated .mov as failed with a reason', async () => {
    const { cardId } = await f.deliver('cut-short.mov', prores.subarray(0, Math.floor(prores.length / 2)));
    await f.drain();
    const media = await f.media(cardId);
    expect(media).toMatchObject({ status: 'failed', proxies: [] });
    expect(media!.error).toMatch(/^The file is damaged or incomplete \(.+\)\. Export or upload it again\.$/);
  }, 60_000);

  it('ends a file that only starts like an MP4 as failed: damaged', async () => {
    const { cardId } = await f.deliver('fake.mp4', MP4);
    await f.drain();
    expect((await f.media(cardId))!.error).toBe(
      fill(MEDIA_FAILURE.damaged, { detail: 'its index is missing, as when an export or upload stops early' }),
    );
  });

  it('ends an MP4 with sound and no picture as failed: not a video', async () => {
    const soundOnly = await makeClip('sound.mp4', ['-f', 'lavfi', '-i', 'sine', '-t', '1', '-c:a', 'aac', '-f', 'mp4']);
    const { cardId } = await f.deliver('sound.mp4', soundOnly);
    await f.drain();
    expect(await f.media(cardId)).toMatchObject({ status: 'failed', error: MEDIA_FAILURE.notVideo });
  });

  it('ends a video whose file left storage as failed: missing', async () => {
    const { cardId, assetId } = await f.deliver('gone.mov', prores);
    const [row] = await f.t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
    fs.rmSync(path.join(f.t.dataDir, 'files', row!.sourceKey));
    await f.drain();
    expect(await f.media(cardId)).toMatchObject({ status: 'failed', error: MEDIA_FAILURE.missing });
  });
});

describe('jobs', () => {
  it('takes back a job whose worker died, and finishes it once, from the second attempt', async () => {
    const { cardId, assetId } = await f.deliver('crash.mov', prores);
    // A worker claims the job and dies before renewing its lease.
    expect(await claimNextJob(f.t.database.db, mediaQueue, { skip: [], claimMs: 300 })).toBe(assetId);
    expect(await runNextMediaJob(f.worker)).toBe(false);
    await new Promise((r) => setTimeout(r, 400));
    expect(await f.drain()).toBe(1);
    const [row] = await f.t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
    expect(row).toMatchObject({ status: 'ready', attempts: 2 });
    expect(row!.outputs!.proxies[0]!.key).toBe(`derived/${assetId}/2/proxy-180.mp4`);
    expect(fs.readdirSync(path.join(f.t.dataDir, 'files', 'derived', String(assetId)))).toEqual(['2']);
    expect((await f.media(cardId))!.status).toBe('ready');
  }, 60_000);

  it('gives one job to one of two workers asking at once', async () => {
    const { assetId } = await f.deliver('race.mov', prores);
    const ran = await Promise.all([runNextMediaJob(f.worker), runNextMediaJob(f.worker)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    const [row] = await f.t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
    expect(row).toMatchObject({ status: 'ready', attempts: 1 });
  }, 60_000);

  it('says how long a job may take when it runs out of time', async () => {
    const { cardId } = await f.deliver('slow.mov', prores);
    await runNextMediaJob({ ...f.worker, timeoutMs: 1 });
    expect(await f.media(cardId)).toMatchObject({
      status: 'failed',
      error: fill(MEDIA_FAILURE.timedOut, { limit: '1 second' }),
    });
  });
});
