import { z } from 'zod';
import { MSG } from '../messages.js';
import type { Role } from '../roles.js';
import { API_TOKEN_SCOPES, DELIVERY_STATES, INTEGRATION_MSG, WEBHOOK_EVENTS, WEBHOOK_LIMITS } from '../integrations.js';
import { idParam } from './fields.js';

/** Tokens and webhooks act on the whole workspace: the admin's alone. */
export const INTEGRATION_ROLES: readonly Role[] = ['admin'];

const when = z.string().describe('ISO-8601 UTC');
const uniqueList = <T extends z.ZodType>(item: T, empty: string) =>
  z
    .array(item)
    .min(1, { error: empty })
    .max(20)
    .transform((list) => [...new Set(list)]);

export const apiTokenView = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  /** The first characters, so an admin can tell tokens apart without the secret. */
  prefix: z.string(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string(),
  created_at: when,
  last_used_at: when.nullable(),
  revoked_at: when.nullable(),
});
export type ApiTokenView = z.infer<typeof apiTokenView>;
export const apiTokensReply = z.object({ api_tokens: z.array(apiTokenView) });

export const createApiTokenBody = z.object({
  name: z.string({ error: MSG.requiredField }).trim().min(1, { error: MSG.requiredField }).max(WEBHOOK_LIMITS.nameMax),
  // A repeated scope is refused, not merged: the caller's list is likely not what they meant (issue 33).
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES))
    .min(1, { error: INTEGRATION_MSG.apiTokenScopeRequired })
    .max(20)
    .refine((list) => new Set(list).size === list.length, { error: INTEGRATION_MSG.apiTokenScopeTwice }),
});
export const createApiTokenReply = z.object({
  message: z.string(),
  api_token_id: z.number().int(),
  /** The token itself: shown this once, only its hash is stored. */
  token: z.string(),
  api_token: apiTokenView,
});

const urlField = z
  .string({ error: INTEGRATION_MSG.webhookUrlInvalid })
  .trim()
  .min(1, { error: INTEGRATION_MSG.webhookUrlInvalid })
  .max(WEBHOOK_LIMITS.urlMax);
const eventsField = uniqueList(z.enum(WEBHOOK_EVENTS), INTEGRATION_MSG.webhookEventRequired);

export const webhookView = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  created_at: when,
  updated_at: when,
  /** The newest delivery's state, for the list. */
  last_delivery: z
    .object({ state: z.enum(DELIVERY_STATES), status_code: z.number().int().nullable(), at: when })
    .nullable(),
});
export type WebhookView = z.infer<typeof webhookView>;
export const webhooksReply = z.object({ webhooks: z.array(webhookView) });

export const createWebhookBody = z.object({
  url: urlField,
  events: eventsField,
  active: z.boolean().default(true),
});
export const updateWebhookBody = z
  .object({ url: urlField.optional(), events: eventsField.optional(), active: z.boolean().optional() })
  .refine((b) => b.url !== undefined || b.events !== undefined || b.active !== undefined, {
    error: MSG.requiredField,
  });
export const createWebhookReply = z.object({
  message: z.string(),
  webhook_id: z.number().int(),
  /** The signing secret: shown this once. */
  secret: z.string(),
  webhook: webhookView,
});
export const webhookReply = z.object({ message: z.string(), webhook: webhookView });
/** A webhook's new signing secret: shown this once. */
export const webhookSecretReply = z.object({ message: z.string(), secret: z.string() });

export const deliveryAttemptView = z.object({
  at: when,
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  response_excerpt: z.string(),
  error: z.string().nullable(),
});
export const deliveryView = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENTS),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  created_at: when,
  next_attempt_at: when.nullable(),
  replay_of: z.number().int().nullable(),
  payload: z.string(),
  attempts_log: z.array(deliveryAttemptView),
});
export type DeliveryView = z.infer<typeof deliveryView>;
export const deliveriesReply = z.object({ deliveries: z.array(deliveryView) });
export const replayReply = z.object({ message: z.string(), delivery_id: z.number().int() });

export const deliveryParam = idParam;
