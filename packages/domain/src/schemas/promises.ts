import { z } from 'zod';
import { dbId, optionalParam } from './fields.js';
import { reportRangeQuery, resolvedRange } from './reports.js';

/** GET /api/request/promise: the request form's preview; an admin names the customer they order for. */
export const promisePreviewQuery = z.object({
  client_id: optionalParam(z.coerce.number().pipe(dbId).optional()),
});

export const promisePreviewReply = z.object({
  /** The expected first cut (ISO, UTC); null when the customer has no QA yet (they can't order). */
  expected_at: z.string().nullable(),
  /** "Tue 14 Apr", the day in New York. */
  label: z.string().nullable(),
});
export type PromisePreviewReply = z.infer<typeof promisePreviewReply>;

/** GET /api/dashboard/promise-hit-rate: cards first delivered in the range, among those the caller sees. */
export const hitRateQuery = reportRangeQuery;

export const hitRateReply = resolvedRange.extend({
  /** Cards with a promise whose first cut arrived in the range. */
  delivered: z.number(),
  /** Of those, delivered on or before the promised instant. */
  on_time: z.number(),
  /** Percent with one decimal; null when nothing was delivered. */
  hit_rate: z.number().nullable(),
});
export type HitRateReply = z.infer<typeof hitRateReply>;
