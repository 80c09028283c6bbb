import { sql } from 'drizzle-orm';
import { DEFAULT_RANGE_DAYS, MARKED_COMPLETE_STATUSES, MSG, TABLE_PAGE_SIZE, type CardStatus } from '@cutroom/domain';
import type { ClientDashboardReply, clientDashboardQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inList } from '../../db/sql-lists.js';
import type { SessionUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';
import { visibleUser } from '../users/public.js';
import { inRange, isoOf, isoOrNull, resolveRange, rowsOf } from './report-range.js';

interface Row {
  n: number;
  card_id: number | null;
  card_title: string;
  created_at: unknown;
  completed_at: unknown;
  card_status: CardStatus;
}

/** Whose cards: a customer always their own (another id is not theirs to see: 404); staff name a customer they see. */
async function customerOf(db: Db, viewer: SessionUser, id: number | undefined): Promise<number> {
  if (viewer.role === 'customer') {
    if (id !== undefined && id !== viewer.id) throw new AppError('NOT_FOUND');
    return viewer.id;
  }
  if (id === undefined) throw new AppError('VALIDATION', MSG.inboxChooseCustomer, 'id');
  const customer = await visibleUser(db, viewer, id);
  if (customer.clientType !== 'customer') throw new AppError('NOT_FOUND');
  return customer.id;
}

/**
 * GET /api/client-dashboard-data: the customer's cards created in the range, newest first, 10 a page,
 * serial numbers running on across pages; completed_at is when the customer marked it done, shown only while the
 * card is past that (a card in Review was delivered, not completed).
 */
export async function clientDashboard(
  db: Db,
  viewer: SessionUser,
  query: z.output<typeof clientDashboardQuery>,
  zone: string,
): Promise<ClientDashboardReply> {
  const customerId = await customerOf(db, viewer, query.id);
  const range = resolveRange(query, zone, DEFAULT_RANGE_DAYS.customerDashboard);
  const offset = (query.page - 1) * TABLE_PAGE_SIZE;
  const rows = await rowsOf<Row>(
    db.execute(sql`
    with scope as (
      select cards.id, cards.card_title, cards.created_at, cards.card_status,
        case when ${inList('cards.card_status', MARKED_COMPLETE_STATUSES)} then cards.completed_at end as completed_at
      from cards
      where cards.client_id = ${customerId} and ${inRange(sql`cards.created_at`, range)}
        and ${visibleCardsWhere(viewer) ?? sql`true`}
    ),
    page as (
      select id as card_id, card_title, created_at, completed_at, card_status from scope
      order by created_at desc, id desc limit ${TABLE_PAGE_SIZE} offset ${offset}
    )
    select (select count(*)::int from scope) as n, page.* from (select 1) one left join page on true
    order by page.created_at desc, page.card_id desc`),
  );
  return {
    range: { start_date: range.start_date, end_date: range.end_date },
    data: rows
      .filter((r) => r.card_id !== null)
      .map((r, i) => ({
        serial: offset + i + 1,
        card_id: r.card_id!,
        card_title: r.card_title,
        created_at: isoOf(r.created_at),
        completed_at: isoOrNull(r.completed_at),
        card_status: r.card_status,
      })),
    count: rows[0]?.n ?? 0,
    page: query.page,
    page_size: TABLE_PAGE_SIZE,
  };
}
