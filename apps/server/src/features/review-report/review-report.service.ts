import type { FastifyBaseLogger } from 'fastify';
import { REPORT_RENDERS_MAX, REPORT_RENDERS_WINDOW_MS, fill, REPORT_REFUSAL } from '@cutroom/domain';
import type { reviewReportQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import { createAttemptLimiter } from '../../platform/attempt-limiter.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { fileStem } from '../../platform/download.js';
import { loadChatCard } from '../chat/public.js';
import { NO_FRAME } from './report-content.js';
import { reportData } from './report-data.js';
import { createReportCache } from './report-cache.js';
import { reportState } from './report-state.js';
import { createRenderPool } from './render-pool.js';

/**
 * GET /api/card/:id/report.pdf for one server (issue 48): reports drawn in render threads, a few at a time; a
 * card's unchanged report served again from memory; each reader limited in the reports drawn for them.
 */
export function createReviewReports(ctx: AppContext) {
  const pool = createRenderPool(ctx.config.reports);
  const cache = createReportCache();
  // In ctx.counters, so every instance behind a balancer counts one limit (Redis when REDIS_URL is set).
  const renders = createAttemptLimiter(ctx.counters, {
    name: 'review-report',
    max: REPORT_RENDERS_MAX,
    windowMs: REPORT_RENDERS_WINDOW_MS,
  });

  /** Counts a drawing against the reader's limit; over it, 429 saying when they may ask again. */
  const countRender = async (viewer: SessionUser) => {
    const key = String(viewer.id);
    await renders.hit(key).catch(async (err: unknown) => {
      if (!(err instanceof AppError) || err.code !== 'RATE_LIMITED') throw err;
      const seconds = Math.max(1, Math.ceil((await renders.msLeft(key)) / 1000));
      const refused = new AppError(
        'RATE_LIMITED',
        fill(REPORT_REFUSAL.rendersLimit, { n: String(REPORT_RENDERS_MAX), s: String(seconds) }),
      );
      refused.retryAfterS = seconds;
      throw refused;
    });
  };

  return {
    /** The report as PDF bytes, and whether it was served from the cache ('hit') or drawn for this call ('miss'). */
    async make(
      viewer: SessionUser,
      cardId: number,
      query: z.output<typeof reviewReportQuery>,
      zone: string,
      log: FastifyBaseLogger,
    ) {
      // Who may read it is asked every time, before anything is served.
      const row = await loadChatCard(ctx, viewer, cardId, query.chat);
      const key = await reportState(ctx, viewer, row, query, zone);
      const cached = cache.get(key);
      if (cached) return { ...(await cached), cache: 'hit' as const };
      await countRender(viewer);
      const report = await cache.draw(key, async () => {
        const data = await reportData(ctx, row, query, zone, log);
        const pdf = await pool.render(data);
        // A frame that failed to read may read next time, and a card that changed while it was read may change
        // back (a note deleted): neither report is kept.
        const keep =
          !data.timed.some((e) => e.noFrame === NO_FRAME.unreadable) &&
          (await reportState(ctx, viewer, row, query, zone)) === key;
        return { report: { pdf, filename: `${fileStem(data.title)}-review.pdf` }, keep };
      });
      return { ...report, cache: 'miss' as const };
    },
    close: () => pool.close(),
  };
}
export type ReviewReports = ReturnType<typeof createReviewReports>;
