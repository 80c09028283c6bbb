import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import {
  customerDecides,
  reviewersCoverage,
  setApprovalRule,
  viewerCoverage,
  viewerWatched,
} from './approvals.service.js';
import { cardDownload, sendDownload } from './downloads.service.js';
import { canSendStored } from '../../platform/stored-files.js';

/** Approval rounds and download control (issue 52); a guest's decision and download are guest-links'. */
export const approvalsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, API.approvals.decide, ({ user, params, body }) => customerDecides(ctx, user, params.id, body));
    serve(app, API.approvals.watched, ({ user, params, body }) => viewerWatched(ctx, user, params.id, body));
    serve(app, API.approvals.myWatched, ({ user, params, query }) =>
      viewerCoverage(ctx, user, params.id, query.video_version),
    );
    serve(app, API.approvals.coverage, ({ user, params, query }) =>
      reviewersCoverage(ctx, user, params.id, query.video_version),
    );
    serve(app, API.approvals.rule, ({ user, params, body }) => setApprovalRule(ctx, user, params.id, body));
    await canSendStored(app, ctx.storage);
    serve(app, API.approvals.download, ({ user, params, query }) => cardDownload(ctx, user, params.id, query));
    serve(app, API.approvals.downloadFile, ({ query, reply }) => sendDownload(ctx, reply, query), {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    });
  };
