import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { eq, sql } from 'drizzle-orm';
import { fill, MEDIA_FAILURE, MEDIA_MAX_ATTEMPTS, spokenDuration } from '@cutroom/domain';
import { guestCopies, mediaAssets } from '../../db/schema.js';
import { backoffMs, claimNextJob, stillClaimed, type JobTable } from '../../platform/job-queue.js';
import { outputPrefix } from '../../kernel/media-view.js';
import { runTool, ToolStopped } from './ffmpeg.js';
import { jobDeadline } from './job-deadline.js';
import { makeJobFolder } from './job-folders.js';
import { MediaFailure } from './media-failure.js';
import type { MediaWorkerContext } from './media-jobs.js';
import { markFontSize, watermarkArgs } from './plan.js';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Watermarked guest copies as the shared queue sees them. */
export const guestCopyQueue: JobTable = {
  table: guestCopies,
  id: guestCopies.id,
  nextAttemptAt: guestCopies.nextAttemptAt,
  attempts: guestCopies.attempts,
  doneAt: guestCopies.doneAt,
  failedAt: guestCopies.failedAt,
};

/** Where a copy is stored: in its asset's folder, so it goes when the video does; one name per attempt. */
export const guestCopyKey = (assetId: number, copyId: number, attempt: number) =>
  `${outputPrefix(assetId)}guest/${copyId}-${attempt}.mp4`;

/** A filter option's value may not hold the graph's separators: the job folder is ours, but TMPDIR is the system's. */
const filterSafe = (file: string) => {
  if (!/^[\w./-]+$/.test(file)) throw new Error(`the scratch folder ${file} has characters a filter can't take`);
  return file;
};

const stillOurs = (id: number, attempt: number) => stillClaimed(guestCopyQueue, id, attempt);

/**
 * Claims and makes the next due guest copy, if any: the asset's largest proxy with the mark burned in. The claim
 * outlasts the job's time limit, so a worker that dies leaves it to run out and the copy comes back, its attempt counted.
 */
export async function runNextGuestCopyJob(ctx: MediaWorkerContext, shutdown?: AbortSignal): Promise<boolean> {
  const id = await claimNextJob(ctx.db, guestCopyQueue, { skip: [], claimMs: ctx.timeoutMs + 60_000 });
  if (id === undefined) return false;
  const [row] = await ctx.db
    .select({ copy: guestCopies, asset: mediaAssets })
    .from(guestCopies)
    .innerJoin(mediaAssets, eq(mediaAssets.id, guestCopies.assetId))
    .where(eq(guestCopies.id, id));
  if (!row) return true;
  const { copy, asset } = row;
  const attempt = copy.attempts;
  const mine = stillOurs(id, attempt);
  const fail = (error: string) =>
    ctx.db.update(guestCopies).set({ status: 'failed', error, failedAt: new Date() }).where(mine);

  if (attempt > MEDIA_MAX_ATTEMPTS) {
    await fail(fill(MEDIA_FAILURE.stoppedEachTry, { attempts: String(MEDIA_MAX_ATTEMPTS) }));
    return true;
  }
  const largest = asset.outputs?.proxies.reduce((a, b) => (a.height >= b.height ? a : b));
  if (asset.status !== 'ready' || !largest || !asset.probe) {
    // The video is being made again: this copy waits for it, its attempt not counted.
    await ctx.db
      .update(guestCopies)
      .set({ status: 'queued', attempts: attempt - 1, nextAttemptAt: sql`now() + interval '30 seconds'` })
      .where(mine);
    return true;
  }
  await ctx.db.update(guestCopies).set({ status: 'processing' }).where(mine);

  const abort = new AbortController();
  const onShutdown = () => abort.abort();
  shutdown?.addEventListener('abort', onShutdown, { once: true });
  const deadline = jobDeadline(ctx.timeoutMs, abort.signal);
  const dir = await makeJobFolder(asset.id);
  const key = guestCopyKey(asset.id, id, attempt);
  try {
    const input = await ctx.storage.localCopy(largest.key, dir, deadline.signal).catch((e: NodeJS.ErrnoException) => {
      throw e.code === 'ENOENT' ? new MediaFailure(MEDIA_FAILURE.missing) : e;
    });
    const font = path.join(filterSafe(dir), 'mark.ttf');
    const text = path.join(dir, 'mark.txt');
    await fs.promises.copyFile(FONT, font);
    await fs.promises.writeFile(text, copy.mark);
    const out = path.join(dir, 'copy.mp4');
    const args = watermarkArgs(asset.probe, largest, { input, font, text, out }, markFontSize(largest, copy.mark));
    const result = await runTool(ctx.tools.ffmpeg, args, {
      timeoutMs: deadline.left(),
      signal: deadline.signal,
      memoryMb: ctx.memoryMb,
    });
    if (result.code !== 0) {
      ctx.log.warn({ copyId: id, stderr: result.stderr.slice(-1_000) }, 'guest copy: ffmpeg failed');
      throw new MediaFailure(fill(MEDIA_FAILURE.failed, { detail: 'the marked copy could not be encoded' }));
    }
    await ctx.storage.put(key, fs.createReadStream(out), { mime: 'video/mp4', inline: true });
    const [done] = await ctx.db
      .update(guestCopies)
      .set({ status: 'ready', key, height: largest.height, error: null, doneAt: new Date() })
      .where(mine)
      .returning({ id: guestCopies.id });
    if (!done) await ctx.storage.remove(key);
  } catch (e) {
    await ctx.storage.remove(key).catch(() => {});
    if (e instanceof ToolStopped && e.reason === 'aborted') {
      // A worker shutting down hands the copy back at once, its attempt not counted.
      if (shutdown?.aborted)
        await ctx.db
          .update(guestCopies)
          .set({ status: 'queued', attempts: attempt - 1, nextAttemptAt: new Date() })
          .where(mine);
      return true;
    }
    const permanent =
      e instanceof MediaFailure
        ? e.message
        : e instanceof ToolStopped
          ? fill(MEDIA_FAILURE.timedOut, { limit: spokenDuration(ctx.timeoutMs) })
          : attempt >= MEDIA_MAX_ATTEMPTS
            ? fill(MEDIA_FAILURE.stoppedEachTry, { attempts: String(attempt) })
            : null;
    if (!(e instanceof MediaFailure)) ctx.log.warn({ err: e, copyId: id, attempt }, 'guest copy failed');
    if (permanent) await fail(permanent);
    else
      await ctx.db
        .update(guestCopies)
        .set({ status: 'queued', nextAttemptAt: new Date(Date.now() + backoffMs(attempt)) })
        .where(mine);
  } finally {
    deadline.dispose();
    shutdown?.removeEventListener('abort', onShutdown);
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
  return true;
}
