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
    serve(app, API.dashboard.staff, ({ user, query, zone }) => dashboardData(ctx.db, user, query, zone));
    serve(app, API.dashboard.art, ({ user, query, zone }) => artDashboardData(ctx.db, user, query, zone));
    serve(app, API.dashboard.client, ({ user, query, zone }) => clientDashboard(ctx.db, user, query, zone));
    serve(app, API.dashboard.responseRate, ({ user, params, query, zone }) =>
      qaResponseRate(ctx.db, user, params.userId, query, zone),
    );
    serve(app, API.dashboard.ytResponseRate, ({ user, params, query, zone }) =>
      helperResponseRate(ctx.db, user, params.userId, query, zone),
    );
    serve(app, API.dashboard.csat, ({ user, params, query, zone }) => csat(ctx.db, user, params.userId, query, zone));
    serve(app, API.dashboard.exportComments, ({ user, params, query, zone }) =>
      exportComments(ctx.db, user, params.card_id, query, zone, 'customer'),
    );
    serve(app, API.dashboard.ytExportComments, ({ user, params, query, zone }) =>
      exportComments(ctx.db, user, params.card_id, query, zone, 'yt'),
    );
  };
