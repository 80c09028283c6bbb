import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import {
  createThread,
  deleteMessage,
  editMessage,
  handleStatus,
  listThreads,
  loadChat,
  markLatestSeen,
  markSeen,
  sendMessage,
  unseenCount,
} from './inbox.service.js';

export const inboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const routes = API.inbox;
    serve(app, routes.create, ({ user, body }) => createThread(ctx, user, body));
    serve(app, routes.list, ({ user, params, query }) => listThreads(ctx, user, params.status, query));
    serve(app, routes.chat, ({ user, params, query, zone }) => loadChat(ctx, user, params.id, query, zone));
    serve(app, routes.send, ({ user, body }) => sendMessage(ctx, user, body));
    serve(app, routes.edit, ({ user, body }) => editMessage(ctx, user, body.chatId, body.id, body.note));
    serve(app, routes.remove, ({ user, body }) => deleteMessage(ctx, user, body.chat_id, body.id));
    serve(app, routes.status, ({ user, body }) => handleStatus(ctx, user, body));
    serve(app, routes.seenMessages, ({ user, body }) => markSeen(ctx, user, body.chat_id ?? undefined));
    serve(app, routes.seenLatest, ({ user, body }) => markLatestSeen(ctx, user, body.id, body.seen));
    serve(app, routes.unseen, async ({ user }) => ({ count: await unseenCount(ctx.db, user) }));
  };
