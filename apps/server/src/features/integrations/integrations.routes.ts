import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@cutroom/domain/contract';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/routes.js';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.js';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  replayDelivery,
  rotateWebhookSecret,
  updateWebhook,
} from './webhooks.service.js';

export const integrationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const routes = API.integrations;
    serve(app, routes.apiTokens, () => listApiTokens(ctx));
    serve(app, routes.createApiToken, ({ user, body }) => createApiToken(ctx, user, body));
    serve(app, routes.revokeApiToken, ({ params }) => revokeApiToken(ctx, params.id));
    serve(app, routes.webhooks, () => listWebhooks(ctx));
    serve(app, routes.createWebhook, ({ user, body }) => createWebhook(ctx, user, body));
    serve(app, routes.updateWebhook, ({ params, body }) => updateWebhook(ctx, params.id, body));
    serve(app, routes.deleteWebhook, ({ params }) => deleteWebhook(ctx, params.id));
    serve(app, routes.rotateWebhookSecret, ({ params }) => rotateWebhookSecret(ctx, params.id));
    serve(app, routes.deliveries, ({ params }) => listDeliveries(ctx, params.id));
    serve(app, routes.replay, ({ params }) => replayDelivery(ctx, params.id));
  };
