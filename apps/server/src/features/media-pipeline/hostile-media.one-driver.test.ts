import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fill, MEDIA_FAILURE, MEDIA_MAX_SIDE, SCRUB } from '@cutroom/domain';
import { mediaAssets } from '../../db/schema.js';
import { runTool } from './ffmpeg.js';
import { lyingMkv, shortPictureLongSound, tooWideMp4 } from './hostile-clips.js';
import { makeJobFolder, sweepJobFolders } from './job-folders.js';
import { runNextMediaJob } from './media-jobs.js';
import { startMediaWorker } from './media-worker.js';
import { proresMov, pipelineFixture, tools, type PipelineFixture } from './test-kit.js';

let f: PipelineFixture;
beforeAll(async () => {
  f = await pipelineFixture();
}, 60_000);
afterAll(() => f?.t.close());

const row = async (assetId: number) =>
  (await f.t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId)))[0]!;

/** What people may read on a card: none of ffmpeg's own words, no path, no stack. */
const MACHINE_WORDS = /ffmpeg|stream \d|Error |\/tmp|\/files\/|derived\/|ENOENT|at \w+ \(/i;

describe('a 1 s picture over 10 s of sound', () => {
  it('becomes ready: the poster from the picture, the length from the sound, the scrub track to the end', async () => {
    const { cardId, assetId } = await f.deliver('sting.mp4', await shortPictureLongSound());
    expect(await f.drain()).toBe(1);
    const media = await f.media(cardId);
    expect(media).toMatchObject({ status: 'ready', error: null, frame_count: 25 });
    expect(media!.duration).toBeGreaterThan(9.9);
    expect(media!.duration).toBeLessThan(10.2);
    const poster = await f.read(media!.poster_url!, f.a.qa.token);
    expect(poster.status).toBe(200);
    expect(poster.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // One second of picture makes one thumbnail; it stands for the whole 10 s the player plays.
    const vtt = (await f.read(`/api/media/assets/${assetId}/thumbnails.vtt`, f.a.qa.token)).body.toString('utf8');
    const cues = vtt.split('\n').filter((l) => l.includes('-->'));
    expect(cues.length).toBeGreaterThanOrEqual(1);
    expect(cues.at(-1)).toMatch(/--> 00:00:(09\.9|10\.)/);
    const waveform = JSON.parse(
      (await f.read(`/api/media/assets/${assetId}/waveform.json`, f.a.qa.token)).body.toString('utf8'),
    ) as { peaks: number[] };
    expect(waveform.peaks.length).toBeGreaterThanOrEqual(99);
    expect(waveform.peaks.length).toBeLessThanOrEqual(101);
  }, 120_000);
});

describe('files whose header lies about their length', () => {
  it('ends a 2-frame MKV claiming 10 hours in seconds, with its real length', async () => {
    const mkv = await lyingMkv(36_000);
    expect(mkv.length).toBeLessThan(4_000);
    const { cardId } = await f.deliver('ten-hours.mkv', mkv);
    const started = Date.now();
    await f.drain();
    expect(Date.now() - started).toBeLessThan(30_000);
    const media = await f.media(cardId);
    expect(media).toMatchObject({ status: 'ready', frame_count: 2 });
    expect(media!.duration).toBeLessThan(1);
  }, 120_000);

  it('ends a 2-frame MKV claiming 10¹² s in seconds, and a clip queued after it still becomes ready', async () => {
    const liar = await f.deliver('forever.mkv', await lyingMkv(1e12));
    const next = await f.deliver('next.mov', await proresMov());
    const started = Date.now();
    expect(await f.drain()).toBe(2);
    expect(Date.now() - started).toBeLessThan(60_000);
    const lied = await row(liar.assetId);
    expect(lied.status).toBe('ready');
    expect(lied.probe!.duration).toBeLessThan(1);
    // Counts come from what was decoded, not the header's promise (10¹⁰ sprites).
    expect(lied.outputs!.sprites).toHaveLength(1);
    expect(lied.outputs!.thumb.count).toBeLessThanOrEqual(SCRUB.maxThumbs);
    expect((await f.media(next.cardId))!.status).toBe('ready');
  }, 120_000);
});

describe('pictures larger than we take', () => {
  it(`refuses a source wider than ${MEDIA_MAX_SIDE} px after the probe, with a sentence`, async () => {
    const { cardId } = await f.deliver('wide.mp4', await tooWideMp4());
    await f.drain();
    expect(await f.media(cardId)).toMatchObject({
      status: 'failed',
      error: fill(MEDIA_FAILURE.tooLarge, { width: '8200', height: '16', max: String(MEDIA_MAX_SIDE) }),
    });
  }, 60_000);

  it('runs a tool under its memory limit: a run that needs more fails instead of taking the machine', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-memory-'));
    // A 4096 × 4096 frame of 16-bit RGB is 96 MiB; 64 MiB can't hold it.
    const frame = (name: string) => [
      '-hide_banner',
      '-nostdin',
      '-f',
      'lavfi',
      '-i',
      'color=s=4096x4096:d=0.04',
      '-pix_fmt',
      'rgb48be',
      '-frames:v',
      '1',
      path.join(dir, name),
    ];
    try {
      const free = await runTool(tools.ffmpeg, frame('free.png'), { timeoutMs: 60_000 });
      expect(free.code).toBe(0);
      expect(fs.existsSync(path.join(dir, 'free.png'))).toBe(true);
      const held = await runTool(tools.ffmpeg, frame('held.png'), { timeoutMs: 60_000, memoryMb: 64 });
      // Refused an allocation, it writes nothing (the 2018 build may even exit 0: the pipeline reads what a tool wrote).
      expect(fs.existsSync(path.join(dir, 'held.png'))).toBe(false);
      expect(held.stderr).not.toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a reader of a tool’s output that throws', () => {
  it('fails that run, and nothing escapes to the process', async () => {
    const args = ['-hide_banner', '-nostdin', '-f', 'lavfi', '-i', 'sine=d=2', '-f', 's16le', 'pipe:1'];
    const run = runTool(tools.ffmpeg, args, {
      timeoutMs: 30_000,
      onStdoutChunk() {
        throw new Error('a bad reader');
      },
    });
    await expect(run).rejects.toThrow('a bad reader');
  });
});

describe('what a failure says', () => {
  it('is a sentence of ours, not ffmpeg’s output, when a tool fails', async () => {
    const { cardId } = await f.deliver('starved.mov', await proresMov());
    // Too little memory to encode: the tool fails, and the card reads why in our words.
    await runNextMediaJob({ ...f.worker, memoryMb: 72 });
    const media = await f.media(cardId);
    expect(media!.status).toBe('failed');
    expect(media!.error).not.toMatch(MACHINE_WORDS);
    expect(media!.error).toMatch(/^(This video could not be prepared|This file has no video)/);
  }, 60_000);

  it('says a time limit in words: "1 second", never "0 minutes"', async () => {
    const { cardId } = await f.deliver('slow-words.mov', await proresMov());
    await runNextMediaJob({ ...f.worker, timeoutMs: 1 });
    expect(await f.media(cardId)).toMatchObject({
      status: 'failed',
      error: fill(MEDIA_FAILURE.timedOut, { limit: '1 second' }),
    });
  }, 60_000);
});

describe('scratch folders', () => {
  it('are swept at worker start when their process is gone, and kept while it lives', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-sweep-'));
    try {
      // A process id no process holds: the kernel's pid_max is at most 2²² on Linux.
      const orphan = path.join(root, 'cutroom-media-4194303-7-abc123');
      fs.mkdirSync(orphan);
      fs.writeFileSync(path.join(orphan, 'proxy-1080.mp4'), 'half a proxy');
      const parentsJob = path.join(root, `cutroom-media-${process.ppid}-8-def456`);
      fs.mkdirSync(parentsJob);
      const unrelated = path.join(root, 'someone-else');
      fs.mkdirSync(unrelated);
      expect(await sweepJobFolders(root)).toEqual(['cutroom-media-4194303-7-abc123']);
      expect(fs.existsSync(orphan)).toBe(false);
      expect(fs.existsSync(parentsJob)).toBe(true);
      expect(fs.existsSync(unrelated)).toBe(true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("are swept by a starting worker in the system's temporary folder", async () => {
    const orphan = path.join(os.tmpdir(), 'cutroom-media-4194303-9-zzz999');
    fs.mkdirSync(orphan, { recursive: true });
    const worker = startMediaWorker(f.worker, 1, 60_000);
    try {
      await expect.poll(() => fs.existsSync(orphan), { timeout: 10_000 }).toBe(false);
    } finally {
      await worker.stop();
    }
  });

  it("are named for this process's id", async () => {
    const dir = await makeJobFolder(12, os.tmpdir());
    try {
      expect(path.basename(dir)).toMatch(new RegExp(`^cutroom-media-${process.pid}-12-`));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
