import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import {
  assignCard,
  changeContentId,
  changeLink,
  recordCardEvent,
  setSrtFile,
  updateDueDate,
} from './card-details.service.js';

export const cardDetailsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const routes = API.cardDetails;
    serve(app, routes.assign, ({ user, body }) => assignCard(ctx, user, body.card_id, body.assign_to));
    serve(app, routes.dueDate, ({ user, body }) => updateDueDate(ctx, user, body.card_id, body.due_date));
    serve(app, routes.changeLink, ({ user, body }) => changeLink(ctx, user, body));
    serve(app, routes.contentId, ({ user, body }) => changeContentId(ctx, user, body.card_id, body.contentId));
    serve(app, routes.srtFile, ({ user, params, body }) => setSrtFile(ctx, user, params.id, body.srt_file));
    serve(app, routes.event, ({ user, params, query }) => recordCardEvent(ctx, user, params.id, query.type));
  };
