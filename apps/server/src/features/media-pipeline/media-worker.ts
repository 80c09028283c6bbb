import { startPolling } from '../../platform/job-queue.js';
import { sweepJobFolders } from './job-folders.js';
import { dropUnusedAssets, runNextMediaJob, type MediaWorkerContext } from './media-jobs.js';
import { runNextGuestCopyJob } from './guest-copy-job.js';
import { queueTranscripts, runNextTranscriptJob } from './transcribe-job.js';

/**
 * `concurrency` job loops in this process (MEDIA_CONCURRENCY), each polling the queue: the API process by
 * default, `npm run worker` on other machines. The claims keep any number of them apart.
 */
export function startMediaWorker(ctx: MediaWorkerContext, concurrency: number, pollMs: number) {
  const shutdown = new AbortController();
  // Before the first job: what crashed or killed jobs of this machine left behind.
  const swept = sweepJobFolders()
    .then((names) => {
      if (names.length > 0)
        ctx.log.info({ folders: names }, `media worker: removed ${names.length} orphaned job folders`);
    })
    .catch((err: unknown) => ctx.log.warn({ err }, 'media worker: could not sweep job folders'));
  const loops = Array.from({ length: concurrency }, (_, slot) =>
    startPolling(
      async (stopped) => {
        await swept;
        if (slot === 0) await dropUnusedAssets(ctx);
        if (slot === 0 && ctx.transcribe) await queueTranscripts(ctx);
        // Next job at once while there is work; a guest's marked copy waits for the videos themselves.
        while (
          !stopped() &&
          ((await runNextMediaJob(ctx, shutdown.signal)) ||
            (await runNextGuestCopyJob(ctx, shutdown.signal)) ||
            (await runNextTranscriptJob(ctx, shutdown.signal)))
        ) {
          // Next job.
        }
      },
      pollMs,
      (err) => ctx.log.warn({ err }, 'media worker tick failed'),
    ),
  );
  return {
    async stop() {
      shutdown.abort();
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}
