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
/** What the caller has played of the version, merged: its ranges, their share and the version's length (null when unknown). */
export const watchedReply = z.object({
  ranges: z.array(z.array(z.number())),
  watched: z.number().nullable(),
  duration: z.number().nullable(),
});
export const watchedQuery = z.object({ video_version: z.coerce.number().int().min(0).max(10_000) });

/** Staff's view of a version's coverage: each reviewer's played ranges over the timeline (issue 52). */
export const coverageReply = z.object({
  video_version: z.number(),
  duration: z.number().nullable(),
  reviewers: z.array(
    z.object({
      name: z.string(),
      side: z.enum(['customer', 'guest']),
      ranges: z.array(z.array(z.number())),
      watched: z.number().nullable(),
    }),
  ),
});
export type CoverageReply = z.infer<typeof coverageReply>;

/** Which delivered video to download: a version, and its video by number when the version has several. */
export const downloadQuery = z.object({
  video_version: z.coerce.number().int().min(0).max(10_000),
  video_number: z.coerce.number().int().min(1).max(100).default(1),
});
/** A short-lived link to the file (or, for a delivery that is a link elsewhere, that link, with no end). */
export const videoDownloadReply = z.object({ url: z.string(), expires_at: z.string().nullable() });
/** A download link's parts: the stored key, the name and type it is saved as, its end, and their signature. */
export const signedDownloadQuery = z.object({
  key: z.string().min(1).max(500),
  name: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  expires: z.coerce.number().int().min(0).max(1e11),
  sig: z.string().min(1).max(100),
});
