// Shared by the media-pipeline tests: clips made by the shipped ffmpeg, and one app with a worker to drive.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { GUEST_COOKIE } from '@cutroom/domain';
import type { CardDetailReply, MediaView } from '@cutroom/domain/schemas';
import { loadConfig } from '../../config.js';
import { cards, mediaAssets } from '../../db/schema.js';
import { createMemoryBus, type AppEvent } from '../../platform/events.js';
import { createStorage } from '../../platform/storage.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { uploadBody } from '../../test/sample-files.js';
import { cleanCutArgs, faultyCutArgs } from '../../test/qc-clips.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { runTool } from './ffmpeg.js';
import { mediaTools } from './media-tools.js';
import { linkImportSettings } from './link-job.js';
import { runNextGuestCopyJob } from './guest-copy-job.js';
import { runNextTranscriptJob } from './transcribe-job.js';
import { transcribeSettings } from './worker-context.js';
import { runNextMediaJob, type MediaWorkerContext } from './media-jobs.js';

export const tools = mediaTools();
const silent = { warn() {}, info() {} };

/** Runs the shipped ffmpeg and returns the file it wrote; `input` is written first and named by `pipe:0`. */
export async function makeClip(name: string, args: string[], input?: Buffer): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-clip-'));
  const file = path.join(dir, name);
  try {
    if (input) fs.writeFileSync(path.join(dir, 'input'), input);
    const given = input ? args.map((a) => (a === 'pipe:0' ? path.join(dir, 'input') : a)) : args;
    const { code, stderr } = await runTool(tools.ffmpeg, ['-hide_banner', '-nostdin', '-y', ...given, file], {
      timeoutMs: 180_000,
    });
    if (code !== 0) throw new Error(`ffmpeg could not make ${name}: ${stderr}`);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** ffprobe's JSON about a file's bytes. */
async function ffprobeJson<T>(content: Buffer, args: string[]): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-probe-'));
  const file = path.join(dir, 'file');
  fs.writeFileSync(file, content);
  try {
    const { stdout } = await runTool(tools.ffprobe, ['-v', 'error', '-print_format', 'json', ...args, file], {
      timeoutMs: 60_000,
      collectStdout: true,
    });
    return JSON.parse(stdout.toString('utf8')) as T;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** ffprobe's view of a file's streams (packets counted). */
export const probeStreams = async (content: Buffer) =>
  (await ffprobeJson<{ streams: Record<string, string | number>[] }>(content, ['-show_streams', '-count_packets']))
    .streams;

/** The video packets in decoding order with their flags ('K' first for a keyframe). */
export const probePackets = async (content: Buffer) =>
  (
    await ffprobeJson<{ packets: { flags: string }[] }>(content, [
      '-select_streams',
      'v:0',
      '-show_entries',
      'packet=flags',
    ])
  ).packets;

/** Bands across the top of a numbered clip's frames: white for a 1, the frame's number, least bit first. */
export const NUMBER_BITS = 8;

/** 2 s of H.264 at 25 fps whose every frame shows its own number in bands (read with `frameNumberOf`). */
export const numberedMp4 = () =>
  makeClip('numbered.mp4', [
    '-f',
    'lavfi',
    '-i',
    'color=c=gray:s=320x180:r=25:d=2',
    '-vf',
    `geq=lum='if(lt(Y,60),255*mod(floor(N/pow(2,floor(X/${320 / NUMBER_BITS}))),2),128)':cb=128:cr=128`,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '10',
  ]);

/** The number a numbered clip's frame shows, given the brightness of a point of the frame (in fractions). */
export function frameNumberOf(luma: (x: number, y: number) => number): number {
  let n = 0;
  for (let b = 0; b < NUMBER_BITS; b++) if (luma((b + 0.5) / NUMBER_BITS, 1 / 6) > 128) n |= 1 << b;
  return n;
}

/** ProRes 422 Proxy in a QuickTime .mov with PCM audio, as an editor exports it: 25 fps, 50 frames. */
export const proresMov = () =>
  makeClip('cut.mov', [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    '2',
    '-c:v',
    'prores_ks',
    '-profile:v',
    '0',
    '-c:a',
    'pcm_s16le',
    '-shortest',
  ]);

/** NTSC's 30000/1001 (29.97) fps, 47 frames, H.264 4:4:4 (which browsers don't play), no audio. */
export const oddRateMp4 = () =>
  makeClip('odd.mp4', [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=256x144:rate=30000/1001',
    '-frames:v',
    '47',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv444p',
    '-preset',
    'ultrafast',
  ]);

/** Delivery QC's faulty cut (issue 51): see `faultyCutArgs`. */
export const faultyCut = (gainDb: number) => makeClip('faulty.mkv', faultyCutArgs(gainDb));

/** A clean 10 s cut at 640×360 with a tone at about −14 LUFS throughout. */
export const cleanCut = () => makeClip('clean.mkv', cleanCutArgs());

export interface PipelineFixture {
  t: TestApp;
  a: Awaited<ReturnType<typeof seedWithSessions>>;
  worker: MediaWorkerContext;
  events: AppEvent[];
  /** The editor uploads a file and delivers it on a new card: the card id and the video's asset id. */
  deliver(name: string, content: Buffer): Promise<{ cardId: number; assetId: number }>;
  /** The editor uploads a video (POST /api/media): the link a move delivers it by (which tracks it), and its key. */
  upload(name: string, content: Buffer): Promise<{ link: string; key: string }>;
  /** The editor moves a new card of the customer to QA with this delivery (a link or an upload_id): its id. */
  moveToQa(delivery: { done_video_link: string } | { upload_id: number }): Promise<number>;
  /** Runs jobs until none is due. */
  drain(): Promise<number>;
  media(cardId: number, token?: string): Promise<MediaView | null>;
  /** The customer makes a guest link on a card in Review and Ana opens it: her visit's cookies. */
  guestVisit(cardId: number): Promise<Record<string, string>>;
  /** A media URL as a user reads it: its status and body (S3's signed redirect followed). */
  read(url: string, token: string): Promise<{ status: number; type: string | undefined; body: Buffer }>;
}

export async function pipelineFixture(env: Record<string, string> = {}): Promise<PipelineFixture> {
  const t = await createTestApp(env);
  const a = await seedWithSessions(t.database.db);
  const bus = createMemoryBus();
  const events: AppEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const config = loadConfig({ DATA_DIR: t.dataDir, ...env });
  const worker: MediaWorkerContext = {
    db: t.database.db,
    storage: await createStorage(config),
    events: bus,
    tools,
    timeoutMs: 120_000,
    leaseMs: 60_000,
    linkImport: linkImportSettings(config),
    transcribe: transcribeSettings(config),
    log: silent,
  };
  const fixture: PipelineFixture = {
    t,
    a,
    worker,
    events,
    async upload(name, content) {
      const body = uploadBody(name, 'video/quicktime', content, 'video');
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/media',
        headers: { ...bearer(a.editor.token), ...body.headers },
        payload: body.payload,
      });
      if (upload.statusCode !== 201) throw new Error(`upload refused: ${upload.body}`);
      return {
        link: 'http://localhost:3000' + upload.json<{ url: string }>().url,
        key: upload.json<{ key: string }>().key,
      };
    },
    async deliver(name, content) {
      const { link, key } = await fixture.upload(name, content);
      const cardId = await fixture.moveToQa({ done_video_link: link });
      const [asset] = await t.database.db
        .select({ id: mediaAssets.id })
        .from(mediaAssets)
        .where(eq(mediaAssets.sourceKey, key));
      return { cardId, assetId: asset!.id };
    },
    async moveToQa(delivery) {
      const card = await insertCard(t.database.db, {
        clientId: a.customer.id,
        assignedQaId: a.qa.id,
        assignedTo: a.editor.id,
        cardStatus: 'editing',
      });
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/card/${card.id}/moveToQa`,
        headers: bearer(a.editor.token),
        payload: { card_status: 'editing', ...delivery },
      });
      if (moved.statusCode !== 200) throw new Error(`moveToQa refused: ${moved.body}`);
      return card.id;
    },
    async drain() {
      let ran = 0;
      while (
        (await runNextMediaJob(worker)) ||
        (await runNextGuestCopyJob(worker)) ||
        (await runNextTranscriptJob(worker))
      )
        ran++;
      return ran;
    },
    async media(cardId, token = a.qa.token) {
      const reply = await t.app.inject({ method: 'GET', url: `/api/card/${cardId}`, headers: bearer(token) });
      const card = reply.json<CardDetailReply>();
      return card.video_versions['version-0']?.[0]?.media ?? null;
    },
    async guestVisit(cardId) {
      await t.database.db.update(cards).set({ cardStatus: 'done' }).where(eq(cards.id, cardId));
      const link = await t.app.inject({
        method: 'POST',
        url: `/api/card/${cardId}/guestLinks`,
        headers: bearer(a.customer.token),
        payload: {},
      });
      const opened = await t.app.inject({
        method: 'POST',
        url: '/api/guest/open',
        payload: { token: link.json<{ token: string }>().token, name: 'Ana' },
      });
      return { [GUEST_COOKIE]: opened.cookies.find((c) => c.name === GUEST_COOKIE)!.value };
    },
    async read(url, token) {
      const reply = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      if (reply.statusCode === 302 && reply.headers.location) {
        const signed = await fetch(reply.headers.location);
        return {
          status: signed.status,
          type: signed.headers.get('content-type') ?? undefined,
          body: Buffer.from(await signed.arrayBuffer()),
        };
      }
      return { status: reply.statusCode, type: reply.headers['content-type']?.toString(), body: reply.rawPayload };
    },
  };
  return fixture;
}
