import { z } from 'zod';
import { MSG } from '../messages.js';
import {
  REVISION_REASON_KEY_PATTERN,
  REVISION_REASON_LABEL_MAX,
  REVISION_REASON_LIST_MAX,
} from '../revision-reasons.js';
import { reportRangeQuery, resolvedRange } from './reports.js';

export const reasonKey = z.string().regex(REVISION_REASON_KEY_PATTERN, { error: 'Not a revision reason key' });
/** The reasons a revision request names; checked against the admin's active list by the server. */
export const revisionReasonsField = z
  .array(reasonKey)
  .max(REVISION_REASON_LIST_MAX)
  .describe('Keys from GET /api/revisionReasons; left out (spec body) the revision counts as unspecified');

const label = z
  .string()
  .trim()
  .min(1, { error: MSG.requiredField })
  .max(REVISION_REASON_LABEL_MAX, { error: `At most ${REVISION_REASON_LABEL_MAX} characters` });

export const revisionReason = z.object({
  key: z.string(),
  label: z.string(),
  active: z.boolean(),
  position: z.number().int(),
});
export const revisionReasonsReply = z.object({ reasons: z.array(revisionReason) });
/** The admin's list: inactive reasons too, and how many revisions named each (a used reason can't go). */
export const revisionReasonsAdminReply = z.object({
  reasons: z.array(revisionReason.extend({ used: z.number().int() })),
});
export const reasonKeyParam = z.object({ key: reasonKey });
export const createRevisionReasonBody = z.object({ label });
export const updateRevisionReasonBody = z
  .object({ label: label.optional(), active: z.boolean().optional() })
  .refine((b) => b.label !== undefined || b.active !== undefined, { error: 'Send a label or active' });
export const reorderRevisionReasonsBody = z.object({ keys: z.array(reasonKey).min(1).max(REVISION_REASON_LIST_MAX) });
export const revisionReasonSaved = z.object({ success: z.boolean(), message: z.string(), key: z.string() });

/** One person's first-pass figures: cards delivered in the range, and how many of them had no revision. */
export const firstPassRow = z.object({
  user_id: z.number().int().nullable(),
  name: z.string(),
  delivered: z.number().int(),
  first_pass: z.number().int(),
  rate: z.number().nullable().describe('Percent, 1 decimal; null when nothing was delivered'),
});
export const firstPassQuery = reportRangeQuery;
export const firstPassReply = z.object({
  range: resolvedRange,
  overall: firstPassRow.omit({ user_id: true, name: true }),
  editors: z.array(firstPassRow),
  qas: z.array(firstPassRow),
  customers: z.array(firstPassRow),
  revisions: z.number().int().describe('Revision requests in the range'),
  top_reasons: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
});
export type FirstPassReply = z.output<typeof firstPassReply>;
export type FirstPassRow = z.output<typeof firstPassRow>;
export type RevisionReason = z.output<typeof revisionReason>;
