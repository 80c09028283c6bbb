import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { analyticsStatus, connectGoogle, disconnectGoogle, readAnalytics, startSignIn } from './analytics.service.js';

/** YouTube analytics: Google sign-in (PKCE), stored tokens, and the channel's figures (docs/youtube-analytics.md). */
export const analyticsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const routes = API.analytics;
    serve(app, routes.status, ({ user, query }) => analyticsStatus(ctx, user, query.clientId));
    serve(app, routes.authUrl, ({ user }) => startSignIn(ctx, user));
    serve(app, routes.accessToken, ({ user, body, request, zone }) =>
      connectGoogle(ctx, user, body, zone, request.log),
    );
    serve(app, routes.analytics, ({ user, params, query, request, zone }) =>
      readAnalytics(ctx, user, query.clientId, params.period, zone, request.log),
    );
    serve(app, routes.deleteTokens, ({ user, request }) => disconnectGoogle(ctx, user, request.log));
  };
