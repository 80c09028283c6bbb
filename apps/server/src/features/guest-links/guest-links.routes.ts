import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { createGuestLink, listGuestLinks, revokeGuestLink } from './guest-links.service.js';
import {
  createGuestLimits,
  guestReview,
  leaveGuestVisit,
  openGuestLink,
  postGuestComment,
  guestDecides,
  guestCoverage,
  guestDownload,
  guestWatched,
  sendGuestCopy,
  visitOf,
} from './guest-visit.service.js';
import { canSendStored } from '../../platform/stored-files.js';

/** Per-address call limits on the guest side, on top of the failed-open and per-visit comment counts. */
const perIp = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });

export const guestLinkRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const routes = API.guestLinks;
    const limits = createGuestLimits(ctx);

    serve(app, routes.list, ({ user, params }) => listGuestLinks(ctx, user, params.id));
    serve(app, routes.create, ({ user, params, body }) => createGuestLink(ctx, user, params.id, body));
    serve(app, routes.revoke, ({ user, params }) => revokeGuestLink(ctx, user, params.id, params.linkId));

    serve(
      app,
      routes.open,
      ({ body, request, reply }) => openGuestLink(ctx, limits, body, request.ip, reply),
      perIp(20),
    );
    serve(app, routes.review, async ({ request }) => guestReview(ctx, await visitOf(ctx, request)), perIp(120));
    serve(
      app,
      routes.comment,
      async ({ request, body }) => postGuestComment(ctx, limits, await visitOf(ctx, request), body),
      perIp(60),
    );
    serve(
      app,
      routes.decision,
      async ({ request, body }) => guestDecides(ctx, await visitOf(ctx, request), body),
      perIp(60),
    );
    serve(
      app,
      routes.watched,
      async ({ request, body }) => guestWatched(ctx, await visitOf(ctx, request), body),
      perIp(60),
    );
    serve(
      app,
      routes.download,
      async ({ request, query }) => guestDownload(ctx, await visitOf(ctx, request), query),
      perIp(60),
    );
    serve(
      app,
      routes.myWatched,
      async ({ request, query }) => guestCoverage(ctx, await visitOf(ctx, request), query.video_version),
      perIp(60),
    );
    await canSendStored(app, ctx.storage);
    serve(
      app,
      routes.readCopy,
      async ({ request, params, reply }) => sendGuestCopy(ctx, await visitOf(ctx, request), params.copy_id, reply),
      perIp(1200),
    );
    serve(app, routes.leave, ({ request, reply }) => leaveGuestVisit(ctx, request, reply), perIp(20));
  };
