import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { firstPassReport } from './first-pass.service.js';
import { activeReasons, allReasons, createReason, reorderReasons, updateReason } from './revision-reasons.service.js';

/** The admin's revision reasons and the dashboard's first-pass section (issue 20, docs/reporting.md). */
export const revisionReasonsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const routes = API.revisionReasons;
    serve(app, routes.list, () => activeReasons(ctx.db));
    serve(app, routes.adminList, () => allReasons(ctx.db));
    serve(app, routes.create, ({ body }) => createReason(ctx.db, body));
    serve(app, routes.update, ({ params, body }) => updateReason(ctx.db, params.key, body));
    serve(app, routes.reorder, ({ body }) => reorderReasons(ctx.db, body));
    serve(app, routes.firstPass, ({ user, query, zone }) => firstPassReport(ctx.db, user, query, zone));
  };
