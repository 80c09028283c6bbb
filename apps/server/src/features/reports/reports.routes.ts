import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain';
import type { AppContext } from '../../platform/context.js';
import { csvDownload } from '../../platform/csv.js';
import { serve } from '../../platform/routes.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { exportDueCardsCsv, listDueCards } from './due-cards.service.js';
import { adminReportsRoutes } from './admin-reports.routes.js';

export const reportsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(dashboardRoutes(ctx));
    await app.register(adminReportsRoutes(ctx));
    serve(app, API.reports.dueCards, ({ user, query }) => listDueCards(ctx.db, user, query));
    serve(app, API.reports.dueCardsBySpec, ({ user, query }) => listDueCards(ctx.db, user, query));
    serve(app, API.reports.dueCardsExport, async ({ user, query, reply }) => {
      const csv = await exportDueCardsCsv(ctx.db, user, query);
      void reply.headers(csvDownload('Export Cards.csv'));
      return csv;
    });
  };
