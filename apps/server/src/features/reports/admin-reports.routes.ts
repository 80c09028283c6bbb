import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain';
import type { AppContext } from '../../platform/context.js';
import { csvDownload } from '../../platform/csv.js';
import { serve } from '../../platform/routes.js';
import { zoneOf } from '../../platform/time-zone.js';
import { exportCardsCsv, listExportCards } from './export-cards.service.js';
import { listCustomerRatings, listUpdatedRatings } from './rating-lists.service.js';
import { assignNewQa, getRatingCard, updateRating } from './ratings.service.js';

/** Rating admin (/rating) and Export Cards (/exportCards): spec 002 §2 "Rating admin", "Export". */
export const adminReportsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, API.reports.getCard, ({ user, body }) => getRatingCard(ctx.db, user, body.card_id));
    serve(app, API.reports.ratingUpdate, ({ user, body }) => updateRating(ctx, user, body));
    serve(app, API.reports.assignNewQa, ({ user, body }) => assignNewQa(ctx, user, body));
    serve(app, API.reports.updatedRatings, ({ query, request }) =>
      listUpdatedRatings(ctx.db, query, zoneOf(request.headers['user-time-zone'])),
    );
    serve(app, API.reports.customerRatings, ({ query }) => listCustomerRatings(ctx.db, query));
    serve(app, API.reports.exportCards, ({ user, query, request }) =>
      listExportCards(ctx.db, user, query, zoneOf(request.headers['user-time-zone'])),
    );
    serve(app, API.reports.exportCardsCsv, async ({ user, query, request, reply }) => {
      const csv = await exportCardsCsv(ctx.db, user, query, zoneOf(request.headers['user-time-zone']));
      void reply.headers(csvDownload(csv.filename));
      return csv.stream;
    });
  };
