import { z } from 'zod';
import { CARD_STATUSES } from '../card-status.js';
import { RATING_MAX, RATING_MIN, DONE_VIDEO_LIMIT_MAX } from '../constants.js';
import { mediaUrlField, urlField, dbId } from './fields.js';
import { MSG } from '../messages.js';
import { RATED_PARTS } from '../card-policy.js';
import { revisionReasonsField } from './revision-reasons.js';

const status = z.enum(CARD_STATUSES);
const cardId = dbId.optional();

/** Every move names the status the caller saw, so a stale board can't move a card twice. */
export const moveBody = z.object({ card_id: cardId, card_status: status.optional(), newStatus: status });
export const timelineBody = z.object({
  card_id: cardId,
  card_status: status.optional(),
  timeline: z.number().int().optional(),
});
export const doneBody = z.object({
  card_id: cardId,
  card_status: status.optional(),
  newStatus: z.literal('done').optional(),
  done_link: z.union([urlField, z.array(urlField).min(1).max(DONE_VIDEO_LIMIT_MAX)]),
  content_id: z.string().trim().max(500).optional(),
  no_content_id: z.boolean().optional(),
});
/** A finished upload of the upload page (docs/uploads.md), delivered instead of a link (issue 49). */
const uploadIdField = dbId
  .optional()
  .describe("A finished video upload in the card's customer's folder, delivered instead of the link");
export const moveToQaBody = z
  .object({
    card_id: cardId,
    card_status: status.optional(),
    newStatus: z.literal('qa').optional(),
    done_video_link: urlField.optional().describe('The video link; or send upload_id instead'),
    upload_id: uploadIdField,
  })
  .superRefine((b, ctx) => {
    if (b.done_video_link !== undefined && b.upload_id !== undefined)
      ctx.addIssue({ code: 'custom', message: MSG.linkOrUpload, path: ['upload_id'] });
    else if (b.done_video_link === undefined && b.upload_id === undefined)
      ctx.addIssue({ code: 'custom', message: MSG.videoLinkOrUploadRequired, path: ['done_video_link'] });
  });
export const revisionBody = z.object({
  card_id: cardId,
  card_status: status.optional(),
  revisionType: z.enum(['editing', 'video_request']).optional(),
  reasons: revisionReasonsField.optional(),
});
export const markCompleteBody = z.object({
  card_id: cardId,
  status: z.literal(1).optional(),
  cardSection: z.enum(['done', 'repurpose']).optional(),
  buttonText: z.string().max(100).optional(),
});
export const moveCardSubBody = z
  .object({
    card_id: cardId,
    status: z.enum(['repurpose_editing', 'repurpose_done']),
    from: status.optional(),
    srtFile: mediaUrlField.optional().or(z.literal('')),
    done_link: z.union([urlField, z.array(urlField).max(6)]).optional(),
    upload_id: uploadIdField.describe(
      "Into repurpose_done: a finished video upload in the card's customer's folder, delivered instead of done_link",
    ),
  })
  .superRefine((b, ctx) => {
    const linked = Array.isArray(b.done_link) ? b.done_link.length > 0 : b.done_link !== undefined;
    if (b.upload_id !== undefined && (linked || b.status !== 'repurpose_done'))
      ctx.addIssue({ code: 'custom', message: MSG.linkOrUpload, path: ['upload_id'] });
  });
export const updateSortBody = z.object({
  cards: z
    .array(z.object({ card_id: dbId, sort: z.number().int().min(0).max(1_000_000) }))
    .min(1)
    .max(500),
});
export const pauseBody = z.object({ paused: z.union([z.literal(0), z.literal(1), z.boolean()]) });
export const rateBody = z.object({
  card_id: cardId,
  rating: z.number().int().min(RATING_MIN, { error: MSG.ratingRange }).max(RATING_MAX, { error: MSG.ratingRange }),
  comment: z.string().trim().max(2000).optional(),
  card_type: z.enum(RATED_PARTS).default('done'),
  assigned_qa_id: dbId
    .optional()
    .nullable()
    .describe("Accepted as the spec sends it, but the rating always counts for the card's assigned QA"),
});
export const successReply = z.object({ success: z.boolean(), message: z.string() });
