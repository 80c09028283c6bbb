import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { createUser, getUser, listUsers } from './users.service.js';
import { averageRating, deleteUser, renewSubscription, toggleSubscription, updateUser } from './user-admin.service.js';

export const usersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, API.users.create, ({ body }) => createUser(ctx.db, body));
    serve(app, API.users.get, ({ user, params }) => getUser(ctx.db, user, params.id));
    serve(app, API.users.list, async ({ user, query }) => {
      const { rows, count } = await listUsers(ctx.db, user, query, false);
      return { users: rows, count };
    });
    serve(app, API.users.customers, async ({ user, query }) => {
      const { rows, count } = await listUsers(ctx.db, user, query, true);
      return { customers: rows, count };
    });
    serve(app, API.users.update, ({ user, params, body }) => updateUser(ctx, user, params.id, body));
    serve(app, API.users.remove, ({ user, params }) => deleteUser(ctx, user, params.id));
    serve(app, API.users.toggleSubscription, ({ user, params, body }) =>
      toggleSubscription(ctx, user, params.id, body),
    );
    serve(app, API.users.renewSubscription, ({ user, params }) => renewSubscription(ctx, user, params.id));
    serve(app, API.users.averageRating, ({ user, params }) => averageRating(ctx, user, params.id));
  };
