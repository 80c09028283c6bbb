import { z } from 'zod';
import { dbId, emptyAsAbsent } from './fields.js';
import { BOARD_COLUMNS } from '../card-status.js';
import { CARD_PAGE_SIZE } from '../constants.js';
import { VIEW_TYPES } from '../roles.js';
import { cardTile } from './card-replies.js';
import { MSG } from '../messages.js';

const BOARD_KEYS = BOARD_COLUMNS.map((c) => c.key) as [string, ...string[]];
/** A real calendar day: zod's ISO date refuses months past 12 and days a month doesn't have. */
const dateOnly = z.iso.date({ error: MSG.dateInvalid });

/** The filters of a board view; the page call and the counts call take the same ones. */
const filterFields = {
  card_name: z.string().trim().max(200).optional(),
  viewType: z.enum(VIEW_TYPES).optional(),
  view_as: emptyAsAbsent(dbId.optional().nullable()),
  dataFilter: z.enum(['newest', 'oldest']).optional().describe('Order of columns other than Video Requests'),
  startDate: dateOnly.optional().nullable(),
  endDate: dateOnly.optional().nullable(),
  selectedDueDate: z.boolean().optional().describe('The date range applies to the due date'),
};
const rangeInOrder = (b: { startDate?: string | null; endDate?: string | null }) =>
  !b.startDate || !b.endDate || b.startDate <= b.endDate;
const rangeRule = { error: MSG.dateRangeReversed, path: ['startDate'] };

/** POST /api/getCards (spec 000 §7). */
export const getCardsBody = z
  .object({
    offset: z.number().int().min(0).max(100_000).default(0),
    limit: z.number().int().min(1).max(50).default(CARD_PAGE_SIZE),
    section: z.enum(BOARD_KEYS).optional().describe('One board column key; omitted = every column'),
    ...filterFields,
    with_counts: z.boolean().optional().describe('Also count every column (list view "All Tabs")'),
  })
  .refine(rangeInOrder, rangeRule);
/** POST /api/getCardCounts: the board's counts under the same filters. */
export const cardCountsBody = z.object(filterFields).refine(rangeInOrder, rangeRule);
export type GetCardsBody = z.input<typeof getCardsBody>;

const lists = Object.fromEntries(BOARD_COLUMNS.map((c) => [c.replyKey, z.array(cardTile).optional()])) as Record<
  (typeof BOARD_COLUMNS)[number]['replyKey'],
  z.ZodOptional<z.ZodArray<typeof cardTile>>
>;

export const requestAllowanceReply = z.object({
  used: z.number(),
  limit: z.number().nullable(),
  blocked: z.enum(['inactive', 'limit', 'no_qa']).nullable(),
  message: z.string().nullable(),
});

export const getCardsReply = z.object({
  ...lists,
  counts: z.record(z.string(), z.number()).optional(),
  monthlyCardCount: z.number().optional().describe('Customers only: requests created this billing period'),
  allowance: requestAllowanceReply.optional(),
});
export type GetCardsReply = z.infer<typeof getCardsReply>;

export const cardCountsReply = z.object({
  counts: z.record(z.string(), z.number()).describe('Cards per board column key'),
  monthlyCardCount: z.number().optional().describe('Customers only: requests created this billing period'),
});
