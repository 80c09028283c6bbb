import { and, eq, inArray, lt, not, sql } from 'drizzle-orm';
import { fill, MEDIA_FAILURE, MEDIA_MAX_ATTEMPTS, type MediaStatus, spokenDuration } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { cardVideos, cards, customerUploads, mediaAssets } from '../../db/schema.js';
import type { EventBus } from '../../platform/events.js';
import { backoffMs, claimNextJob, stillClaimed, type JobTable } from '../../platform/job-queue.js';
import type { Storage } from '../../platform/storage.js';
import { audienceOf } from '../../kernel/card-access.js';
import { ToolStopped } from './ffmpeg.js';
import { jobDeadline } from './job-deadline.js';
import { fetchLinkSource, type LinkImportSettings } from './link-job.js';
import type { MediaTools } from './media-tools.js';
import { MediaFailure } from './media-failure.js';
import { processVideo } from './process-video.js';
import { outputPrefix } from '../../kernel/media-view.js';
import { announceQcNotes, noteDeliveryQc } from '../delivery-qc/public.js';

/** The media jobs as the shared queue sees them. */
export const mediaQueue: JobTable = {
  table: mediaAssets,
  id: mediaAssets.id,
  nextAttemptAt: mediaAssets.nextAttemptAt,
  attempts: mediaAssets.attempts,
  doneAt: mediaAssets.doneAt,
  failedAt: mediaAssets.failedAt,
};

/** Where delivered videos are transcribed (issue 53): the AI toolbox's OpenAI-compatible endpoint. */
export interface TranscribeSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** The most audio one call carries; longer audio goes in parts. */
  partBytes: number;
}

export interface MediaWorkerContext {
  db: Db;
  storage: Storage;
  events: EventBus;
  tools: MediaTools;
  /** One job's time limit. */
  timeoutMs: number;
  /** The most memory one ffmpeg or ffprobe run may take, in MiB; undefined = no limit. */
  memoryMb?: number;
  /** How long a claim hides a job from other workers; the running worker renews it every third of that. */
  leaseMs: number;
  /** How delivery links that aren't ours are fetched before the job (issue 49). */
  linkImport: LinkImportSettings;
  /** Where delivered videos are transcribed (issue 53); undefined when AI_BASE_URL is not set. */
  transcribe?: TranscribeSettings;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** Tells everyone on the cards that show this video where it stands now (the player reloads when ready). */
async function announce(
  ctx: MediaWorkerContext,
  assetId: number,
  status: MediaStatus,
  progress: number,
  importing = false,
) {
  const rows = await ctx.db
    .select({ videoId: cardVideos.id, card: cards })
    .from(cardVideos)
    .innerJoin(cards, eq(cards.id, cardVideos.cardId))
    .where(eq(cardVideos.assetId, assetId));
  const byCard = new Map<number, { card: (typeof rows)[number]['card']; videoIds: number[] }>();
  for (const row of rows) {
    const entry = byCard.get(row.card.id) ?? { card: row.card, videoIds: [] };
    entry.videoIds.push(row.videoId);
    byCard.set(row.card.id, entry);
  }
  for (const { card, videoIds } of byCard.values()) {
    await ctx.events.publish({
      type: 'media.updated',
      cardId: card.id,
      audience: audienceOf(card),
      data: { video_ids: videoIds, status, progress, importing },
    });
  }
}

/** A card delivers the asset, or it is a finished file on the upload page (found by its storage key). */
const inUse = sql`(exists (select 1 from ${cardVideos} where ${cardVideos.assetId} = ${mediaAssets.id})
  or exists (select 1 from ${customerUploads} where ${customerUploads.key} = ${mediaAssets.sourceKey} and ${customerUploads.status} = 'complete'))`;

/**
 * Drops assets nothing uses any more (the link changed, the card or the uploaded file was deleted) with their outputs;
 * a worker still on one finds its row gone at its next renewal and stops.
 */
export async function dropUnusedAssets(ctx: Pick<MediaWorkerContext, 'db' | 'storage'>, limit = 20) {
  const gone = await ctx.db
    .delete(mediaAssets)
    .where(
      inArray(
        mediaAssets.id,
        ctx.db
          .select({ id: mediaAssets.id })
          .from(mediaAssets)
          .where(
            and(
              not(inUse),
              // A row is written in the same transaction as its card video; the minute spares one mid-write elsewhere.
              lt(mediaAssets.createdAt, sql`now() - interval '1 minute'`),
            ),
          )
          .limit(limit),
      ),
    )
    .returning({ id: mediaAssets.id, sourceKey: mediaAssets.sourceKey, sourceUrl: mediaAssets.sourceUrl });
  for (const { id, sourceKey, sourceUrl } of gone) {
    await ctx.storage.removePrefix(outputPrefix(id));
    // A fetched link's file is ours alone; an uploaded file belongs to its upload and stays.
    if (sourceUrl !== null) await ctx.storage.remove(sourceKey);
  }
  return gone.length;
}

/** What an attempt that ends without finishing leaves of its early outputs (issue 49): nothing. */
const noPartial = { probe: null, outputs: null };

const stillOurs = (id: number, attempt: number) => stillClaimed(mediaQueue, id, attempt);

/**
 * Claims and runs the next due job, if any. At least once: a worker that dies leaves its claim to run
 * out, and the job comes back with its attempt counted; outputs go to a folder per attempt, and only the
 * attempt that still holds the claim records them, so a job is never finished twice.
 */
export async function runNextMediaJob(ctx: MediaWorkerContext, shutdown?: AbortSignal): Promise<boolean> {
  const id = await claimNextJob(ctx.db, mediaQueue, { skip: [], claimMs: ctx.leaseMs });
  if (id === undefined) return false;
  const [row] = await ctx.db.select().from(mediaAssets).where(eq(mediaAssets.id, id));
  if (!row) return true;
  const attempt = row.attempts;
  const mine = stillOurs(id, attempt);

  if (attempt > MEDIA_MAX_ATTEMPTS) {
    // Every attempt so far ended with its worker gone (a crash, a kill): stop offering it.
    await ctx.db
      .update(mediaAssets)
      .set({
        status: 'failed',
        failedAt: new Date(),
        error: fill(MEDIA_FAILURE.stoppedEachTry, { attempts: String(MEDIA_MAX_ATTEMPTS) }),
        ...noPartial,
        updatedAt: new Date(),
      })
      .where(mine);
    await announce(ctx, id, 'failed', row.progress);
    return true;
  }

  // An earlier attempt's early outputs are in its own folder, which this attempt does not keep.
  await ctx.db
    .update(mediaAssets)
    .set({ status: 'processing', progress: 0, ...noPartial, updatedAt: new Date() })
    .where(mine);
  await announce(ctx, id, 'processing', 0);

  const abort = new AbortController();
  const onShutdown = () => abort.abort();
  shutdown?.addEventListener('abort', onShutdown, { once: true });
  let progress = 0;
  let told = { at: Date.now(), progress: 0 };
  const renew = async () => {
    const [kept] = await ctx.db
      .update(mediaAssets)
      .set({ nextAttemptAt: sql`now() + ${`${ctx.leaseMs} milliseconds`}::interval`, progress, updatedAt: new Date() })
      .where(and(mine, inUse))
      .returning({ id: mediaAssets.id });
    if (!kept) abort.abort();
  };
  // A live event per 5 % or 2 s at most: enough for a moving bar, no flood.
  const report = (percent: number, importing: boolean) => {
    progress = percent;
    if (percent - told.progress >= 5 || Date.now() - told.at >= 2_000) {
      told = { at: Date.now(), progress: percent };
      void announce(ctx, id, 'processing', percent, importing).catch(() => {});
    }
  };
  const renewal = setInterval(
    () => {
      void renew().catch((err: unknown) => ctx.log.warn({ err, assetId: id }, 'media job lease renewal failed'));
    },
    Math.max(250, Math.floor(ctx.leaseMs / 3)),
  );

  try {
    if (row.sourceUrl !== null && row.importedAt === null) {
      // The link's file first, under the same limit and cancel as the rest; its progress counts the fetch.
      await announce(ctx, id, 'processing', 0, true);
      const fetching = jobDeadline(ctx.timeoutMs, abort.signal);
      await fetchLinkSource(ctx, row, attempt, fetching.signal, (percent) => report(percent, true)).finally(() =>
        fetching.dispose(),
      );
      progress = 0;
      told = { at: Date.now(), progress: 0 };
      await announce(ctx, id, 'processing', 0);
    }
    const result = await processVideo(
      { assetId: id, attempt, sourceKey: row.sourceKey },
      {
        storage: ctx.storage,
        tools: ctx.tools,
        timeoutMs: ctx.timeoutMs,
        memoryMb: ctx.memoryMb,
        signal: abort.signal,
        onToolError(step, stderr) {
          ctx.log.warn({ assetId: id, attempt, step, stderr: stderr.slice(-1_000) }, 'media job: ffmpeg failed');
        },
        async onPartial(partial) {
          // The first proxy (then the scrub track and waveform) plays while the larger proxies are made (issue 49).
          try {
            const [shown] = await ctx.db
              .update(mediaAssets)
              .set({ probe: partial.probe, outputs: partial.outputs, updatedAt: new Date() })
              .where(and(mine, eq(mediaAssets.status, 'processing')))
              .returning({ id: mediaAssets.id });
            if (shown) await announce(ctx, id, 'processing', progress);
          } catch (err) {
            ctx.log.warn({ err, assetId: id, attempt }, 'media job: early outputs not recorded');
          }
        },
        onProgress: (percent) => report(percent, false),
      },
    );
    clearInterval(renewal);
    const { done, noted } = await ctx.db.transaction(async (tx) => {
      const [done] = await tx
        .update(mediaAssets)
        .set({
          status: 'ready',
          progress: 100,
          error: null,
          probe: result.probe,
          outputs: result.outputs,
          qc: result.qc,
          doneAt: new Date(),
          updatedAt: new Date(),
        })
        .where(mine)
        .returning({ id: mediaAssets.id });
      // The cards already delivering the video get its QC notes with it (the others when they deliver it).
      return { done, noted: done && result.qc ? await noteDeliveryQc(tx, { assetId: id }) : [] };
    });
    if (!done) {
      await ctx.storage.removePrefix(outputPrefix(id, attempt));
      return true;
    }
    // Earlier attempts that died midway may have left files.
    for (let earlier = 1; earlier < attempt; earlier++) await ctx.storage.removePrefix(outputPrefix(id, earlier));
    await announce(ctx, id, 'ready', 100);
    await announceQcNotes(ctx.events, noted);
  } catch (e) {
    clearInterval(renewal);
    // Early outputs are dropped with the folder they point into; a row another attempt holds is not ours to change.
    await ctx.db
      .update(mediaAssets)
      .set(noPartial)
      .where(mine)
      .catch(() => {});
    await ctx.storage.removePrefix(outputPrefix(id, attempt)).catch(() => {});
    if (e instanceof ToolStopped && e.reason === 'aborted') {
      // A worker shutting down hands its job back at once; one that lost its claim leaves the row alone.
      if (shutdown?.aborted)
        await ctx.db
          .update(mediaAssets)
          .set({
            status: 'queued',
            progress: 0,
            attempts: attempt - 1,
            nextAttemptAt: new Date(),
            updatedAt: new Date(),
          })
          .where(mine);
      return true;
    }
    // What people read is ours alone: a retried error's own text (a path, a stack) goes to the log only.
    const permanent =
      e instanceof MediaFailure
        ? e.message
        : e instanceof ToolStopped
          ? fill(MEDIA_FAILURE.timedOut, { limit: spokenDuration(ctx.timeoutMs) })
          : attempt >= MEDIA_MAX_ATTEMPTS
            ? fill(MEDIA_FAILURE.stoppedEachTry, { attempts: String(attempt) })
            : null;
    if (!(e instanceof MediaFailure)) ctx.log.warn({ err: e, assetId: id, attempt }, 'media job failed');
    const [changed] = await ctx.db
      .update(mediaAssets)
      .set(
        permanent
          ? { status: 'failed', error: permanent, failedAt: new Date(), updatedAt: new Date() }
          : {
              status: 'queued',
              progress: 0,
              nextAttemptAt: new Date(Date.now() + backoffMs(attempt)),
              updatedAt: new Date(),
            },
      )
      .where(mine)
      .returning({ id: mediaAssets.id });
    if (changed) await announce(ctx, id, permanent ? 'failed' : 'queued', 0);
  } finally {
    shutdown?.removeEventListener('abort', onShutdown);
  }
  return true;
}
