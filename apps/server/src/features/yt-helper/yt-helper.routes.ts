import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { getYtCards } from './yt-board.service.js';
import { assignYtHelper, updateYtDescription, updateYtDueDate } from './yt-card.service.js';
import { ytMarkComplete, ytPlainMove, ytRevision, ytSkipAssets, ytSubmitAssets } from './yt-moves.service.js';

/** The helper board and the helper half of a card (its chat is registered with the other chats). */
export const ytHelperRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const routes = API.ytHelper;
    serve(app, routes.cards, ({ user, body }) => getYtCards(ctx, user, body));
    serve(app, routes.move, ({ user, params, body }) => ytPlainMove(ctx, user, params.id, body));
    serve(app, routes.internalMove, ({ user, params, body }) => ytPlainMove(ctx, user, params.id, body));
    serve(app, routes.done, ({ user, params, body }) => ytSubmitAssets(ctx, user, params.id, body));
    serve(app, routes.doneSkip, ({ user, params, body }) => ytSkipAssets(ctx, user, params.id, body));
    serve(app, routes.markComplete, ({ user, params, body }) => ytMarkComplete(ctx, user, params.id, body));
    serve(app, routes.revision, ({ user, params, body }) => ytRevision(ctx, user, params.id, body));
    serve(app, routes.assign, ({ user, body }) => assignYtHelper(ctx, user, body.card_id, body.assign_to));
    serve(app, routes.dueDate, ({ user, body }) => updateYtDueDate(ctx, user, body.card_id, body.due_date));
    serve(app, routes.description, ({ user, body }) => updateYtDescription(ctx, user, body));
    serve(app, routes.descriptionNoSlash, ({ user, body }) => updateYtDescription(ctx, user, body));
  };
