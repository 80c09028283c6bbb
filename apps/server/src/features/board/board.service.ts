import { and, asc, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import {
  BOARD_COLUMNS,
  CLOCK_TIME_ZONE,
  isTimeZone,
  type GetCardsReply,
  type getCardsBody,
  type Role,
} from '@cutroom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { prepareOnce } from '../../db/prepared.js';
import { cards } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { visibleCardsWhere, type CardViewer } from '../cards/card-visibility.js';
import { selectTiles, toCardTile } from '../cards/card-view.js';
import { requestAllowance } from '../cards/request-allowance.js';
import { resolveViewer } from './view-as.js';

type Body = z.output<typeof getCardsBody>;
type Column = (typeof BOARD_COLUMNS)[number];

const p = {
  viewer: sql.placeholder('viewer'),
  status: sql.placeholder('status'),
  term: sql.placeholder('term'),
  start: sql.placeholder('start'),
  end: sql.placeholder('end'),
  zone: sql.placeholder('zone'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/** Filters shared by every column: visibility, unarchived, title search, date range in the user's zone. */
function commonWhere(body: Body, visibility: SQL | undefined): SQL | undefined {
  const column = body.selectedDueDate ? cards.dueDate : cards.createdAt;
  return and(
    isNull(cards.archivedAt),
    visibility,
    body.card_name ? ilike(cards.cardTitle, p.term) : undefined,
    body.startDate ? sql`${column} >= (${p.start}::date::timestamp at time zone ${p.zone})` : undefined,
    body.endDate ? sql`${column} < ((${p.end}::date + 1)::timestamp at time zone ${p.zone})` : undefined,
  );
}

/** Values for the placeholders of commonWhere and columnPageQuery. */
export function pageValues(viewer: CardViewer, body: Body, zone: string, column?: Column) {
  return {
    viewer: viewer.id,
    status: column?.status ?? null,
    term: body.card_name ? `%${body.card_name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
    start: body.startDate ?? null,
    end: body.endDate ?? null,
    zone,
    limit: body.limit,
    offset: body.offset,
  };
}

/** Video requests keep their manual order; other columns show the latest change first (or oldest). */
function orderFor(column: Column, body: Body) {
  if (column.key === 'video_request') return [asc(cards.sort), asc(cards.id)];
  return body.dataFilter === 'oldest' ? [asc(cards.updatedAt), asc(cards.id)] : [desc(cards.updatedAt), desc(cards.id)];
}

/**
 * One page of one column with placeholders for every value but the page size, so its SQL depends only
 * on the request's shape; also what the board benchmark runs as raw SQL. The page's ids are picked
 * from `cards` alone, so the index walk stops after offset + limit rows; only those rows are joined.
 * LIMIT is a literal because with a parameter PostgreSQL's cached plan assumes a tenth of the column.
 */
export function columnPageQuery(db: Db, role: Role, body: Body, column: Column) {
  const order = orderFor(column, body);
  const where = and(commonWhere(body, visibleCardsWhere({ id: p.viewer, role })), eq(cards.cardStatus, p.status));
  const pageIds = sql`select ${cards.id} from ${cards} where ${where} order by ${sql.join(order, sql`, `)}
    limit ${sql.raw(String(Math.trunc(body.limit)))} offset ${p.offset}`;
  return selectTiles(db)
    .where(sql`${cards.id} in (${pageIds})`)
    .orderBy(...order);
}

/** What decides the SQL text of a request (values never do): the statement's name. */
function shapeOf(role: Role, body: Body, column?: Column) {
  const order = !column ? '' : column.key === 'video_request' ? 'queue' : (body.dataFilter ?? 'newest');
  const filters = [body.card_name && 't', body.startDate && 's', body.endDate && 'e', body.selectedDueDate && 'due'];
  return [role, order, ...filters.map((f) => f || ''), column ? body.limit : ''].join('_');
}

/** POST /api/getCards: one page of one column, or the first page of every column. */
export async function getCards(ctx: AppContext, caller: SessionUser, body: Body, zoneHeader: string | undefined) {
  const viewer = await resolveViewer(ctx.db, caller, body.view_as);
  const zone = zoneHeader && isTimeZone(zoneHeader) ? zoneHeader : CLOCK_TIME_ZONE;
  const columns = body.section ? BOARD_COLUMNS.filter((c) => c.key === body.section) : BOARD_COLUMNS;

  const pages = await Promise.all(
    columns.map((column) =>
      prepareOnce(ctx.planned, `board_${shapeOf(viewer.role, body, column)}`, (name) =>
        columnPageQuery(ctx.planned, viewer.role, body, column).prepare(name),
      ).execute(pageValues(viewer, body, zone, column)),
    ),
  );
  const reply: GetCardsReply = {};
  columns.forEach((column, i) => {
    reply[column.replyKey] = pages[i]!.map((row) => toCardTile(row, caller.role));
  });

  if (body.with_counts) {
    const rows = await prepareOnce(ctx.planned, `board_counts_${shapeOf(viewer.role, body)}`, (name) =>
      ctx.planned
        .select({ status: cards.cardStatus, n: count() })
        .from(cards)
        .where(commonWhere(body, visibleCardsWhere({ id: p.viewer, role: viewer.role })))
        .groupBy(cards.cardStatus)
        .prepare(name),
    ).execute(pageValues(viewer, body, zone));
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
