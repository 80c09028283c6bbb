import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { BOARD_COLUMNS, CLOCK_TIME_ZONE, isTimeZone, type GetCardsReply, type getCardsBody } from '@cutroom/domain';
import type { z } from 'zod';
import { cards } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { visibleCardsWhere, type CardViewer } from '../cards/card-visibility.js';
import { selectCards, toCardTile } from '../cards/card-view.js';
import { requestAllowance } from '../cards/request-allowance.js';
import { resolveViewer } from './view-as.js';

type Body = z.output<typeof getCardsBody>;
type Column = (typeof BOARD_COLUMNS)[number];

/** Filters shared by every column: visibility, unarchived, title search, date range in the user's zone. */
function commonWhere(body: Body, visibility: SQL | undefined, zone: string): SQL | undefined {
  const column = body.selectedDueDate ? cards.dueDate : cards.createdAt;
  const term = body.card_name ? `%${body.card_name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    isNull(cards.archivedAt),
    visibility,
    term ? ilike(cards.cardTitle, term) : undefined,
    body.startDate ? sql`${column} >= (${body.startDate}::date::timestamp at time zone ${zone})` : undefined,
    body.endDate ? sql`${column} < ((${body.endDate}::date + 1)::timestamp at time zone ${zone})` : undefined,
  );
}

/** Video requests keep their manual order; other columns show the latest change first (or oldest). */
function orderFor(column: Column, body: Body) {
  if (column.key === 'video_request') return [asc(cards.sort), asc(cards.id)];
  return body.dataFilter === 'oldest' ? [asc(cards.updatedAt), asc(cards.id)] : [desc(cards.updatedAt), desc(cards.id)];
}

/**
 * One page of one column; also what the board benchmark runs as raw SQL. The page's ids are picked
 * from `cards` alone, so the index walk stops after offset + limit rows; only those rows are joined.
 */
export function columnPageQuery(ctx: AppContext, viewer: CardViewer, body: Body, column: Column, zone: string) {
  const order = orderFor(column, body);
  const pageIds = ctx.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(commonWhere(body, visibleCardsWhere(viewer), zone), eq(cards.cardStatus, column.status)))
    .orderBy(...order)
    .limit(body.limit)
    .offset(body.offset);
  return selectCards(ctx.db)
    .where(inArray(cards.id, pageIds))
    .orderBy(...order);
}

/** POST /api/getCards: one page of one column, or the first page of every column. */
export async function getCards(ctx: AppContext, caller: SessionUser, body: Body, zoneHeader: string | undefined) {
  const viewer = await resolveViewer(ctx.db, caller, body.view_as);
  const zone = zoneHeader && isTimeZone(zoneHeader) ? zoneHeader : CLOCK_TIME_ZONE;
  const where = commonWhere(body, visibleCardsWhere(viewer), zone);
  const columns = body.section ? BOARD_COLUMNS.filter((c) => c.key === body.section) : BOARD_COLUMNS;

  const pages = await Promise.all(columns.map((column) => columnPageQuery(ctx, viewer, body, column, zone)));
  const reply: GetCardsReply = {};
  columns.forEach((column, i) => {
    reply[column.replyKey] = pages[i]!.map((row) => toCardTile(row, caller.role));
  });

  if (body.with_counts) {
    const rows = await ctx.db
      .select({ status: cards.cardStatus, n: count() })
      .from(cards)
      .where(where)
      .groupBy(cards.cardStatus);
    reply.counts = Object.fromEntries(
      BOARD_COLUMNS.map((c) => [c.key, rows.find((r) => r.status === c.status)?.n ?? 0]),
    );
  }
  if (viewer.role === 'customer') {
    const allowance = await requestAllowance(ctx.db, viewer.id);
    reply.monthlyCardCount = allowance.used;
    reply.allowance = allowance;
  }
  return reply;
}
