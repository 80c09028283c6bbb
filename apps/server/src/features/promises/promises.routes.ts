import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { previewPromise, promiseHitRate, refreshPromises } from './promises.service.js';

/** Waiting cards' dates move with the calendar too (a day passes with no change to the queue). */
const REFRESH_MS = 15 * 60_000;

/** Promise dates: the request form's preview and the dashboard's hit rate (docs/promise-dates.md). */
export const promisesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const refresh = () =>
      void refreshPromises(ctx.db).catch((err: unknown) => app.log.warn({ err }, 'refreshing promise dates failed'));
    app.addHook('onReady', async () => refresh());
    const timer = setInterval(refresh, REFRESH_MS).unref();
    app.addHook('onClose', async () => clearInterval(timer));
    serve(app, API.promises.preview, ({ user, query }) => previewPromise(ctx, user, query));
    serve(app, API.promises.hitRate, ({ user, query, zone }) => promiseHitRate(ctx, user, query, zone));
  };
