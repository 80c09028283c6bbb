import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { clientDashboard } from './client-dashboard.service.js';
import { artDashboardData, helperResponseRate, qaResponseRate } from './comment-stats.service.js';
import { exportComments } from './comments-export.service.js';
import { csat } from './csat.service.js';
import { dashboardData } from './dashboard.service.js';

/** Dashboards, each person's response rate and CSAT, and comment exports (spec 002 §2 "Dashboards", docs/reporting.md). */
export const dashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const zone = (headers: Record<string, unknown>) => headers['user-time-zone'];
    serve(app, API.dashboard.staff, ({ user, query, request }) =>
      dashboardData(ctx.db, user, query, zone(request.headers)),
    );
    serve(app, API.dashboard.art, ({ user, query, request }) =>
      artDashboardData(ctx.db, user, query, zone(request.headers)),
    );
    serve(app, API.dashboard.client, ({ user, query, request }) =>
      clientDashboard(ctx.db, user, query, zone(request.headers)),
    );
    serve(app, API.dashboard.responseRate, ({ user, params, query, request }) =>
      qaResponseRate(ctx.db, user, params.userId, query, zone(request.headers)),
    );
    serve(app, API.dashboard.ytResponseRate, ({ user, params, query, request }) =>
      helperResponseRate(ctx.db, user, params.userId, query, zone(request.headers)),
    );
    serve(app, API.dashboard.csat, ({ user, params, query, request }) =>
      csat(ctx.db, user, params.userId, query, zone(request.headers)),
    );
    serve(app, API.dashboard.exportComments, ({ user, params, query, request }) =>
      exportComments(ctx.db, user, params.card_id, query, zone(request.headers), 'customer'),
    );
    serve(app, API.dashboard.ytExportComments, ({ user, params, query, request }) =>
      exportComments(ctx.db, user, params.card_id, query, zone(request.headers), 'yt'),
    );
  };
