import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import {
  createCard,
  enableRepurpose,
  enableYtHelper,
  getCard,
  titleSuggestions,
  updateCard,
  updateTitle,
} from './cards.service.js';

export const cardsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { cards } = API;
    serve(app, cards.create, ({ user, body }) => createCard(ctx, user, body));
    serve(app, cards.get, ({ user, params }) => getCard(ctx, user, params.id));
    serve(app, cards.detail, ({ user, params }) => getCard(ctx, user, params.id));
    serve(app, cards.update, ({ user, params, body }) => updateCard(ctx, user, params.id, body));
    serve(app, cards.updateTitle, ({ user, params, body }) => updateTitle(ctx, user, params.id, body));
    serve(app, cards.titles, ({ user, query }) => titleSuggestions(ctx, user, query.title));
    serve(app, cards.enableRepurpose, ({ user, params, body }) => enableRepurpose(ctx, user, params.id, body));
    serve(app, cards.enableYtHelper, ({ user, params }) => enableYtHelper(ctx, user, params.id));
  };
