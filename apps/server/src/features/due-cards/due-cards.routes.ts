import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { csvDownload } from '../../platform/csv.js';
import { serve } from '../../platform/routes.js';
import { exportDueCardsCsv, listDueCards } from './due-cards.service.js';

/** Due cards (/dueCards): spec 002 §2 "Due cards". */
export const dueCardsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, API.dueCards.list, ({ user, query }) => listDueCards(ctx.db, user, query));
    serve(app, API.dueCards.bySpec, ({ user, query }) => listDueCards(ctx.db, user, query));
    serve(app, API.dueCards.csv, async ({ user, query, reply }) => {
      const csv = await exportDueCardsCsv(ctx.db, user, query);
      void reply.headers(csvDownload('Export Cards.csv'));
      return csv;
    });
  };
