import { z } from 'zod';
import { REQUEST_ROLES } from '../card-policy.js';
import { MSG } from '../messages.js';
import { REPURPOSE_SIZES, valuesOf } from '../options.js';
import { cardDetail } from '../schemas/card-replies.js';
import { cardIdReply, createCardBody, updateCardBody, updateTitleBody } from '../schemas/cards.js';
import { idParam } from '../schemas/fields.js';
import { defineRoute } from './define.js';

const tags = ['cards'];

/** Turning repurposing on after ordering: the sizes and texts of the request form's repurpose part. */
export const enableRepurposeBody = z
  .object({
    repurpose_aspect: z
      .array(z.enum(valuesOf(REPURPOSE_SIZES)))
      .min(1, { error: MSG.repurposeSizesRequired })
      .max(2, { error: MSG.repurposeSizesRequired }),
    custom_repurpose_size: z.string().trim().max(500).optional(),
    repurpose_headline: z.string().trim().max(500).optional(),
    call_to_action: z.string().trim().max(500).optional(),
    repurpose_additional_info: z.string().max(20_000).optional(),
  })
  .refine((b) => !b.repurpose_aspect.includes('other') || !!b.custom_repurpose_size, {
    error: MSG.describeCustomSize,
    path: ['custom_repurpose_size'],
  });

const titleSuggestion = z.object({ card_id: z.number(), card_title: z.string(), card_status: z.string() });

export const CARDS = {
  create: defineRoute({
    method: 'POST',
    path: '/api/card',
    tags,
    summary: 'Create a video request',
    access: REQUEST_ROLES,
    body: createCardBody,
    reply: cardIdReply,
    status: 201,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/card/:id',
    tags,
    summary: 'The full card',
    access: 'user',
    params: idParam,
    reply: cardDetail,
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/cardDetail/:id',
    tags,
    summary: 'The full card (the spec’s second name for it)',
    access: 'user',
    params: idParam,
    reply: cardDetail,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/card/:id',
    tags,
    summary: 'Edit the request (owner or admin), or with flag 1 an admin title change',
    access: 'user',
    params: idParam,
    body: updateCardBody,
    reply: cardIdReply,
  }),
  updateTitle: defineRoute({
    method: 'PUT',
    path: '/api/card/:id/updateCardDetail',
    tags,
    summary: 'Admin title update',
    access: 'user',
    params: idParam,
    body: updateTitleBody,
    reply: cardIdReply,
  }),
  titles: defineRoute({
    method: 'GET',
    path: '/api/getCardsByTitle',
    tags,
    summary: 'Title suggestions among the cards the caller sees',
    access: 'user',
    query: z.object({ title: z.string().trim().min(1).max(200) }),
    reply: z.object({ titles: z.array(titleSuggestion) }),
  }),
  enableRepurpose: defineRoute({
    method: 'POST',
    path: '/api/card/:id/enableCardRepurpose',
    tags,
    summary: 'Turn on repurposing',
    access: REQUEST_ROLES,
    params: idParam,
    body: enableRepurposeBody,
    reply: cardIdReply,
  }),
  enableYtHelper: defineRoute({
    method: 'POST',
    path: '/api/card/:id/enableCardYtHelper',
    tags,
    summary: 'Turn on the YouTube helper',
    access: REQUEST_ROLES,
    params: idParam,
    body: z.object({ client_id: z.number().optional(), card_id: z.number().optional() }).optional(),
    reply: cardIdReply,
  }),
} as const;
