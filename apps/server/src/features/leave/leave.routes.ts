import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { addLeave, deleteLeave, leaveHistory } from './leave.service.js';

export const leaveRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const routes = API.leave;
    serve(app, routes.add, ({ user, params, body }) => addLeave(ctx, user, params.id, body));
    serve(app, routes.history, ({ user, params }) => leaveHistory(ctx, user, params.id));
    serve(app, routes.remove, ({ params, query }) => deleteLeave(ctx, params.leaveId, query.client_id));
  };
