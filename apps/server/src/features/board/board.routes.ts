import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCardsBody, getCardsReply } from '@cutroom/domain';
import { currentUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { getCards } from './board.service.js';

export const boardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/getCards',
      {
        config: { access: 'user' },
        schema: {
          tags: ['board'],
          summary: 'Board and list pages: one column, or the first page of every column',
          body: getCardsBody,
          response: { 200: getCardsReply },
        },
      },
      async (request) => {
        const zone = request.headers['user-time-zone'];
        return getCards(ctx, currentUser(request), request.body, typeof zone === 'string' ? zone : undefined);
      },
    );
  };
