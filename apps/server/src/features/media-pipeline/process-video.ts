import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MSG, fill } from '@cutroom/domain';
import type { MediaOutputs, MediaProbe } from '../../db/schema.js';
import type { Storage } from '../../platform/storage.js';
import { runTool, type RunOptions } from './ffmpeg.js';
import type { MediaTools } from './media-tools.js';
import { MediaFailure } from './media-failure.js';
import { peakCounter, posterTime, proxyArgs, proxyLadder, scrubPlan, spriteCount, WAVEFORM_RATE } from './plan.js';
import { probeVideo } from './probe.js';

export interface VideoJob {
  assetId: number;
  attempt: number;
  sourceKey: string;
}

export interface ProcessOptions {
  storage: Storage;
  tools: MediaTools;
  /** The whole job's time limit; each tool gets what is left of it. */
  timeoutMs: number;
  /** Aborted when the job is taken away (the video was removed, or the lease was lost). */
  signal: AbortSignal;
  onProgress(percent: number): void;
}

/** Where an attempt's outputs go: a folder per attempt, so a late duplicate never overwrites a finished one. */
export const outputPrefix = (assetId: number, attempt?: number) =>
  `derived/${assetId}/${attempt === undefined ? '' : `${attempt}/`}`;

/** A file in our storage as a local path: local disk directly, S3 streamed to the job's folder. */
async function localSource(storage: Storage, key: string, dir: string): Promise<string> {
  if (storage.root) {
    const file = path.join(storage.root, key);
    if (!(await fs.promises.stat(file).catch(() => null))) throw new MediaFailure(MSG.mediaMissing);
    return file;
  }
  const target = path.join(dir, 'source');
  const body = await storage.read(key).catch((e: NodeJS.ErrnoException) => {
    throw e.code === 'ENOENT' ? new MediaFailure(MSG.mediaMissing) : e;
  });
  await pipeline(body, fs.createWriteStream(target));
  return target;
}

/** ffmpeg's last error lines, for a failure message and the log. */
const lastLines = (stderr: string) => stderr.trim().split('\n').slice(-2).join(' ').slice(0, 300);

/** Probes, transcodes and stores one video's proxies, poster, scrub sprites and waveform. */
export async function processVideo(
  job: VideoJob,
  options: ProcessOptions,
): Promise<{ probe: MediaProbe; outputs: MediaOutputs }> {
  const started = Date.now();
  const left = () => Math.max(1, options.timeoutMs - (Date.now() - started));
  const run = async (args: string[], extra: Partial<RunOptions> = {}) => {
    const result = await runTool(options.tools.ffmpeg, args, { timeoutMs: left(), signal: options.signal, ...extra });
    if (result.code !== 0)
      throw new MediaFailure(
        fill(MSG.mediaFailed, { detail: lastLines(result.stderr) || `ffmpeg exit ${result.code}` }),
      );
    return result;
  };

  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), `cutroom-media-${job.assetId}-`));
  try {
    const source = await localSource(options.storage, job.sourceKey, dir);
    const probe = await probeVideo(options.tools.ffprobe, source, left());
    options.onProgress(2);

    const ladder = proxyLadder(probe);
    const proxies = ladder.map((rendition) => ({ rendition, file: path.join(dir, `proxy-${rendition.height}.mp4`) }));
    await run(proxyArgs(probe, source, proxies), {
      onStdoutLine(line) {
        const match = /^out_time=(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(line.trim());
        if (!match) return;
        const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
        options.onProgress(2 + Math.min(86, Math.floor((seconds / probe.duration) * 86)));
      },
    });
    const largest = proxies[0]!;
    const smallest = proxies[proxies.length - 1]!;
    const made = await probeVideo(options.tools.ffprobe, smallest.file, left());
    // The review counts frames: a proxy that lost frames (a damaged stretch the decoder skipped) would point notes at the wrong ones.
    if (probe.frameCount !== null && made.frameCount !== null && made.frameCount < probe.frameCount) {
      throw new MediaFailure(
        fill(MSG.mediaDamaged, { detail: `only ${made.frameCount} of its ${probe.frameCount} frames could be read` }),
      );
    }
    options.onProgress(90);

    const poster = path.join(dir, 'poster.jpg');
    await run([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-protocol_whitelist',
      'file',
      '-ss',
      String(posterTime(probe.duration)),
      '-i',
      'file:' + largest.file,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      'file:' + poster,
    ]);
    const thumb = scrubPlan(probe.duration, smallest.rendition);
    await run([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-protocol_whitelist',
      'file',
      '-i',
      'file:' + smallest.file,
      '-vf',
      `fps=1/${thumb.intervalS}:round=down,scale=${thumb.width}:${thumb.height},tile=${thumb.columns}x${thumb.rows}`,
      '-q:v',
      '5',
      '-start_number',
      '0',
      'file:' + path.join(dir, 'sprite-%d.jpg'),
    ]);
    options.onProgress(94);

    // From the source, not a proxy: AAC's priming samples would shift the peaks against the picture.
    let waveform: string | null = null;
    if (probe.audioCodec) {
      const peaks = peakCounter(probe.duration);
      await run(
        [
          '-hide_banner',
          '-nostdin',
          '-protocol_whitelist',
          'file,pipe',
          '-i',
          'file:' + source,
          '-map',
          '0:a:0',
          '-ac',
          '1',
          '-ar',
          String(WAVEFORM_RATE),
          '-f',
          's16le',
          'pipe:1',
        ],
        { onStdoutChunk: (chunk) => peaks.add(chunk) },
      );
      waveform = path.join(dir, 'waveform.json');
      await fs.promises.writeFile(waveform, JSON.stringify(peaks.finish()));
    }
    options.onProgress(97);

    const prefix = outputPrefix(job.assetId, job.attempt);
    const store = async (file: string, mime: string) => {
      const key = prefix + path.basename(file);
      await options.storage.remove(key);
      await options.storage.put(key, fs.createReadStream(file), { mime, inline: true });
      return key;
    };
    const sprites: string[] = [];
    for (let i = 0; i < spriteCount(thumb); i++) {
      const file = path.join(dir, `sprite-${i}.jpg`);
      if (await fs.promises.stat(file).catch(() => null)) sprites.push(await store(file, 'image/jpeg'));
    }
    const outputs: MediaOutputs = {
      proxies: [],
      poster: await store(poster, 'image/jpeg'),
      sprites,
      thumb: { ...thumb, count: Math.min(thumb.count, sprites.length * thumb.columns * thumb.rows) },
      waveform: waveform ? await store(waveform, 'application/json') : null,
    };
    for (const { rendition, file } of proxies)
      outputs.proxies.push({ height: rendition.height, width: rendition.width, key: await store(file, 'video/mp4') });
    return { probe, outputs };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
