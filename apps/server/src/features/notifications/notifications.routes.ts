import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import {
  deleteOld,
  latestNotifications,
  listNotifications,
  markRead,
  notificationTypes,
  notificationsCount,
  readHistory,
  zoneFor,
} from './notifications.service.js';

export const notificationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const routes = API.notifications;
    serve(app, routes.latest, ({ user }) => latestNotifications(ctx, user));
    serve(app, routes.count, ({ user }) => notificationsCount(ctx, user));
    serve(app, routes.list, ({ user, query, request }) =>
      listNotifications(ctx, user, query, zoneFor(request.headers['user-time-zone'], user)),
    );
    serve(app, routes.markRead, ({ user, body }) => markRead(ctx, user, body));
    serve(app, routes.deleteOld, ({ user }) => deleteOld(ctx, user));
    serve(app, routes.readHistory, ({ user, params }) => readHistory(ctx, user, params.uniqueId));
    serve(app, routes.types, () => notificationTypes());
  };
