import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  loginBody,
  loginReply,
  messageReply,
  passwordResetBody,
  passwordResetConfirmBody,
  profileBody,
  signupBody,
  signupReply,
  statusMessageReply,
  userView,
  verifyBody,
} from '@cutroom/domain';
import type { AppContext } from '../../platform/context.js';
import { clearSessionCookie, currentUser, isWebClient, revokeSession, setSessionCookie } from '../../platform/auth.js';
import {
  changePassword,
  confirmPasswordReset,
  createAccountLimits,
  login,
  me,
  requestPasswordReset,
  signup,
  updateOwnProfile,
  verifyEmail,
} from './auth.service.js';

/** Per-address limits (the per-account ones live in the service). */
const perIp = (max: number, minutes: number) => ({ rateLimit: { max, timeWindow: minutes * 60_000 } });

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limits = createAccountLimits(ctx.counters);
    const secureCookie = ctx.config.publicUrl.startsWith('https:');

    app.post(
      '/api/signup',
      {
        config: { access: 'public', ...perIp(10, 15) },
        schema: {
          tags: ['auth'],
          summary: 'Customer self sign-up; mails a verification link',
          body: signupBody,
          response: { 201: signupReply },
        },
      },
      async (request, reply) => reply.status(201).send(await signup(ctx, request.body)),
    );

    app.post(
      '/api/verify-email-address',
      {
        config: { access: 'public', ...perIp(20, 1) },
        schema: {
          tags: ['auth'],
          summary: 'Confirm an email address from its mailed token',
          body: verifyBody,
          response: { 200: statusMessageReply },
        },
      },
      async (request) => verifyEmail(ctx, request.body.emailToken),
    );

    app.post(
      '/api/login',
      {
        config: { access: 'public', ...perIp(30, 1) },
        schema: {
          tags: ['auth'],
          summary:
            'Log in. API clients get a bearer token; the web app (X-Requested-With: cutroom-web) gets an httpOnly cookie instead',
          body: loginBody,
          response: { 200: loginReply },
        },
      },
      async (request, reply) => {
        const session = await login(ctx, limits, request.body, {
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
    );

    app.post(
      '/api/logout',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], summary: 'End the current session', response: { 200: messageReply } },
      },
      async (request, reply) => {
        if (request.user) await revokeSession(ctx, { userId: request.user.id, sessionId: request.user.sessionId });
        clearSessionCookie(reply, secureCookie);
        return { message: 'Logged out' };
      },
    );

    app.get(
      '/api/me',
      {
        config: { access: 'user' },
        schema: { tags: ['auth'], summary: 'The logged-in user', response: { 200: userView } },
      },
      async (request) => me(ctx, currentUser(request)),
    );

    app.post(
      '/api/user/password-reset',
      {
        config: { access: 'public', ...perIp(10, 15) },
        schema: {
          tags: ['auth'],
          summary: 'Mail a password reset link',
          body: passwordResetBody,
          response: { 200: messageReply },
        },
      },
      async (request) => requestPasswordReset(ctx, limits, request.body.email),
    );

    app.post(
      '/api/user/password-reset/confirm',
      {
        config: { access: 'public', ...perIp(10, 15) },
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with the mailed token; signs out every session',
          body: passwordResetConfirmBody,
          response: { 200: messageReply },
        },
      },
      async (request) => confirmPasswordReset(ctx, request.body),
    );

    app.put(
      '/api/change-password',
      {
        config: { access: 'user' },
        schema: {
          tags: ['auth'],
          summary: 'Change the own password (other sessions end), or, as admin, set a temporary one for client_id',
          body: changePasswordBody,
          response: { 200: statusMessageReply },
        },
      },
      async (request) => changePassword(ctx, currentUser(request), request.body),
    );

    app.post(
      '/api/user/profile',
      {
        config: { access: 'user' },
        schema: {
          tags: ['auth'],
          summary: 'Update the own profile basics; a new email is confirmed by a mailed link',
          body: profileBody,
          response: { 200: z.object({ message: z.string(), user: userView }) },
        },
      },
      async (request) => updateOwnProfile(ctx, currentUser(request), request.body),
    );
  };
