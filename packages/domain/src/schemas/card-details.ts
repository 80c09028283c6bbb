import { z } from 'zod';
import { emptyAsAbsent, mediaUrlField, urlField, dbId } from './fields.js';
import { MSG } from '../messages.js';
import { CARD_OPEN_EVENT } from '../card-fields.js';

const cardId = dbId;

export const assignBody = z.object({ card_id: cardId, assign_to: dbId.nullable() });
/** The date itself is parsed by the service; a missing or non-text one reads as the spec's message too (001 §8). */
export const dueDateField = z.string({ error: MSG.invalidDueDate }).max(40, { error: MSG.invalidDueDate });
export const dueDateBody = z.object({ card_id: cardId, due_date: dueDateField });
export const changeLinkBody = z
  .object({
    card_id: cardId,
    // The links not changed may come as '' (spec 001 §5: an empty link is ignored).
    done_video_link: emptyAsAbsent(urlField.optional()),
    unlisted_video_link: emptyAsAbsent(urlField.optional()),
    thumbnails_link: emptyAsAbsent(urlField.optional()),
    yt_snippet_link: emptyAsAbsent(urlField.optional()),
    /** A finished video upload in the card's customer's folder, as the done (or repurposed) video instead of a link. */
    upload_id: dbId
      .optional()
      .describe(
        "A finished video upload in the card's customer's folder, delivered as the done (or repurposed) video instead of done_video_link",
      ),
    video_id: dbId.optional(),
    type: z.string().max(30).optional(),
    updateBothTable: z.unknown().optional(),
  })
  .superRefine((b, ctx) => {
    const links = [b.done_video_link, b.unlisted_video_link, b.thumbnails_link, b.yt_snippet_link].filter(Boolean);
    if (b.upload_id !== undefined && links.length > 0)
      ctx.addIssue({ code: 'custom', message: MSG.linkOrUpload, path: ['upload_id'] });
    else if (links.length + (b.upload_id !== undefined ? 1 : 0) !== 1)
      ctx.addIssue({ code: 'custom', message: MSG.oneLinkAtATime, path: ['done_video_link'] });
  });
export const contentIdBody = z.object({
  card_id: cardId,
  contentId: z
    .string()
    .trim()
    .max(500)
    .regex(/^[\w\-, ]*$/, { error: MSG.syncIdFormat }),
});
export const srtFileBody = z.object({
  card_id: cardId.optional(),
  srt_file: mediaUrlField,
});
export const cardEventQuery = z.object({ type: z.enum([CARD_OPEN_EVENT]) });
