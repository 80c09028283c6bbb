import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { attachmentHeaders } from '../../platform/download.js';
import { serve } from '../../platform/routes.js';
import { createReviewReports } from './review-report.service.js';

/** The chat's review as a PDF (the contract keeps it in API.chat). */
export const reviewReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const reports = createReviewReports(ctx);
    app.addHook('onClose', () => reports.close());
    serve(
      app,
      API.chat.report,
      async ({ user, params, query, request, reply, zone }) => {
        const file = await reports.make(user, params.id, query, zone, request.log);
        // Whether this call drew the report or was served one drawn for the card as it still is.
        void reply.headers({ ...attachmentHeaders(file.filename, 'application/pdf'), 'x-report-cache': file.cache });
        return file.pdf;
      },
      { config: { limitedInService: true } },
    );
  };
