import { z } from 'zod';
import { dbId } from '../validation.js';
import { BOARD_COLUMNS } from '../card-status.js';
import { CARD_PAGE_SIZE } from '../constants.js';
import { VIEW_TYPES } from '../roles.js';
import { cardTile } from './card-replies.js';
import { MSG } from '../messages.js';

const BOARD_KEYS = BOARD_COLUMNS.map((c) => c.key) as [string, ...string[]];
/** A real calendar day: zod's ISO date refuses months past 12 and days a month doesn't have. */
const dateOnly = z.iso.date({ error: MSG.dateInvalid });

/** POST /api/getCards (spec 000 §7). */
export const getCardsBody = z
  .object({
    offset: z.number().int().min(0).max(100_000).default(0),
    limit: z.number().int().min(1).max(50).default(CARD_PAGE_SIZE),
    section: z.enum(BOARD_KEYS).optional().describe('One board column key; omitted = every column'),
    card_name: z.string().trim().max(200).optional(),
    viewType: z.enum(VIEW_TYPES).optional(),
    view_as: dbId.optional().nullable(),
    dataFilter: z.enum(['newest', 'oldest']).optional().describe('Order of columns other than Video Requests'),
    startDate: dateOnly.optional().nullable(),
    endDate: dateOnly.optional().nullable(),
    selectedDueDate: z.boolean().optional().describe('The date range applies to the due date'),
    with_counts: z.boolean().optional().describe('Also count every column (list view "All Tabs")'),
  })
  .refine((b) => !b.startDate || !b.endDate || b.startDate <= b.endDate, {
    error: MSG.dateRangeReversed,
    path: ['startDate'],
  });
export type GetCardsBody = z.input<typeof getCardsBody>;

const lists = Object.fromEntries(BOARD_COLUMNS.map((c) => [c.replyKey, z.array(cardTile).optional()])) as Record<
  (typeof BOARD_COLUMNS)[number]['replyKey'],
  z.ZodOptional<z.ZodArray<typeof cardTile>>
>;

export const requestAllowanceReply = z.object({
  used: z.number(),
  limit: z.number().nullable(),
  blocked: z.enum(['limit', 'no_qa']).nullable(),
  message: z.string().nullable(),
});

export const getCardsReply = z.object({
  ...lists,
  counts: z.record(z.string(), z.number()).optional(),
  monthlyCardCount: z.number().optional().describe('Customers only: requests created this billing period'),
  allowance: requestAllowanceReply.optional(),
});
export type GetCardsReply = z.infer<typeof getCardsReply>;
