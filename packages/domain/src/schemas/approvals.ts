import { z } from 'zod';
import { APPROVAL_RULES, DECISIONS, DECISION_NOTE_MAX, WATCHED_RANGES_MAX } from '../approvals.js';

/** The round of a card's latest delivered version (issue 52); null while nothing is delivered. */
export const approvalView = z
  .object({
    /** The version decided on: `video_version` of the card's `video_versions` entries. */
    video_version: z.number(),
    rule: z.enum(APPROVAL_RULES),
    approved: z.boolean(),
    /** The approvers still to approve, by name. */
    pending: z.array(z.string()),
    decisions: z.array(
      z.object({
        name: z.string(),
        side: z.enum(['customer', 'guest']),
        decision: z.enum(DECISIONS),
        note: z.string().nullable(),
        at: z.string(),
        watched: z.number().nullable(),
      }),
    ),
  })
  .nullable();
export type ApprovalView = z.infer<typeof approvalView>;

export const decisionBody = z.object({
  video_version: z.number().int().min(0).max(10_000),
  decision: z.enum(DECISIONS, { error: `Decision must be one of ${DECISIONS.join(', ')}` }),
  note: z
    .string()
    .trim()
    .max(DECISION_NOTE_MAX, { error: `A note is at most ${DECISION_NOTE_MAX} characters` })
    .optional(),
});
export const decisionReply = z.object({ message: z.string(), approval: approvalView });

export const approvalRuleBody = z.object({
  rule: z.enum(APPROVAL_RULES, { error: `Rule must be one of ${APPROVAL_RULES.join(', ')}` }),
});

/** Ranges the player played at normal speed or slower, in seconds of the version's video (issue 52). */
export const watchedBody = z.object({
  video_version: z.number().int().min(0).max(10_000),
  // Pairs as arrays of two: OpenAPI 3.0 has no tuples (a tuple's items would be an anyOf of twins).
  ranges: z
    .array(
      z
        .array(z.number().min(0).max(86_400))
        .length(2, { error: 'Each range is [start, end]' })
        .refine(([start, end]) => end! > start!, { error: 'Each range ends after it starts' }),
    )
    .min(1)
    .max(WATCHED_RANGES_MAX, { error: `At most ${WATCHED_RANGES_MAX} ranges a report` }),
});
/** What the caller has played of the version, merged: its ranges and their share (null when its length is unknown). */
export const watchedReply = z.object({
  ranges: z.array(z.array(z.number())),
  watched: z.number().nullable(),
});
