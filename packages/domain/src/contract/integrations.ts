import { z } from 'zod';
import type { ApiTokenScope } from '../integrations.js';
import {
  INTEGRATION_ROLES,
  apiTokensReply,
  createApiTokenBody,
  createApiTokenReply,
  createWebhookBody,
  createWebhookReply,
  deliveriesReply,
  replayReply,
  updateWebhookBody,
  webhookReply,
  webhookSecretReply,
  webhooksReply,
} from '../schemas/integrations.js';
import { idParam } from '../schemas/fields.js';
import { CARDS } from './cards.js';
import { CHAT } from './chat.js';
import type { RouteContract } from './define.js';
import { defineRoute } from './define.js';
import { BOARD } from './board.js';
import { MOVE_ROUTES } from './workflow.js';

const tags = ['integrations'];
const message = z.object({ message: z.string() });

/** API tokens and webhooks (issue 20 part 3): admin only. */
export const INTEGRATIONS = {
  apiTokens: defineRoute({
    method: 'GET',
    path: '/api/admin/apiTokens',
    tags,
    summary: 'API tokens, newest first (never the tokens themselves)',
    access: INTEGRATION_ROLES,
    reply: apiTokensReply,
  }),
  createApiToken: defineRoute({
    method: 'POST',
    path: '/api/admin/apiTokens',
    tags,
    summary: 'Create an API token with scopes; the token is in this reply only',
    access: INTEGRATION_ROLES,
    body: createApiTokenBody,
    reply: createApiTokenReply,
    status: 201,
  }),
  revokeApiToken: defineRoute({
    method: 'POST',
    path: '/api/admin/apiTokens/:id/revoke',
    tags,
    summary: 'Revoke an API token: its next call gets 401',
    access: INTEGRATION_ROLES,
    params: idParam,
    reply: message,
  }),
  webhooks: defineRoute({
    method: 'GET',
    path: '/api/admin/webhooks',
    tags,
    summary: 'Webhooks with their latest delivery',
    access: INTEGRATION_ROLES,
    reply: webhooksReply,
  }),
  createWebhook: defineRoute({
    method: 'POST',
    path: '/api/admin/webhooks',
    tags,
    summary: 'Add a webhook (URL, events); its signing secret is in this reply only',
    access: INTEGRATION_ROLES,
    body: createWebhookBody,
    reply: createWebhookReply,
    status: 201,
  }),
  updateWebhook: defineRoute({
    method: 'PUT',
    path: '/api/admin/webhooks/:id',
    tags,
    summary: "Change a webhook's URL, events or active switch",
    access: INTEGRATION_ROLES,
    params: idParam,
    body: updateWebhookBody,
    reply: webhookReply,
  }),
  deleteWebhook: defineRoute({
    method: 'DELETE',
    path: '/api/admin/webhooks/:id',
    tags,
    summary: 'Delete a webhook and its delivery log',
    access: INTEGRATION_ROLES,
    params: idParam,
    reply: message,
  }),
  rotateWebhookSecret: defineRoute({
    method: 'POST',
    path: '/api/admin/webhooks/:id/rotateSecret',
    tags,
    summary:
      "Replace a webhook's signing secret (a leaked one, or by routine): the new one is in this reply only, the old one stops at once",
    access: INTEGRATION_ROLES,
    params: idParam,
    reply: webhookSecretReply,
  }),
  deliveries: defineRoute({
    method: 'GET',
    path: '/api/admin/webhooks/:id/deliveries',
    tags,
    summary: "A webhook's latest deliveries, newest first, each with its attempts",
    access: INTEGRATION_ROLES,
    params: idParam,
    reply: deliveriesReply,
  }),
  replay: defineRoute({
    method: 'POST',
    path: '/api/admin/webhookDeliveries/:id/replay',
    tags,
    summary: 'Send a delivery again: a new delivery with the same payload',
    access: INTEGRATION_ROLES,
    params: idParam,
    reply: replayReply,
    status: 201,
  }),
} as const;

/**
 * The one map of what each API token scope opens. An API token may call these routes only (and only
 * as far as its creator's role allows); any other route answers it 403.
 */
export const API_TOKEN_SCOPE_ROUTES: Record<ApiTokenScope, readonly RouteContract[]> = {
  'cards:read': [BOARD.cards, BOARD.counts, CARDS.get, CARDS.detail],
  'cards:write': [CARDS.create, ...Object.values(MOVE_ROUTES)],
  'comments:read': [CHAT.customer.comments, CHAT.olderComments, CHAT.team.comments],
  'comments:write': [CHAT.customer.post, CHAT.team.post],
};

/** `METHOD /path/:param` → the scope that opens it. */
export const scopeOfRoute = (() => {
  const map = new Map<string, ApiTokenScope>();
  for (const [scope, routes] of Object.entries(API_TOKEN_SCOPE_ROUTES) as [ApiTokenScope, readonly RouteContract[]][])
    for (const r of routes) map.set(`${r.method} ${r.path}`, scope);
  return (method: string, path: string): ApiTokenScope | undefined => map.get(`${method} ${path}`);
})();
