import { and, asc, count, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CARD_STATUS_LABELS,
  CLOCK_TIME_ZONE,
  DUE_CARDS_PAGE_SIZE,
  YT_STATUSES,
  isAtRisk,
  todayInNewYork,
} from '@cutroom/domain';
import type { DueCardsReply, dueCardsQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { cards, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import { csvStream, keysetBatches, mapBatches } from '../../platform/csv.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';

type Query = z.output<typeof dueCardsQuery>;
const qa = alias(users, 'qa');
type DueColumn = typeof cards.dueDate | typeof cards.ytDueDate;

/** The day's cards the caller may see: unarchived, the chosen due date within that New York day. */
function dueWhere(viewer: SessionUser, query: Omit<Query, 'page'>, day: string): { where: SQL; column: DueColumn } {
  const column: DueColumn = query.card_type === 'yt_due_date' ? cards.ytDueDate : cards.dueDate;
  const where = and(
    isNull(cards.archivedAt),
    visibleCardsWhere(viewer),
    gte(column, sql`(${day}::date::timestamp at time zone ${CLOCK_TIME_ZONE})`),
    lt(column, sql`((${day}::date + 1)::timestamp at time zone ${CLOCK_TIME_ZONE})`),
    query.customer_id ? eq(cards.clientId, query.customer_id) : undefined,
    query.qa_id ? eq(cards.assignedQaId, query.qa_id) : undefined,
  )!;
  return { where, column };
}

const dueFields = (column: DueColumn) => ({
  id: cards.id,
  title: cards.cardTitle,
  clientId: cards.clientId,
  firstname: users.firstname,
  lastname: users.lastname,
  qaId: cards.assignedQaId,
  qaFirst: qa.firstname,
  qaLast: qa.lastname,
  due: column,
  status: cards.cardStatus,
  ytStatus: cards.ytCardStatus,
  ytComplete: cards.ytIsComplete,
  expected: cards.expectedAt,
});

function selectDue(db: Db, column: DueColumn) {
  return db
    .select(dueFields(column))
    .from(cards)
    .innerJoin(users, eq(users.id, cards.clientId))
    .leftJoin(qa, eq(qa.id, cards.assignedQaId));
}

/** GET /api/dueCards: the day's cards by due time, 100 a page, with the total. */
export async function listDueCards(db: Db, viewer: SessionUser, query: Query): Promise<DueCardsReply> {
  const day = query.date ?? todayInNewYork();
  const { where, column } = dueWhere(viewer, query, day);
  const [rows, [total]] = await Promise.all([
    selectDue(db, column)
      .where(where)
      .orderBy(asc(column), asc(cards.id))
      .limit(DUE_CARDS_PAGE_SIZE)
      .offset((query.page - 1) * DUE_CARDS_PAGE_SIZE),
    db.select({ n: count() }).from(cards).where(where),
  ]);
  return {
    cards: rows.map((r) => ({
      card_id: r.id,
      card_title: r.title,
      client_id: r.clientId,
      client_name: `${r.firstname} ${r.lastname}`.trim(),
      qa_id: r.qaId,
      qa_name: r.qaFirst === null ? null : `${r.qaFirst} ${r.qaLast ?? ''}`.trim(),
      due: r.due!.toISOString(),
      card_status: r.status,
      yt_card_status: r.ytComplete ? 'completed' : (YT_STATUSES.find((s) => s === r.ytStatus) ?? null),
      expected_at: r.expected?.toISOString() ?? null,
      // The promise is about the first cut, so only the editing due date can be at risk.
      at_risk: query.card_type === 'due_date' && isAtRisk(r.expected, r.due),
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: DUE_CARDS_PAGE_SIZE,
    date: day,
  };
}

/**
 * 'Export Cards.csv': every card of the day the filters match (title, status, due day, due date in New
 * York), streamed in keyset batches by (due, id); the cursor carries the due instant as text, exact to the microsecond.
 */
export async function exportDueCardsCsv(db: Db, viewer: SessionUser, query: Omit<Query, 'page'>) {
  const day = query.date ?? todayInNewYork();
  const { where, column } = dueWhere(viewer, query, day);
  type Row = Awaited<ReturnType<typeof selectDue>>[number] & { cursor: string };
  const read = (after: Row | undefined, size: number): Promise<Row[]> =>
    db
      .select({ ...dueFields(column), cursor: sql<string>`${column}::text` })
      .from(cards)
      .innerJoin(users, eq(users.id, cards.clientId))
      .leftJoin(qa, eq(qa.id, cards.assignedQaId))
      .where(
        and(where, after ? sql`(${column}, ${cards.id}) > (${after.cursor}::timestamptz, ${after.id})` : undefined),
      )
      .orderBy(asc(column), asc(cards.id))
      .limit(size);
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: CLOCK_TIME_ZONE, weekday: 'long' });
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: CLOCK_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  return csvStream(
    ['title', 'status', 'due day', 'due date'],
    mapBatches(keysetBatches(read), (r) => [
      r.title,
      CARD_STATUS_LABELS[r.status],
      weekday.format(r.due!),
      `${day} ${time.format(r.due!)}`,
    ]),
  );
}
