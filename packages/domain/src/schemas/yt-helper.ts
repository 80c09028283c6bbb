import { z } from 'zod';
import { YT_BOARD_COLUMNS, YT_STATUSES } from '../card-status.js';
import { CARD_PAGE_SIZE, RATING_MAX, RATING_MIN } from '../constants.js';
import { MSG } from '../messages.js';
import { dbId, emptyAsAbsent, urlField } from './fields.js';
import { cardTile } from './card-replies.js';
import { dueDateField } from './card-details.js';

const status = z.enum(YT_STATUSES);
const cardId = dbId.optional();
const YT_KEYS = YT_BOARD_COLUMNS.map((c) => c.key) as [string, ...string[]];
/** The description is rich text (sanitized on the server); 20,000 characters is a long one. */
const DESCRIPTION_MAX = 20_000;

/** POST /api/ythelper/cards (spec 000 §7): one column's page, or the first page of every column. */
export const ytCardsBody = z.object({
  offset: z.number().int().min(0).max(100_000).default(0),
  limit: z.number().int().min(1).max(50).default(CARD_PAGE_SIZE),
  section: z.enum(YT_KEYS).optional().describe('One helper column key; omitted = every column'),
  view_as: emptyAsAbsent(dbId.optional().nullable()),
  card_name: z.string().trim().max(200).optional(),
  with_counts: z.boolean().optional().describe('Also count every column (the list view tabs)'),
});
export type YtCardsBody = z.input<typeof ytCardsBody>;

const lists = Object.fromEntries(YT_BOARD_COLUMNS.map((c) => [c.key, z.array(cardTile).optional()])) as Record<
  (typeof YT_BOARD_COLUMNS)[number]['key'],
  z.ZodOptional<z.ZodArray<typeof cardTile>>
>;
export const ytCardsReply = z.object({
  ...lists,
  counts: z.record(z.string(), z.number()).optional().describe('Cards per helper column key'),
});
export type YtCardsReply = z.infer<typeof ytCardsReply>;

/** Every helper move names the status the caller saw (`source`), so a stale board can't move a card twice. */
export const ytMoveBody = z.object({ card_id: cardId, target: status, source: status.optional() });

const requiredUrl = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).pipe(urlField);

/** The assets a helper hands on (spec 000 §5): one or two thumbnail links, snippet, unlisted video, description. */
export const ytAssetsBody = z.object({
  card_id: cardId,
  source: status.optional(),
  target: z.enum(['ytQA', 'inDone']).optional(),
  thumbnailLinkUrlArray: z
    .array(z.union([urlField, z.literal('')]))
    .max(2)
    .refine((links) => links.some(Boolean), { error: MSG.ytThumbnailRequired }),
  snippetLink: requiredUrl(MSG.ytSnippetRequired),
  unlistedLink: requiredUrl(MSG.ytUnlistedRequired),
  videoDescription: z
    .string({ error: MSG.ytDescriptionRequired })
    .max(DESCRIPTION_MAX)
    .refine((html) => html.replace(/<[^>]*>/g, '').trim().length > 0, { error: MSG.ytDescriptionRequired }),
});

/** The assets dialog's Skip: the same move, keeping the assets already on the card. */
export const ytDoneSkipBody = z.object({
  card_id: cardId,
  source: status.optional(),
  target: z.enum(['ytQA', 'inDone']).optional(),
  skip: z.union([z.boolean(), z.literal(1), z.literal(0)]).optional(),
});

/** 'Ready For Upload' / Mark As Done on the helper side; the feedback may come with it (spec 001 §4). */
export const ytMarkCompleteBody = z.object({
  card_id: cardId,
  status: z.literal(1).optional(),
  cardSection: z.string().max(30).optional(),
  buttonText: z.string().max(100).optional(),
  rating: z
    .number()
    .int()
    .min(RATING_MIN, { error: MSG.ratingRange })
    .max(RATING_MAX, { error: MSG.ratingRange })
    .optional(),
  comment: z.string().trim().max(2000).optional(),
});

export const ytRevisionBody = z.object({ card_id: cardId, card_status: status.optional() });
export const ytAssignBody = z.object({ card_id: dbId, assign_to: dbId });
export const ytDueDateBody = z.object({ card_id: dbId, due_date: dueDateField });

/**
 * POST /api/generic/update/vc_ythelper_card/: despite its name, this writes one column, the helper
 * description; any other key in `data` or `specificConditions` is refused (strict objects).
 */
export const ytDescriptionBody = z
  .object({
    data: z.object({ descriptions: z.string().max(DESCRIPTION_MAX) }).strict(),
    specificConditions: z.object({ card_id: dbId }).strict(),
  })
  .strict();
