import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { startPolling } from '../../platform/job-queue.js';
import { queueDigests } from './digest.js';
import { deliverDue } from './outbox.js';
import { queueDueReminders } from './reminders.js';

const BATCH = 20;
/** Reminders and digests are worked out at most this often. */
const SCHEDULE_MS = 60_000;

/**
 * Sends the outbox every `pollMs` and queues due-date reminders and digests once a minute. Every
 * API instance runs one; the outbox's row claims keep them from sending a mail twice.
 */
export function startMailWorker(ctx: AppContext, log: FastifyBaseLogger, pollMs: number) {
  let lastSchedule = 0;
  const idDomain = new URL(ctx.config.publicUrl).hostname;

  async function tick(stopped: () => boolean) {
    if (Date.now() - lastSchedule >= SCHEDULE_MS) {
      lastSchedule = Date.now();
      await queueDueReminders(ctx.db, ctx.config.publicUrl);
      await queueDigests(ctx.db, ctx.config.publicUrl);
    }
    for (;;) {
      const { sent, failed } = await deliverDue(ctx.db, ctx.mailer, { limit: BATCH, idDomain, log });
      if (failed > 0) log.warn({ sent, failed }, 'mail delivery failed; will retry');
      if (stopped() || sent + failed < BATCH) break;
    }
  }

  return startPolling(tick, pollMs, (err) => log.warn({ err }, 'mail worker tick failed'));
}
