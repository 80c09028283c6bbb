import fs from 'node:fs';
import path from 'node:path';
import { fill, MEDIA_FAILURE, MEDIA_MAX_SIDE, type QcMeasures } from '@cutroom/domain';
import type { MediaOutputs, MediaProbe } from '../../db/schema.js';
import { outputPrefix } from '../../kernel/media-view.js';
import type { Storage } from '../../platform/storage.js';
import { runTool, ToolStopped, type RunOptions } from './ffmpeg.js';
import type { MediaTools } from './media-tools.js';
import { jobDeadline } from './job-deadline.js';
import { makeJobFolder } from './job-folders.js';
import { MediaFailure } from './media-failure.js';
import {
  firstRunShare,
  MAX_PIXELS,
  peakCounter,
  pictureDuration,
  posterArgs,
  posterTime,
  proxyArgs,
  proxyLadder,
  scrubPlan,
  spriteArgs,
  spriteCount,
  stillFilter,
  waveformArgs,
} from './plan.js';
import { probeVideo } from './probe.js';
import { measureQc } from './qc-measure.js';
import { readableContainer } from './transport-stream.js';

export interface VideoJob {
  assetId: number;
  attempt: number;
  sourceKey: string;
}

export interface ProcessOptions {
  storage: Storage;
  tools: MediaTools;
  /** The whole job's time limit: every step, each tool getting what is left of it. */
  timeoutMs: number;
  /** The most memory one tool run may take, in MiB. */
  memoryMb?: number;
  /** Aborted when the job is taken away (the video was removed, or the lease was lost). */
  signal: AbortSignal;
  onProgress(percent: number): void;
  /**
   * The facts and the outputs stored so far, while the larger proxies are still being made (issue 49): first the
   * smallest proxy and the poster, then (when larger proxies follow) the scrub sprites and waveform too.
   */
  onPartial?(partial: { probe: MediaProbe; outputs: MediaOutputs }): Promise<void> | void;
  /** What a tool said when it failed: for the log, never for the people on the card. */
  onToolError?(step: string, stderr: string): void;
}

/** A file in our storage as a local path (the file itself, or a copy in the job's folder). */
function localSource(storage: Storage, key: string, dir: string, signal: AbortSignal): Promise<string> {
  return storage.localCopy(key, dir, signal).catch((e: NodeJS.ErrnoException) => {
    throw e.code === 'ENOENT' ? new MediaFailure(MEDIA_FAILURE.missing) : e;
  });
}

/** The files ffmpeg wrote by a numbered pattern (`sprite-%d.jpg`), in order from 0 and without gaps, at most `max`. */
async function numberedFiles(dir: string, pattern: RegExp, max: number): Promise<string[]> {
  const found = new Map<number, string>();
  for (const name of await fs.promises.readdir(dir)) {
    const n = Number(pattern.exec(name)?.[1] ?? NaN);
    if (Number.isInteger(n)) found.set(n, path.join(dir, name));
  }
  const files: string[] = [];
  while (files.length < max && found.has(files.length)) files.push(found.get(files.length)!);
  return files;
}

const exists = (file: string) =>
  fs.promises.stat(file).then(
    (s) => s.isFile() && s.size > 0,
    () => false,
  );

/** Why each step failed, for people: nothing of the machine (ffmpeg's words, paths) reaches the card. */
const STEP_FAILED = {
  remux: 'its transport stream could not be read',
  proxies: 'its picture could not be converted for the browser',
  poster: 'no still could be taken from its picture',
  sprites: 'its scrub thumbnails could not be made',
  waveform: 'its sound could not be read',
  qc: 'its technical checks could not run',
} as const;

/** Probes, transcodes and stores one video's proxies, poster, scrub sprites and waveform. */
export async function processVideo(
  job: VideoJob,
  options: ProcessOptions,
): Promise<{ probe: MediaProbe; outputs: MediaOutputs; qc: QcMeasures | null }> {
  const deadline = jobDeadline(options.timeoutMs, options.signal);
  const run = async (step: keyof typeof STEP_FAILED, args: string[], extra: Partial<RunOptions> = {}) => {
    deadline.check();
    const result = await runTool(options.tools.ffmpeg, args, {
      timeoutMs: deadline.left(),
      signal: deadline.signal,
      memoryMb: options.memoryMb,
      ...extra,
    });
    if (result.code !== 0) {
      options.onToolError?.(step, result.stderr);
      throw new MediaFailure(fill(MEDIA_FAILURE.failed, { detail: STEP_FAILED[step] }));
    }
    return result;
  };
  const probe = (file: string) =>
    probeVideo(options.tools.ffprobe, file, {
      timeoutMs: deadline.left(),
      signal: deadline.signal,
      memoryMb: options.memoryMb,
    });
  // The input side of every run: only local files, no larger a picture than we take, the demuxer the probe found.
  const input = (file: string, format?: string) => [
    '-protocol_whitelist',
    'file,pipe',
    '-max_pixels',
    String(MAX_PIXELS),
    ...(format ? ['-f', format] : []),
    '-i',
    'file:' + file,
  ];

  const dir = await makeJobFolder(job.assetId);
  try {
    const local = await localSource(options.storage, job.sourceKey, dir, deadline.signal);
    const source = await readableContainer(local, dir, (args) => run('remux', args));
    const facts = await probe(source);
    if (facts.width > MEDIA_MAX_SIDE || facts.height > MEDIA_MAX_SIDE) {
      const size = { width: String(facts.width), height: String(facts.height), max: String(MEDIA_MAX_SIDE) };
      throw new MediaFailure(fill(MEDIA_FAILURE.tooLarge, size));
    }
    options.onProgress(2);

    const ladder = proxyLadder(facts);
    const proxies = ladder.map((rendition) => ({ rendition, file: path.join(dir, `proxy-${rendition.height}.mp4`) }));
    const largest = proxies[0]!;
    const smallest = proxies[proxies.length - 1]!;
    const rest = proxies.slice(0, -1);
    const share = firstRunShare(
      smallest.rendition,
      rest.map((p) => p.rendition),
    );
    // The smallest proxy alone first (issue 49): review starts on it while the larger ones are made.
    const transcode = (outputs: typeof proxies, from: number, span: number) =>
      run('proxies', proxyArgs(facts, input(source, facts.format), outputs), {
        onStdoutLine(line) {
          const match = /^out_time=(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(line.trim());
          if (!match) return;
          const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
          const done = from + span * Math.max(0, Math.min(1, seconds / facts.duration));
          options.onProgress(2 + Math.floor(done * 86));
        },
      });
    await transcode([smallest], 0, share);
    const made = await probe(smallest.file);
    // The review counts frames: a proxy that lost frames (a damaged stretch the decoder skipped) would point notes at the wrong ones.
    if (facts.frameCount !== null && made.frameCount !== null && made.frameCount < facts.frameCount) {
      throw new MediaFailure(
        fill(MEDIA_FAILURE.damaged, {
          detail: `only ${made.frameCount} of its ${facts.frameCount} frames could be read`,
        }),
      );
    }
    // The header's duration is a claim (one said 10¹² s of two frames); the proxy holds what could be decoded.
    const duration = Math.min(facts.duration, made.duration);
    const picture = pictureDuration(facts);
    const { format: _format, colour: _colour, ...kept } = facts;
    const result: MediaProbe = { ...kept, duration };

    /** Delivery QC (issue 51): one more decode of the source; where it can't run, the video plays without it. */
    const checkDelivery = async () => {
      deadline.check();
      return measureQc(options.tools.ffmpeg, input(source, facts.format), {
        duration,
        hasAudio: !!facts.audioCodec,
        timeoutMs: deadline.left(),
        signal: deadline.signal,
        memoryMb: options.memoryMb,
      }).catch((e: unknown) => {
        if (e instanceof ToolStopped) throw e;
        options.onToolError?.('qc', e instanceof Error ? e.message : String(e));
        return null;
      });
    };

    const prefix = outputPrefix(job.assetId, job.attempt);
    const store = async (file: string, mime: string) => {
      deadline.check();
      const key = prefix + path.basename(file);
      await options.storage.remove(key);
      // Opened before the stream is made, so a missing file is this step's error and never a stream's unheard one.
      const handle = await fs.promises.open(file, 'r');
      try {
        await options.storage.put(key, handle.createReadStream({ autoClose: false }), { mime, inline: true });
      } finally {
        await handle.close();
      }
      return key;
    };

    // From the source at the largest proxy's size, converted as the proxies are: it is the final poster from the start.
    const poster = path.join(dir, 'poster.jpg');
    const still = (at: number) =>
      run(
        'poster',
        posterArgs(input(source, facts.format), stillFilter(facts, largest.rendition), at, 'file:' + poster),
      );
    await still(posterTime(picture));
    // An ffmpeg may seek past a short picture and exit 0 having written nothing: then the first frame.
    if (!(await exists(poster))) await still(0);
    if (!(await exists(poster))) throw new MediaFailure(fill(MEDIA_FAILURE.failed, { detail: STEP_FAILED.poster }));

    const thumb = scrubPlan(picture, smallest.rendition);
    const first = {
      height: smallest.rendition.height,
      width: smallest.rendition.width,
      key: await store(smallest.file, 'video/mp4'),
    };
    const outputs: MediaOutputs = {
      proxies: [first],
      poster: await store(poster, 'image/jpeg'),
      sprites: [],
      thumb: { ...thumb, count: 0 },
      waveform: null,
    };
    const publish = async () => {
      deadline.check();
      await options.onPartial?.({
        probe: result,
        outputs: { ...outputs, proxies: [...outputs.proxies], sprites: [...outputs.sprites] },
      });
    };
    await publish();

    await run('sprites', spriteArgs(input(smallest.file), thumb, picture, 'file:' + path.join(dir, 'sprite-%d.jpg')));
    const spriteFiles = await numberedFiles(dir, /^sprite-(\d+)\.jpg$/, spriteCount(thumb));

    // From the source, not a proxy: AAC's priming samples would shift the peaks against the picture.
    let waveform: string | null = null;
    if (facts.audioCodec) {
      const peaks = peakCounter(duration);
      await run('waveform', waveformArgs(input(source, facts.format), duration), {
        onStdoutChunk: (chunk) => peaks.add(chunk),
      });
      waveform = path.join(dir, 'waveform.json');
      await fs.promises.writeFile(waveform, JSON.stringify(peaks.finish()));
    }
    for (const file of spriteFiles) outputs.sprites.push(await store(file, 'image/jpeg'));
    outputs.thumb = { ...thumb, count: Math.min(thumb.count, outputs.sprites.length * thumb.columns * thumb.rows) };
    outputs.waveform = waveform ? await store(waveform, 'application/json') : null;
    // The scrub track and the waveform are the review's too: out before the larger proxies.
    if (rest.length > 0) await publish();

    if (rest.length > 0) await transcode(rest, share, 1 - share);
    options.onProgress(90);
    const stored: MediaOutputs['proxies'] = [];
    for (const { rendition, file } of rest)
      stored.push({ height: rendition.height, width: rendition.width, key: await store(file, 'video/mp4') });
    // Largest first, as before.
    outputs.proxies = [...stored, first];
    options.onProgress(97);
    return { probe: result, outputs, qc: await checkDelivery() };
  } finally {
    deadline.dispose();
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
