import { REQUEST_ROLES } from '../card-policy.js';
import { hitRateQuery, hitRateReply, promisePreviewQuery, promisePreviewReply } from '../schemas/promises.js';
import { defineRoute } from './define.js';

const tags = ['promises'];

/** Promise dates (docs/promise-dates.md). */
export const PROMISES = {
  preview: defineRoute({
    method: 'GET',
    path: '/api/request/promise',
    tags,
    summary:
      'When a request created now would get its first cut, from the queue of the QA it would go to; an admin names the customer in client_id',
    access: REQUEST_ROLES,
    query: promisePreviewQuery,
    reply: promisePreviewReply,
  }),
  hitRate: defineRoute({
    method: 'GET',
    path: '/api/dashboard/promise-hit-rate',
    tags,
    summary:
      "Promises kept: of the cards the caller sees whose first cut arrived in the range (caller's zone), how many arrived by the promised date",
    access: 'user',
    query: hitRateQuery,
    reply: hitRateReply,
  }),
} as const;
