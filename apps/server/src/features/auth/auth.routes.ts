import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import { MSG } from '@cutroom/domain';
import type { AppContext } from '../../platform/context.js';
import { clearSessionCookie, isWebClient, revokeSession, setSessionCookie } from '../../platform/auth.js';
import { serve } from '../../platform/routes.js';
import {
  changePassword,
  confirmPasswordReset,
  createAccountLimits,
  login,
  me,
  requestPasswordReset,
  signup,
  verifyEmail,
} from './auth.service.js';

/** Per-address limits (the per-account ones live in the service). */
const perIp = (max: number, minutes: number) => ({ config: { rateLimit: { max, timeWindow: minutes * 60_000 } } });

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limits = createAccountLimits(ctx.counters);
    const secureCookie = ctx.config.publicUrl.startsWith('https:');
    const routes = API.auth;

    serve(app, routes.signup, ({ body }) => signup(ctx, body), perIp(10, 15));
    serve(app, routes.verifyEmail, ({ body }) => verifyEmail(ctx, body.emailToken), perIp(20, 1));
    // No per-call limit: the service counts failed logins per address, so successes never use it up.
    serve(
      app,
      routes.login,
      async ({ body, request, reply }) => {
        const session = await login(ctx, limits, body, {
          address: request.ip,
          userAgent: request.headers['user-agent'],
        });
        const base = { client_type: session.client_type, timezone: session.timezone };
        if (isWebClient(request)) {
          setSessionCookie(reply, session.token, session.remember, secureCookie);
          return base;
        }
        return { ...base, access_token: session.token };
      },
      { config: { limitedInService: true } },
    );
    serve(app, routes.logout, async ({ user, reply }) => {
      if (user) await revokeSession(ctx, { userId: user.id, sessionId: user.sessionId });
      clearSessionCookie(reply, secureCookie);
      return { message: MSG.loggedOut };
    });
    serve(app, routes.me, ({ user }) => me(ctx, user));
    serve(app, routes.websiteUser, async ({ user }) => ({ data: await me(ctx, user, { details: true }) }));
    serve(app, routes.passwordReset, ({ body }) => requestPasswordReset(ctx, limits, body.email), perIp(10, 15));
    serve(app, routes.passwordResetConfirm, ({ body }) => confirmPasswordReset(ctx, body), perIp(10, 15));
    serve(app, routes.changePassword, ({ user, body }) => changePassword(ctx, user, body));
  };
