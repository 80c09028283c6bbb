import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { listCustomerRatings, listUpdatedRatings } from './rating-lists.service.js';
import { assignNewQa, getRatingCard, updateRating } from './ratings.service.js';

/** Rating admin (/rating): spec 002 §2 "Rating admin". */
export const ratingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, API.rating.getCard, ({ user, body }) => getRatingCard(ctx.db, user, body.card_id));
    serve(app, API.rating.update, ({ user, body }) => updateRating(ctx, user, body));
    serve(app, API.rating.assignNewQa, ({ user, body }) => assignNewQa(ctx, user, body));
    serve(app, API.rating.updated, ({ query, zone }) => listUpdatedRatings(ctx.db, query, zone));
    serve(app, API.rating.customers, ({ query }) => listCustomerRatings(ctx.db, query));
  };
