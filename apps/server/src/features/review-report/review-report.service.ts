import type { FastifyBaseLogger } from 'fastify';
import type { reviewReportQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { fileStem } from '../../platform/download.js';
import { reportData } from './report-data.js';
import { renderReport } from './report-pdf.js';

/** GET /api/card/:id/report.pdf: the frames grabbed first, so a failure answers before the PDF starts. */
export async function reviewReport(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  query: z.output<typeof reviewReportQuery>,
  zone: string,
  log: FastifyBaseLogger,
) {
  const data = await reportData(ctx, viewer, cardId, query, zone, log);
  return { body: renderReport(data), filename: `${fileStem(data.title)}-review.pdf` };
}
