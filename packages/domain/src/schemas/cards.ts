import { z } from 'zod';
import { ASPECT_RATIOS, REPURPOSE_SIZES, VIDEO_PURPOSES, valuesOf } from '../options.js';
import { MAX_REPURPOSE_SIZES, TITLE_MAX } from '../constants.js';
import { CARD_STATUSES } from '../card-status.js';
import { mediaUrlField, urlField, dbId } from './fields.js';
import { MSG, fill } from '../messages.js';
import { splitLinks } from '../card-fields.js';

const RICH_TEXT_MAX = 20_000;
const LINKS_MAX = 20;
const SHORT_TEXT_MAX = 500;
const richText = z.string().max(RICH_TEXT_MAX, { error: MSG.textTooLong });
const shortText = z.string().trim().max(SHORT_TEXT_MAX);
const linkArray = z.array(urlField).max(LINKS_MAX, { error: fill(MSG.linksMax, { n: String(LINKS_MAX) }) });
/** A list of links, or the spec's pipe-separated text of them (000 §3: video_thumb_ref, affiliate_links). */
const linkList = z.union([linkArray, z.string().transform(splitLinks).pipe(linkArray)]);

export const cardTitleField = z
  .string({ error: fill(MSG.fieldRequired, { label: 'Title' }) })
  .trim()
  .min(1, { error: MSG.titleEmpty })
  .max(TITLE_MAX, { error: fill(MSG.fieldTooLong, { label: 'Title', max: String(TITLE_MAX) }) });

/** The request form's fields (spec 000 §2 "New video request"), shared by create and edit. */
const requestFields = {
  card_title: cardTitleField,
  dropbox_link: urlField,
  youtube_aspect_ratio: z.enum(valuesOf(ASPECT_RATIOS), { error: MSG.chooseFormat }),
  custom_aspect_ratio: shortText.optional(),
  video_purpose: z.enum(valuesOf(VIDEO_PURPOSES), { error: MSG.chooseContentType }),
  other_video_purpose: shortText.optional(),
  additional_info: richText.optional(),
  special_instructions: richText.optional(),
  voice_note: mediaUrlField.optional().or(z.literal('')),
  hasYTHelper: z.boolean().optional(),
  video_thumb_desc: richText.optional(),
  video_thumb_ref: linkList.optional(),
  video_optimization_desc: richText.optional(),
  affiliate_links: linkList.optional(),
  subtitles: z.boolean().optional(),
  has_end_card: z.boolean().optional(),
  hasRepurpose: z.boolean().optional(),
  repurpose_aspect: z
    .array(z.enum(valuesOf(REPURPOSE_SIZES)))
    .max(MAX_REPURPOSE_SIZES, { error: fill(MSG.repurposeSizesMax, { n: String(MAX_REPURPOSE_SIZES) }) })
    .optional(),
  custom_repurpose_size: shortText.optional(),
  repurpose_headline: shortText.optional(),
  call_to_action: shortText.optional(),
  repurpose_additional_info: richText.optional(),
};

type RequestShape = { [K in keyof typeof requestFields]?: unknown };
function requestRules<T extends z.ZodType<RequestShape>>(schema: T) {
  return schema
    .refine((b) => b.youtube_aspect_ratio !== 'other' || !!(b.custom_aspect_ratio as string | undefined), {
      error: MSG.describeCustomFormat,
      path: ['custom_aspect_ratio'],
    })
    .refine((b) => b.video_purpose !== 'other' || !!(b.other_video_purpose as string | undefined), {
      error: MSG.describeContentType,
      path: ['other_video_purpose'],
    })
    .refine((b) => !b.hasRepurpose || ((b.repurpose_aspect as string[] | undefined)?.length ?? 0) >= 1, {
      error: MSG.repurposeSizesRequired,
      path: ['repurpose_aspect'],
    })
    .refine(
      (b) =>
        !(b.repurpose_aspect as string[] | undefined)?.includes('other') ||
        !!(b.custom_repurpose_size as string | undefined),
      { error: MSG.describeCustomSize, path: ['custom_repurpose_size'] },
    );
}

export const createCardBody = requestRules(z.object({ ...requestFields, client_id: dbId.optional() }));
export type CreateCardBody = z.infer<typeof createCardBody>;

/** Edit sends the whole form again; an admin title change sends only card_title with flag 1. */
export const updateCardBody = requestRules(
  z
    .object(requestFields)
    .partial()
    .extend({
      card_id: dbId.optional(),
      flag: z.literal(1).optional(),
    }),
);
export type UpdateCardBody = z.infer<typeof updateCardBody>;
/** Save needs these (spec 000 §5 "Edit card"). */
export const EDIT_REQUIRED_FIELDS = ['card_title', 'dropbox_link', 'youtube_aspect_ratio', 'video_purpose'] as const;

export const updateTitleBody = z.object({
  oldTitle: z.string().max(TITLE_MAX).optional(),
  // Empty and unchanged titles are the service's to refuse, each with its own message (spec 001 §8).
  card_title: z
    .string({ error: MSG.titleEmpty })
    .max(TITLE_MAX, { error: fill(MSG.fieldTooLong, { label: 'Title', max: String(TITLE_MAX) }) }),
});

export const cardIdReply = z.object({ message: z.string(), card_id: z.number() });

export const cardStatusField = z.enum(CARD_STATUSES);
