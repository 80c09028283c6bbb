import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { getHandbook, getHelp, updateHandbook, updateHelp } from './help.service.js';

export const helpRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const routes = API.help;
    serve(app, routes.help, () => getHelp(ctx));
    serve(app, routes.updateHelp, ({ user, body }) => updateHelp(ctx, user, body));
    serve(app, routes.handbook, () => getHandbook(ctx));
    serve(app, routes.updateHandbook, ({ user, body }) => updateHandbook(ctx, user, body));
  };
