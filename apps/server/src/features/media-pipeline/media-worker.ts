import { startPolling } from '../../platform/job-queue.js';
import { dropUnusedAssets, runNextMediaJob, type MediaWorkerContext } from './media-jobs.js';

/**
 * `concurrency` job loops in this process (MEDIA_CONCURRENCY), each polling the queue: the API process by
 * default, `npm run worker` on other machines. The claims keep any number of them apart.
 */
export function startMediaWorker(ctx: MediaWorkerContext, concurrency: number, pollMs: number) {
  const shutdown = new AbortController();
  const loops = Array.from({ length: concurrency }, (_, slot) =>
    startPolling(
      async (stopped) => {
        if (slot === 0) await dropUnusedAssets(ctx);
        while (!stopped() && (await runNextMediaJob(ctx, shutdown.signal))) {
          // Next job at once while there is work.
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
