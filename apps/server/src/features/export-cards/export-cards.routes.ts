import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { csvDownload } from '../../platform/csv.js';
import { serve } from '../../platform/routes.js';
import { zoneOf } from '../../platform/time-zone.js';
import { exportCardsCsv, listExportCards } from './export-cards.service.js';

/** Export Cards (/exportCards): spec 002 §2 "Export". */
export const exportCardsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, API.exportCards.list, ({ user, query, request }) =>
      listExportCards(ctx.db, user, query, zoneOf(request.headers['user-time-zone'])),
    );
    serve(app, API.exportCards.csv, async ({ user, query, request, reply }) => {
      const csv = await exportCardsCsv(ctx.db, user, query, zoneOf(request.headers['user-time-zone']));
      void reply.headers(csvDownload(csv.filename));
      return csv.stream;
    });
  };
