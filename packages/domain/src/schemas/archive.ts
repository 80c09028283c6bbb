import { z } from 'zod';
import { TABLE_PAGE_SIZE } from '../constants.js';
import { dbId } from './fields.js';

/** GET /api/cards/archive (spec 002 §2 "Archived"): staff may narrow to one customer; 10 a page. */
export const archiveQuery = z.object({
  client_id: z.coerce.number().pipe(dbId).optional(),
  card_name: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** An archived card as the Archived table shows it (spec 002 §3 "Archived card"). */
export const archivedCard = z.object({
  card_id: z.number(),
  card_title: z.string(),
  client_id: z.number(),
  client_name: z.string(),
  rating: z.number().nullable(),
  /** Only non-customers see the plan (spec 000 §6). */
  subscription_type: z.string().nullable(),
  creation_time: z.string(),
  assigned_time: z.string().nullable(),
  done_time: z.string().nullable(),
  archived_time: z.string(),
  /** The caller may bring it back (unarchiveVerdict); otherwise the button says 'Not Allowed'. */
  may_unarchive: z.boolean(),
});
export type ArchivedCard = z.infer<typeof archivedCard>;

export const archiveReply = z.object({
  cards: z.array(archivedCard),
  total: z.number(),
  page: z.number(),
  page_size: z.literal(TABLE_PAGE_SIZE),
});
export type ArchiveReply = z.infer<typeof archiveReply>;
