import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REPURPOSE_SIZES,
  cardDetail,
  cardIdReply,
  createCardBody,
  idParam,
  updateCardBody,
  updateTitleBody,
  valuesOf,
} from '@cutroom/domain';
import { currentUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import {
  createCard,
  enableRepurpose,
  enableYtHelper,
  getCard,
  titleSuggestions,
  updateCard,
  updateTitle,
} from './cards.service.js';

const repurposeBody = z
  .object({
    repurpose_aspect: z
      .array(z.enum(valuesOf(REPURPOSE_SIZES)))
      .min(1, { error: 'Choose 1 or 2 repurpose sizes' })
      .max(2, { error: 'Choose 1 or 2 repurpose sizes' }),
    custom_repurpose_size: z.string().trim().max(500).optional(),
    repurpose_headline: z.string().trim().max(500).optional(),
    call_to_action: z.string().trim().max(500).optional(),
    repurpose_additional_info: z.string().max(20_000).optional(),
  })
  .refine((b) => !b.repurpose_aspect.includes('other') || !!b.custom_repurpose_size, {
    error: 'Describe the custom size',
    path: ['custom_repurpose_size'],
  });

export const cardsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/card',
      {
        config: { access: ['admin', 'customer'] },
        schema: {
          tags: ['cards'],
          summary: 'Create a video request',
          body: createCardBody,
          response: { 201: cardIdReply },
        },
      },
      async (request, reply) => reply.status(201).send(await createCard(ctx, currentUser(request), request.body)),
    );

    for (const url of ['/api/card/:id', '/api/cardDetail/:id']) {
      app.get(
        url,
        {
          config: { access: 'user' },
          schema: { tags: ['cards'], summary: 'The full card', params: idParam, response: { 200: cardDetail } },
        },
        async (request) => getCard(ctx, currentUser(request), request.params.id),
      );
    }

    app.put(
      '/api/card/:id',
      {
        config: { access: 'user' },
        schema: {
          tags: ['cards'],
          summary: 'Edit the request (owner or admin), or with flag 1 an admin title change',
          params: idParam,
          body: updateCardBody,
          response: { 200: cardIdReply },
        },
      },
      async (request) => updateCard(ctx, currentUser(request), request.params.id, request.body),
    );

    app.put(
      '/api/card/:id/updateCardDetail',
      {
        config: { access: 'user' },
        schema: {
          tags: ['cards'],
          summary: 'Admin title update',
          params: idParam,
          body: updateTitleBody,
          response: { 200: cardIdReply },
        },
      },
      async (request) => updateTitle(ctx, currentUser(request), request.params.id, request.body),
    );

    app.get(
      '/api/getCardsByTitle',
      {
        config: { access: 'user' },
        schema: {
          tags: ['cards'],
          summary: 'Title suggestions among the cards the caller sees',
          querystring: z.object({ title: z.string().trim().min(1).max(200) }),
          response: {
            200: z.object({
              titles: z.array(z.object({ card_id: z.number(), card_title: z.string(), card_status: z.string() })),
            }),
          },
        },
      },
      async (request) => titleSuggestions(ctx, currentUser(request), request.query.title),
    );

    app.post(
      '/api/card/:id/enableCardRepurpose',
      {
        config: { access: ['admin', 'customer'] },
        schema: {
          tags: ['cards'],
          summary: 'Turn on repurposing',
          params: idParam,
          body: repurposeBody,
          response: { 200: cardIdReply },
        },
      },
      async (request) => enableRepurpose(ctx, currentUser(request), request.params.id, request.body),
    );

    app.post(
      '/api/card/:id/enableCardYtHelper',
      {
        config: { access: ['admin', 'customer'] },
        schema: {
          tags: ['cards'],
          summary: 'Turn on the YouTube helper',
          params: idParam,
          body: z.object({ client_id: z.number().optional(), card_id: z.number().optional() }).optional(),
          response: { 200: cardIdReply },
        },
      },
      async (request) => enableYtHelper(ctx, currentUser(request), request.params.id),
    );
  };
