import { and, count, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { YT_BOARD_COLUMNS, type Role } from '@cutroom/domain';
import type { YtCardsReply, ytCardsBody } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { prepareOnce } from '../../db/prepared.js';
import { cards } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { resolveViewer } from '../board/public.js';
import { selectTiles, toCardTile } from '../../kernel/card-view.js';
import { visibleCardsWhere, type CardViewer } from '../../kernel/card-visibility.js';

type Body = z.output<typeof ytCardsBody>;
type Column = (typeof YT_BOARD_COLUMNS)[number];

const p = {
  viewer: sql.placeholder('viewer'),
  status: sql.placeholder('status'),
  term: sql.placeholder('term'),
  offset: sql.placeholder('offset'),
};

/**
 * The helper board: unarchived cards with a helper status (they reach it when their normal side is
 * complete), as far as the viewer may see them, under the title search.
 */
function boardWhere(role: Role, body: Body): SQL | undefined {
  return and(
    isNull(cards.archivedAt),
    isNotNull(cards.ytCardStatus),
    visibleCardsWhere({ id: p.viewer, role }),
    body.card_name ? ilike(cards.cardTitle, p.term) : undefined,
  );
}

const order = [desc(cards.updatedAt), desc(cards.id)];

/**
 * One column's page, latest change first: ids picked first along the helper board indexes (so the
 * walk stops after offset + limit rows), then only those rows joined. LIMIT is a literal, as on the
 * normal board (board.service.ts columnPageQuery says why).
 */
export function ytColumnPageQuery(db: Db, role: Role, body: Body) {
  const where = and(boardWhere(role, body), eq(cards.ytCardStatus, p.status));
  const pageIds = sql`select ${cards.id} from ${cards} where ${where}
    order by ${sql.join(order, sql`, `)} limit ${sql.raw(String(Math.trunc(body.limit)))} offset ${p.offset}`;
  return selectTiles(db)
    .where(sql`${cards.id} in (${pageIds})`)
    .orderBy(...order);
}

function ytCountsQuery(db: Db, role: Role, body: Body) {
  return db
    .select({ status: cards.ytCardStatus, n: count() })
    .from(cards)
    .where(boardWhere(role, body))
    .groupBy(cards.ytCardStatus);
}

/** Values for the placeholders of a helper page (or counts, without a column); the benchmark reuses them. */
export const ytPageValues = (viewer: CardViewer, body: Body, column?: Column) => ({
  viewer: viewer.id,
  status: column?.key ?? null,
  term: body.card_name ? `%${body.card_name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
  offset: body.offset,
});

/** The statement name stands for one SQL text: the role, whether a title is searched, the page size. */
const shapeOf = (role: Role, body: Body, withLimit: boolean) =>
  [role, body.card_name ? 't' : '', withLimit ? body.limit : ''].join('_');

/** POST /api/ythelper/cards: one helper column's page, or the first page of every column. */
export async function getYtCards(ctx: AppContext, caller: SessionUser, body: Body): Promise<YtCardsReply> {
  const viewer = await resolveViewer(ctx.db, caller, body.view_as);
  const columns = body.section ? YT_BOARD_COLUMNS.filter((c) => c.key === body.section) : YT_BOARD_COLUMNS;
  const pages = await Promise.all(
    columns.map((column) =>
      prepareOnce(ctx.planned, `yt_board_${shapeOf(viewer.role, body, true)}`, (name) =>
        ytColumnPageQuery(ctx.planned, viewer.role, body).prepare(name),
      ).execute(ytPageValues(viewer, body, column)),
    ),
  );
  const reply: YtCardsReply = {};
  columns.forEach((column, i) => {
    reply[column.key] = pages[i]!.map((row) => toCardTile(row, caller.role));
  });
  if (body.with_counts) {
    const rows = await prepareOnce(ctx.planned, `yt_board_counts_${shapeOf(viewer.role, body, false)}`, (name) =>
      ytCountsQuery(ctx.planned, viewer.role, body).prepare(name),
    ).execute(ytPageValues(viewer, body));
    reply.counts = Object.fromEntries(
      YT_BOARD_COLUMNS.map((c) => [c.key, rows.find((r) => r.status === c.key)?.n ?? 0]),
    );
  }
  return reply;
}
