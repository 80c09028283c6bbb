import { sql } from 'drizzle-orm';
import { TABLE_PAGE_SIZE } from '@cutroom/domain';
import type { CsatReply, profileReportQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { SessionUser } from '../../platform/auth.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';
import { visibleUser } from '../users/public.js';
import { personCardsWhere, profileDays } from './comment-stats.service.js';
import { inRange, resolveRange, rowsOf } from './report-range.js';
import { CREDITED_QA, ratedCard, rounded } from './staff-stats.sql.js';

interface CsatRow {
  customers: number;
  rated: number;
  total: number;
  client_id: number | null;
  client_fname: string;
  client_lname: string;
  card_tile: string[];
  rated_videos: number;
  total_rating: number;
  rating_comments: string[];
  csat: number;
}

const HELPER_ROLES = new Set(['yt-helper', 'yt-helper-lead']);

/**
 * GET /api/user/:userId/csat: the person's ratings of the range per customer, 10 a page, and the
 * person's CSAT, in one statement. A QA's ratings are those credited to them (kept on the rating, else the card's QA),
 * a lead's those of their team's QAs; a helper's the helper-side ratings of their cards.
 */
export async function csat(
  db: Db,
  viewer: SessionUser,
  userId: number,
  query: z.output<typeof profileReportQuery>,
  zone: string,
): Promise<CsatReply> {
  const person = await visibleUser(db, viewer, userId);
  const range = resolveRange(query, zone, profileDays(viewer));
  const helper = HELPER_ROLES.has(person.clientType);
  const whose = helper
    ? sql`r.card_type = 'yt' and ${personCardsWhere(sql`cards.yt_helper_id`, person, 'yt-helper-lead')}`
    : sql`r.card_type in ('done', 'repurpose') and ${personCardsWhere(CREDITED_QA, person, 'team-lead')}`;
  const rows = await rowsOf<CsatRow>(
    db.execute(sql`
    with per_customer as (
      select cards.client_id, array_agg(distinct cards.card_title) as card_tile,
        count(*)::int as rated_videos, sum(r.rating)::int as total_rating,
        coalesce(array_agg(r.comment order by r.created_at, r.id) filter (where coalesce(r.comment, '') <> ''), '{}') as rating_comments
      from card_ratings r ${ratedCard}
      where ${inRange(sql`r.created_at`, range)} and ${whose} and ${visibleCardsWhere(viewer) ?? sql`true`}
      group by cards.client_id
    ),
    summary as (
      select count(*)::int as customers, coalesce(sum(rated_videos), 0)::int as rated,
        coalesce(sum(total_rating), 0)::int as total
      from per_customer
    ),
    page as (
      select pc.*, u.firstname as client_fname, u.lastname as client_lname,
        ${rounded(sql`pc.total_rating::numeric / pc.rated_videos`, 2)} as csat
      from per_customer pc join users u on u.id = pc.client_id
      order by u.firstname, u.lastname, u.id
      limit ${TABLE_PAGE_SIZE} offset ${(query.page - 1) * TABLE_PAGE_SIZE}
    )
    select summary.*, page.* from summary left join page on true
    order by page.client_fname, page.client_lname, page.client_id`),
  );
  const s = rows[0]!;
  return {
    range: { start_date: range.start_date, end_date: range.end_date },
    data: rows
      .filter((r) => r.client_id !== null)
      .map(({ customers: _c, rated: _r, total: _t, ...row }) => ({ ...row, client_id: row.client_id! })),
    count: s.customers,
    summary: {
      rated_videos: s.rated,
      total_rating: s.total,
      csat: Math.round((s.total / Math.max(1, s.rated)) * 100) / 100,
    },
  };
}
