import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CARD_STATUS_LABELS, DEFAULT_RANGE_DAYS, MSG, lastDays, todayIn } from '@cutroom/domain';
import type { ExportCardsReply, exportCardsQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { cards, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { csvStream, keysetBatches, mapBatches } from '../../platform/csv.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';
import { nameSql } from '../rating/public.js';

type Query = z.output<typeof exportCardsQuery>;
const customer = alias(users, 'customer');
const qa = alias(users, 'qa');

/** The range asked for: a missing end is today in the caller's zone, a missing start 30 days before the end. */
export function exportRange(query: Pick<Query, 'startDate' | 'endDate'>, zone: string) {
  const end_date = query.endDate ?? todayIn(zone);
  const start_date = query.startDate ?? lastDays(DEFAULT_RANGE_DAYS.export, end_date).start_date;
  // A start after the defaulted end is as reversed as a sent one.
  if (start_date > end_date) throw new AppError('VALIDATION', MSG.dateRangeReversed, 'startDate');
  return { start_date, end_date };
}

/** Cards created in the range (whole days in the caller's zone), of one customer when asked. */
function exportWhere(viewer: SessionUser, query: Query, range: { start_date: string; end_date: string }, zone: string) {
  return and(
    visibleCardsWhere(viewer),
    gte(cards.createdAt, sql`(${range.start_date}::date::timestamp at time zone ${zone})`),
    lt(cards.createdAt, sql`((${range.end_date}::date + 1)::timestamp at time zone ${zone})`),
    query.customerId ? eq(cards.clientId, query.customerId) : undefined,
  );
}

/** The export's rows; the cursor keeps created_at as text so no microsecond is lost between batches. */
const selectExport = (db: Db, zone: string) =>
  db
    .select({
      id: cards.id,
      title: cards.cardTitle,
      status: cards.cardStatus,
      qaName: nameSql(qa),
      customerName: sql<string>`coalesce(${nameSql(customer)}, '')`,
      createdAt: cards.createdAt,
      cursor: sql<string>`${cards.createdAt}::text`,
      // The day the card was created, in the caller's zone like the range.
      createdDay: sql<string>`to_char(${cards.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`,
    })
    .from(cards)
    .innerJoin(customer, eq(customer.id, cards.clientId))
    .leftJoin(qa, eq(qa.id, cards.assignedQaId));
const newestFirst = sql`${cards.createdAt} desc, ${cards.id} desc`;

/** GET /api/exportCards: the first `limit` cards of the range, newest first, and how many there are. */
export async function listExportCards(
  db: Db,
  viewer: SessionUser,
  query: Query,
  zone: string,
): Promise<ExportCardsReply> {
  const range = exportRange(query, zone);
  const where = exportWhere(viewer, query, range, zone);
  const [rows, [total]] = await Promise.all([
    selectExport(db, zone).where(where).orderBy(newestFirst).limit(query.limit),
    db.select({ n: count() }).from(cards).where(where),
  ]);
  return {
    range,
    cards: rows.map((r) => ({
      card_id: r.id,
      card_title: r.title,
      card_status: r.status,
      qa_name: r.qaName,
      customer_name: r.customerName,
      created_at: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

export const EXPORT_CARDS_COLUMNS = ['card title', 'status', 'QA name', 'customer name', 'created date'] as const;

/** GET /api/exportCards/csv: every card of the range, newest first, streamed in keyset batches on (created_at, id). */
export async function exportCardsCsv(db: Db, viewer: SessionUser, query: Query, zone: string) {
  const range = exportRange(query, zone);
  const where = exportWhere(viewer, query, range, zone);
  const read = (after: { id: number; cursor: string } | undefined, size: number) =>
    selectExport(db, zone)
      .where(
        and(
          where,
          after ? sql`(${cards.createdAt}, ${cards.id}) < (${after.cursor}::timestamptz, ${after.id})` : undefined,
        ),
      )
      .orderBy(newestFirst)
      .limit(size);
  const stream = await csvStream(
    EXPORT_CARDS_COLUMNS,
    mapBatches(keysetBatches(read), (r) => [
      r.title,
      CARD_STATUS_LABELS[r.status],
      r.qaName,
      r.customerName,
      r.createdDay,
    ]),
  );
  return { stream, filename: `Cards ${range.start_date} to ${range.end_date}.csv` };
}
