import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { csvDownload } from '../../platform/csv.js';
import { serve } from '../../platform/routes.js';
import { exportCardsCsv, listExportCards } from './export-cards.service.js';

/** Export Cards (/exportCards): spec 002 §2 "Export". */
export const exportCardsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, API.exportCards.list, ({ user, query, zone }) => listExportCards(ctx.db, user, query, zone));
    serve(app, API.exportCards.csv, async ({ user, query, reply, zone }) => {
      const csv = await exportCardsCsv(ctx.db, user, query, zone);
      void reply.headers(csvDownload(csv.filename));
      return csv.stream;
    });
  };
