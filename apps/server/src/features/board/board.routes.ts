import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { requestAllowance } from '../../kernel/request-allowance.js';
import { getCardCounts, getCards } from './board.service.js';

export const boardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The board's hot call: its reply is written by a compiled serializer (docs/performance.md).
    serve(app, API.board.cards, ({ user, body, zone }) => getCards(ctx, user, body, zone), {
      compiledReply: true,
    });
    serve(app, API.board.counts, ({ user, body, zone }) => getCardCounts(ctx, user, body, zone));
    // An admin creating for a customer is checked against that customer when the card is created.
    serve(app, API.board.allowance, async ({ user }) =>
      user.role === 'customer'
        ? requestAllowance(ctx.db, user.id)
        : { used: 0, limit: null, blocked: null, message: null },
    );
  };
