import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { customerDecides, setApprovalRule, viewerWatched } from './approvals.service.js';

/** Approval rounds (issue 52): the customer's decision and the card's rule; a guest's decision is guest-links'. */
export const approvalsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, API.approvals.decide, ({ user, params, body }) => customerDecides(ctx, user, params.id, body));
    serve(app, API.approvals.watched, ({ user, params, body }) => viewerWatched(ctx, user, params.id, body));
    serve(app, API.approvals.rule, ({ user, params, body }) => setApprovalRule(ctx, user, params.id, body));
  };
