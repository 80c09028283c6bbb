import { z } from 'zod';
import { CARD_STATUSES, YT_STATUSES } from '../card-status.js';
import { DUE_CARD_TYPES, DUE_CARDS_PAGE_SIZE } from '../due-cards.js';
import { MSG } from '../messages.js';
import { dbId, optionalParam } from './fields.js';

/** GET /api/dueCards: a day in New York (today when left out), and the filters of the page. */
export const dueCardsQuery = z.object({
  date: z.iso.date({ error: MSG.dateInvalid }).optional(),
  customer_id: z.coerce.number().pipe(dbId).optional(),
  qa_id: z.coerce.number().pipe(dbId).optional(),
  card_type: z.enum(DUE_CARD_TYPES).default('due_date'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/**
 * GET /api/get-cards-by-due-date, spec 000 §7's names for the same call (viewAsCustomer, dueDate,
 * viewAsQA, viewAsCardType), read into the query above.
 */
export const dueCardsBySpecQuery = z
  .object({
    dueDate: optionalParam(z.iso.date({ error: MSG.dateInvalid }).optional()),
    viewAsCustomer: optionalParam(z.coerce.number().pipe(dbId).optional()),
    viewAsQA: optionalParam(z.coerce.number().pipe(dbId).optional()),
    viewAsCardType: optionalParam(z.enum(DUE_CARD_TYPES).default('due_date')),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .transform((q): z.output<typeof dueCardsQuery> => ({
    date: q.dueDate,
    customer_id: q.viewAsCustomer,
    qa_id: q.viewAsQA,
    card_type: q.viewAsCardType,
    page: q.page,
  }));

export const dueCard = z.object({
  card_id: z.number(),
  card_title: z.string(),
  client_id: z.number(),
  client_name: z.string(),
  qa_id: z.number().nullable(),
  qa_name: z.string().nullable(),
  /** The matched due instant (ISO). */
  due: z.string(),
  card_status: z.enum(CARD_STATUSES),
  yt_card_status: z.enum(YT_STATUSES).nullable(),
  /** The expected first cut (docs/promise-dates.md), and whether it comes after the editing due date. */
  expected_at: z.string().nullable(),
  at_risk: z.boolean(),
});
export type DueCard = z.infer<typeof dueCard>;

export const dueCardsReply = z.object({
  cards: z.array(dueCard),
  total: z.number(),
  page: z.number(),
  page_size: z.literal(DUE_CARDS_PAGE_SIZE),
  /** The day listed (the default resolved), YYYY-MM-DD in New York. */
  date: z.string(),
});
export type DueCardsReply = z.infer<typeof dueCardsReply>;
