import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { BOARD_COLUMNS, type Role } from '@cutroom/domain';
import type { GetCardsReply } from '@cutroom/domain/schemas';
import type { Db } from '../../db/client.js';
import { prepareOnce } from '../../db/prepared.js';
import { cardQaAccess, cards } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { selectTiles, toCardTile } from '../../kernel/card-view.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';
import { requestAllowance, requestsThisPeriod } from '../../kernel/request-allowance.js';
import { resolveViewer } from './view-as.js';
import { countColumns } from './board-counts.js';
import { commonWhere, filterWhere, p, pageValues, shapeOf, type Body, type FilterBody } from './board-filters.js';

type Column = (typeof BOARD_COLUMNS)[number];

/** Video requests keep their manual order; other columns show the latest change first (or oldest). */
function orderFor(column: Column, body: Body, keys: { sort: AnyColumn; updatedAt: AnyColumn; id: AnyColumn }) {
  if (column.key === 'video_request') return [asc(keys.sort), asc(keys.id)];
  return body.dataFilter === 'oldest' ? [asc(keys.updatedAt), asc(keys.id)] : [desc(keys.updatedAt), desc(keys.id)];
}

const cardKeys = { sort: cards.sort, updatedAt: cards.updatedAt, id: cards.id };
const qaKeys = { sort: cardQaAccess.sort, updatedAt: cardQaAccess.updatedAt, id: cardQaAccess.cardId };
const pageSize = (body: Body) => sql.raw(String(Math.trunc(body.limit)));

/** A page's ids for most roles: the column's index walked in order, filtered by visibility. */
function pageIdsFromCards(role: Role, body: Body, column: Column): SQL {
  const where = and(commonWhere(body, visibleCardsWhere({ id: p.viewer, role })), eq(cards.cardStatus, p.status));
  const order = sql.join(orderFor(column, body, cardKeys), sql`, `);
  return sql`select ${cards.id} from ${cards} where ${where} order by ${order} limit ${pageSize(body)} offset ${p.offset}`;
}

/**
 * A QA's page ids from card_qa_access, whose index holds exactly the QA's cards in board order, so a
 * deep page costs its offset and not the number of other customers' cards in the column.
 */
function pageIdsForQa(body: Body, column: Column): SQL {
  const filters = filterWhere(body);
  const join = filters ? sql` join ${cards} on ${cards.id} = ${cardQaAccess.cardId}` : sql``;
  const where = and(eq(cardQaAccess.qaId, p.viewer), eq(cardQaAccess.cardStatus, p.status), filters);
  const order = sql.join(orderFor(column, body, qaKeys), sql`, `);
  return sql`select ${cardQaAccess.cardId} from ${cardQaAccess}${join} where ${where}
    order by ${order} limit ${pageSize(body)} offset ${p.offset}`;
}

/**
 * One page of one column with placeholders for every value but the page size, so its SQL depends only
 * on the request's shape; also what the board benchmark runs as raw SQL. The page's ids are picked
 * first, so the index walk stops after offset + limit rows; only those rows are joined. LIMIT is a
 * literal because with a parameter PostgreSQL's cached plan assumes a tenth of the column.
 */
export function columnPageQuery(db: Db, role: Role, body: Body, column: Column) {
  const pageIds = role === 'qa' ? pageIdsForQa(body, column) : pageIdsFromCards(role, body, column);
  return selectTiles(db)
    .where(sql`${cards.id} in (${pageIds})`)
    .orderBy(...orderFor(column, body, cardKeys));
}

/** POST /api/getCards: one page of one column, or the first page of every column. */
export async function getCards(ctx: AppContext, caller: SessionUser, body: Body, zone: string) {
  const viewer = await resolveViewer(ctx.db, caller, body.view_as);
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

  if (body.with_counts) reply.counts = await countColumns(ctx, viewer, body, zone);
  // The whole board's load carries the customer's monthly count (spec 000 §3); one column's page does not.
  if (viewer.role === 'customer' && !body.section) {
    const allowance = await requestAllowance(ctx.db, viewer.id);
    reply.monthlyCardCount = allowance.used;
    reply.allowance = allowance;
  }
  return reply;
}

/** POST /api/getCardCounts: the counts of every column, and a customer's requests this billing period. */
export async function getCardCounts(ctx: AppContext, caller: SessionUser, body: FilterBody, zone: string) {
  const viewer = await resolveViewer(ctx.db, caller, body.view_as);
  const counts = await countColumns(ctx, viewer, body, zone);
  if (viewer.role !== 'customer') return { counts };
  return { counts, monthlyCardCount: await requestsThisPeriod(ctx.db, viewer.id) };
}
