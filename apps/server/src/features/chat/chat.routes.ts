import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { Chat } from '@cutroom/domain';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { getChecklist, setWontFix } from './checklist.service.js';
import {
  deleteComment,
  editComment,
  listComments,
  markCommentComplete,
  postComment,
  reactToComment,
} from './chat.service.js';

export const chatRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { chat: routes } = API;
    for (const chat of ['customer', 'team', 'yt'] as const satisfies Chat[]) {
      const calls = routes[chat];
      serve(app, calls.comments, ({ user, params, query, zone }) =>
        listComments(ctx, user, params.id, chat, query, zone),
      );
      serve(app, calls.post, ({ user, params, body }) => postComment(ctx, user, params.id, chat, body));
      serve(app, calls.remove, ({ user, params, body }) => deleteComment(ctx, user, params.id, body.note_id, chat));
    }
    serve(app, routes.olderComments, ({ user, params, query: { calledFrom, ...query }, zone }) =>
      listComments(ctx, user, params.id, 'customer', { ...query, calledBy: calledFrom }, zone),
    );
    serve(app, routes.edit, ({ user, params, body }) => editComment(ctx, user, params.id, params.noteId, body.note));
    serve(app, routes.mark, ({ user, params, body }) =>
      markCommentComplete(ctx, user, params.id, body.note_id, body.status),
    );
    serve(app, routes.react, ({ user, params, body }) =>
      reactToComment(ctx, user, params.id, body.note_id, body.status),
    );
    serve(app, routes.checklist, ({ user, params, query }) => getChecklist(ctx, user, params.id, query.chat));
    serve(app, routes.wontFix, ({ user, params, body }) => setWontFix(ctx, user, params.id, body));
    serve(app, routes.yt.mark, ({ user, params, body }) =>
      markCommentComplete(ctx, user, params.id, body.note_id, body.status, 'yt'),
    );
    serve(app, routes.yt.react, ({ user, params, body }) =>
      reactToComment(ctx, user, params.id, body.note_id, body.status, 'yt'),
    );
  };
