import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { exportDueCardsCsv, listDueCards } from './due-cards.service.js';

export const reportsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(dashboardRoutes(ctx));
    serve(app, API.reports.dueCards, ({ user, query }) => listDueCards(ctx.db, user, query));
    serve(app, API.reports.dueCardsExport, async ({ user, query, reply }) => {
      const csv = await exportDueCardsCsv(ctx.db, user, query);
      // A string reply is sent as it is; the headers make it the spec's 'Export Cards.csv' download.
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="Export Cards.csv"');
      return csv;
    });
  };
