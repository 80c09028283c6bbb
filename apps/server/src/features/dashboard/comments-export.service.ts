import { sql } from 'drizzle-orm';
import { DEFAULT_RANGE_DAYS, MAX_DB_ID } from '@cutroom/domain';
import type { ExportedComment, exportCommentsQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { SessionUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';
import { customerCommentsSql, type CommentChat } from './customer-comments.sql.js';
import { isoOf, isoOrNull, resolveRange, rowsOf } from './report-range.js';

type Query = z.output<typeof exportCommentsQuery>;

interface Row {
  card_id: number;
  card_title: string;
  note: string;
  answer_note: string | null;
  created_at: unknown;
  answered_at: unknown;
  updated_at: unknown;
}

/**
 * GET /api/card/:card_id/exportComments (and the helper chat's): the customer comments of the path's
 * card and `cardIds`, each with the staff note that answered it. Every card must be one the caller
 * sees, else 404. Without dates every comment is exported; with either, the range (defaults filled).
 */
export async function exportComments(
  db: Db,
  viewer: SessionUser,
  cardId: number,
  query: Query,
  zone: string,
  chat: CommentChat,
): Promise<{ data: ExportedComment[] }> {
  const ids = [...new Set([cardId, ...(query.cardIds?.split(',').map(Number) ?? [])])];
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > MAX_DB_ID)) throw new AppError('NOT_FOUND');
  const idList = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const seen = await rowsOf<{ n: number }>(
    db.execute(
      sql`select count(*)::int as n from cards where cards.id in (${idList}) and ${visibleCardsWhere(viewer) ?? sql`true`}`,
    ),
  );
  if (seen[0]?.n !== ids.length) throw new AppError('NOT_FOUND');
  const range = query.start_date || query.end_date ? resolveRange(query, zone, DEFAULT_RANGE_DAYS.export) : undefined;
  const comments = customerCommentsSql({
    viewer,
    chat,
    range,
    cardsWhere: sql`cards.id in (${idList})`,
    withAnswerNote: true,
  });
  const rows = await rowsOf<Row>(
    db.execute(sql`
      select c.card_id, cards.card_title, c.note, c.answer_note, c.created_at, c.answered_at, c.updated_at
      from (${comments}) c join cards on cards.id = c.card_id
      order by c.card_id, c.created_at, c.id`),
  );
  return {
    data: rows.map((r) => ({
      card_id: r.card_id,
      card_title: r.card_title,
      note: r.note,
      repliedComment: r.answer_note,
      date_added: isoOf(r.created_at),
      note_reaction_date_time: isoOrNull(r.answered_at),
      updated_at: isoOf(r.updated_at),
    })),
  };
}
