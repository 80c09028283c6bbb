import { and, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { BOARD_COLUMNS, Role } from '@cutroom/domain';
import type { cardCountsBody, getCardsBody } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import { cards } from '../../db/schema.js';
import { type CardViewer } from '../../kernel/card-visibility.js';

/** The board's request bodies, as parsed, and the filters and statement names both the pages and the counts use. */
export type Body = z.output<typeof getCardsBody>;
export type FilterBody = z.output<typeof cardCountsBody>;
type Column = (typeof BOARD_COLUMNS)[number];

/** Placeholders, so each statement is prepared once per request shape. */
export const p = {
  viewer: sql.placeholder('viewer'),
  status: sql.placeholder('status'),
  term: sql.placeholder('term'),
  start: sql.placeholder('start'),
  end: sql.placeholder('end'),
  zone: sql.placeholder('zone'),
  offset: sql.placeholder('offset'),
};

/** The caller's own filters: title search and date range in the user's zone. */
export function filterWhere(body: Body): SQL | undefined {
  const column = body.selectedDueDate ? cards.dueDate : cards.createdAt;
  return and(
    body.card_name ? ilike(cards.cardTitle, p.term) : undefined,
    body.startDate ? sql`${column} >= (${p.start}::date::timestamp at time zone ${p.zone})` : undefined,
    body.endDate ? sql`${column} < ((${p.end}::date + 1)::timestamp at time zone ${p.zone})` : undefined,
  );
}

/** Filters shared by every column: visibility, unarchived, and the caller's own filters. */
export function commonWhere(body: Body, visibility: SQL | undefined): SQL | undefined {
  return and(isNull(cards.archivedAt), visibility, filterWhere(body));
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
    offset: body.offset,
  };
}

/** What decides the SQL text of a request (values never do): the statement's name. */
export function shapeOf(role: Role, body: Body, column?: Column) {
  const order = !column ? '' : column.key === 'video_request' ? 'queue' : (body.dataFilter ?? 'newest');
  const filters = [body.card_name && 't', body.startDate && 's', body.endDate && 'e', body.selectedDueDate && 'due'];
  return [role, order, ...filters.map((f) => f || ''), column ? body.limit : ''].join('_');
}
