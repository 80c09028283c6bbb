import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import {
  AI_FAILURES,
  CAPTION_LIMITS,
  CAPTIONS_MSG,
  MEDIA_MAX_ATTEMPTS,
  type AiFailure,
  cleanCueText,
  fill,
} from '@cutroom/domain';
import { captionCues, captionTracks, mediaAssets } from '../../db/schema.js';
import { backoffMs, claimNextJob, stillClaimed, type JobTable } from '../../platform/job-queue.js';
import { runTool, ToolStopped } from './ffmpeg.js';
import { jobDeadline } from './job-deadline.js';
import { makeJobFolder } from './job-folders.js';
import type { MediaWorkerContext, TranscribeSettings } from './media-jobs.js';
import { spokenLanguageCode } from './spoken-language.js';

export const transcriptQueue: JobTable = {
  table: captionTracks,
  id: captionTracks.id,
  nextAttemptAt: captionTracks.nextAttemptAt,
  attempts: captionTracks.attempts,
  doneAt: captionTracks.doneAt,
  failedAt: captionTracks.failedAt,
};

/** Only videos delivered this recently are transcribed, so turning transcription on doesn't send the archive. */
const RECENT = sql`interval '2 days'`;

/**
 * Queues a transcript for each recently delivered, ready video with sound and without one: one per card, version and video,
 * whoever delivered it; the partial unique index keeps two workers from queueing one twice.
 */
export async function queueTranscripts(ctx: Pick<MediaWorkerContext, 'db'>) {
  await ctx.db.execute(sql`
    insert into ${captionTracks} (card_id, video_version, video_number, language, source, status, asset_id)
    select v.card_id, v.version, v.number, 'und', 'transcript', 'queued', v.asset_id
    from (
      select cv.card_id, cv.version, cv.asset_id, cv.created_at,
        row_number() over (partition by cv.card_id, cv.version order by cv.position, cv.id)::int as number
      from card_videos cv where cv.kind = 'done' and (cv.card_id, cv.version) in (
        select r.card_id, r.version from card_videos r where r.kind = 'done' and r.created_at > now() - ${RECENT})
    ) v
    join ${mediaAssets} a on a.id = v.asset_id and a.status = 'ready' and a.probe->>'audioCodec' is not null
    where not exists (select 1 from ${captionTracks} t where t.card_id = v.card_id and t.video_version = v.version
        and t.video_number = v.number and t.source = 'transcript')
    limit 20
    on conflict do nothing`);
}

/** A failure of the endpoint, said as the AI toolbox says it; `retry` when trying again later may work. */
class TranscribeFailure extends Error {
  constructor(
    readonly code: AiFailure | 'NO_SOUND',
    readonly retry: boolean,
  ) {
    super(code === 'NO_SOUND' ? 'The video has no sound to transcribe.' : AI_FAILURES[code]);
  }
}

interface Segment {
  start: number;
  end: number;
  text: string;
}

/** One part of the audio to the endpoint: its segments and the language it heard. */
async function transcribePart(settings: TranscribeSettings, file: string, signal: AbortSignal) {
  const form = new FormData();
  form.append('file', new Blob([await fs.promises.readFile(file)], { type: 'audio/mp4' }), 'audio.m4a');
  form.append('model', settings.model);
  form.append('response_format', 'verbose_json');
  form.append('timestamp_granularities[]', 'segment');
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl}/audio/transcriptions`, {
      method: 'POST',
      body: form,
      headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
      signal,
    });
  } catch (e) {
    if (signal.aborted) throw e;
    throw new TranscribeFailure('AI_UNAVAILABLE', true);
  }
  if (response.status === 429) throw new TranscribeFailure('AI_RATE_LIMITED', true);
  if (response.status === 408 || response.status === 504) throw new TranscribeFailure('AI_TIMEOUT', true);
  if (response.status >= 500) throw new TranscribeFailure('AI_UNAVAILABLE', true);
  if (!response.ok) throw new TranscribeFailure('AI_REFUSED', false);
  const body = (await response.json().catch(() => null)) as { language?: unknown; segments?: unknown } | null;
  if (!body || !Array.isArray(body.segments)) throw new TranscribeFailure('AI_GARBAGE', false);
  const segments: Segment[] = body.segments.flatMap((s: unknown) => {
    const { start, end, text } = (s ?? {}) as Record<string, unknown>;
    return typeof start === 'number' && typeof end === 'number' && typeof text === 'string'
      ? [{ start, end, text }]
      : [];
  });
  return { segments, language: typeof body.language === 'string' ? body.language : null };
}

/** Segments of every part, on the video's clock, as cues: in order, never overlapping, plain text, ms precision. */
export function segmentsToCues(parts: { offset: number; segments: Segment[] }[]) {
  const cues: { startMs: number; endMs: number; text: string }[] = [];
  for (const { offset, segments } of parts)
    for (const segment of segments) {
      const text = cleanCueText(segment.text);
      const previousEnd = cues.at(-1)?.endMs ?? 0;
      const startMs = Math.max(previousEnd, Math.round((segment.start + offset) * 1000));
      const endMs = Math.round((segment.end + offset) * 1000);
      if (!text || endMs <= startMs || cues.length >= CAPTION_LIMITS.cues) continue;
      cues.push({ startMs, endMs, text: text.slice(0, CAPTION_LIMITS.cueChars) });
    }
  return cues;
}

const stillOurs = (id: number, attempt: number) => stillClaimed(transcriptQueue, id, attempt);

/**
 * Claims and makes the next due transcript: the video's sound (from its smallest proxy: the same AAC as the
 * others, the fewest bytes to copy) as 32 kb/s mono AAC, sent in parts of at most `partBytes`.
 */
export async function runNextTranscriptJob(ctx: MediaWorkerContext, shutdown?: AbortSignal): Promise<boolean> {
  const settings = ctx.transcribe;
  if (!settings) return false;
  const id = await claimNextJob(ctx.db, transcriptQueue, { skip: [], claimMs: ctx.timeoutMs + 60_000 });
  if (id === undefined) return false;
  const [row] = await ctx.db
    .select({ track: captionTracks, asset: mediaAssets })
    .from(captionTracks)
    .leftJoin(mediaAssets, eq(mediaAssets.id, captionTracks.assetId))
    .where(eq(captionTracks.id, id));
  if (!row) return true;
  const { track, asset } = row;
  const attempt = track.attempts;
  const mine = stillOurs(id, attempt);
  const fail = (reason: string) =>
    ctx.db
      .update(captionTracks)
      .set({
        status: 'failed',
        error: fill(CAPTIONS_MSG.transcriptionFailed, { reason }),
        failedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(mine);
  const smallest = asset?.outputs?.proxies.reduce((a, b) => (a.height <= b.height ? a : b));
  if (!asset || asset.status !== 'ready' || !smallest || !asset.probe) {
    await fail('the video is no longer there');
    return true;
  }
  if (!asset.probe.audioCodec) {
    await fail(new TranscribeFailure('NO_SOUND', false).message);
    return true;
  }
  await ctx.db.update(captionTracks).set({ status: 'processing', updatedAt: new Date() }).where(mine);

  const abort = new AbortController();
  const onShutdown = () => abort.abort();
  shutdown?.addEventListener('abort', onShutdown, { once: true });
  const deadline = jobDeadline(ctx.timeoutMs, abort.signal);
  const dir = await makeJobFolder(asset.id);
  const tool = async (args: string[]) => {
    const result = await runTool(ctx.tools.ffmpeg, ['-hide_banner', '-nostdin', '-y', ...args], {
      timeoutMs: deadline.left(),
      signal: deadline.signal,
      memoryMb: ctx.memoryMb,
    });
    if (result.code !== 0) throw new Error(`ffmpeg failed: ${result.stderr.slice(-500)}`);
  };
  try {
    const input = await ctx.storage.localCopy(smallest.key, dir, deadline.signal);
    const audio = path.join(dir, 'sound.m4a');
    await tool([
      '-i',
      'file:' + input,
      '-vn',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'aac',
      '-b:a',
      '32k',
      'file:' + audio,
    ]);
    const { size } = await fs.promises.stat(audio);
    const count = Math.ceil(size / settings.partBytes);
    const length = asset.probe.duration / count;
    const parts: { offset: number; segments: Segment[] }[] = [];
    let language: string | null = null;
    for (let i = 0; i < count; i++) {
      let file = audio;
      if (count > 1) {
        file = path.join(dir, `part-${i}.m4a`);
        await tool([
          '-ss',
          String(i * length),
          '-t',
          String(length),
          '-i',
          'file:' + audio,
          '-c',
          'copy',
          'file:' + file,
        ]);
      }
      const heard = await transcribePart(settings, file, deadline.signal);
      language ??= heard.language;
      parts.push({ offset: i * length, segments: heard.segments });
    }
    const cues = segmentsToCues(parts);
    await ctx.db.transaction(async (tx) => {
      const [done] = await tx
        .update(captionTracks)
        .set({
          status: 'ready',
          error: null,
          language: spokenLanguageCode(language),
          doneAt: new Date(),
          updatedAt: new Date(),
        })
        .where(mine)
        .returning({ id: captionTracks.id });
      if (!done) return;
      for (let i = 0; i < cues.length; i += 1000)
        await tx
          .insert(captionCues)
          .values(cues.slice(i, i + 1000).map((cue, j) => ({ trackId: id, n: i + j + 1, ...cue })));
    });
  } catch (e) {
    if (e instanceof ToolStopped && e.reason === 'aborted') {
      if (shutdown?.aborted)
        await ctx.db
          .update(captionTracks)
          .set({ status: 'queued', attempts: attempt - 1, nextAttemptAt: new Date(), updatedAt: new Date() })
          .where(mine);
      return true;
    }
    const failure =
      e instanceof TranscribeFailure
        ? e
        : e instanceof ToolStopped || deadline.signal.aborted
          ? new TranscribeFailure('AI_TIMEOUT', true)
          : null;
    if (!(e instanceof TranscribeFailure)) ctx.log.warn({ err: e, trackId: id, attempt }, 'transcript failed');
    const retry = (failure?.retry ?? true) && attempt < MEDIA_MAX_ATTEMPTS;
    if (retry)
      // Said on the card while it waits to try again, as the toolbox says it.
      await ctx.db
        .update(captionTracks)
        .set({
          status: 'queued',
          error: failure ? fill(CAPTIONS_MSG.transcriptionFailed, { reason: failure.message }) : null,
          nextAttemptAt: new Date(Date.now() + backoffMs(attempt)),
          updatedAt: new Date(),
        })
        .where(mine);
    else await fail(failure?.message ?? AI_FAILURES.AI_UNAVAILABLE);
  } finally {
    deadline.dispose();
    shutdown?.removeEventListener('abort', onShutdown);
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
  return true;
}
