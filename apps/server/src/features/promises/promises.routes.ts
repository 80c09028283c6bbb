import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { previewPromise, promiseHitRate } from './promises.service.js';

/** Promise dates: the request form's preview and the dashboard's hit rate (docs/promise-dates.md). */
export const promisesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, API.promises.preview, ({ user, query }) => previewPromise(ctx, user, query));
    serve(app, API.promises.hitRate, ({ user, query, request }) =>
      promiseHitRate(ctx, user, query, request.headers['user-time-zone']),
    );
  };
