import { sql, type SQL } from 'drizzle-orm';
import { cardInProgressSql } from '../../db/sql-lists.js';
import type { SessionUser } from '../../platform/auth.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';
import { visibleUsersWhere } from '../users/public.js';
import { inRange, type ReportRange } from './report-range.js';
import { ratedCard, rounded } from './staff-stats.sql.js';

/** The customer tab (docs/reporting.md "Customer averages"): customers rate the done and repurpose parts. */
const CUSTOMER_RATED = sql`r.card_type in ('done', 'repurpose')`;
const visible = (viewer: SessionUser) => visibleCardsWhere(viewer) ?? sql`true`;
const delivered = sql`cards.done_at is not null and cards.card_status <> 'canceled'`;
const hoursToDeliver = sql`extract(epoch from (cards.done_at - cards.assigned_at)) / 3600`;

/** One row per customer with cards the viewer sees created in the range. */
export function customerRowsSql(viewer: SessionUser, range: ReportRange): SQL {
  return sql`
  with figures as (
    select cards.client_id,
      count(*)::int as total_request,
      count(*) filter (where ${cardInProgressSql})::int as in_progress,
      count(*) filter (where ${delivered})::int as completed,
      ${rounded(sql`avg(${hoursToDeliver}) filter (where ${delivered})`, 1)} as average_time
    from cards
    where ${inRange(sql`cards.created_at`, range)} and ${visible(viewer)}
    group by cards.client_id
  ),
  ratings as (
    select cards.client_id, sum(r.rating)::int as total_rating, count(*)::int as rated_videos
    from card_ratings r ${ratedCard}
    where ${inRange(sql`r.created_at`, range)} and ${CUSTOMER_RATED} and ${visible(viewer)}
    group by cards.client_id
  )
  select u.id as client_id, trim(u.firstname || ' ' || u.lastname) as customer_name, u.is_deleted,
    f.total_request, f.in_progress, f.completed, f.average_time,
    coalesce(rt.total_rating, 0) as total_rating, coalesce(rt.rated_videos, 0) as rated_videos
  from figures f
  join users u on u.id = f.client_id
  left join ratings rt on rt.client_id = f.client_id
  order by customer_name, u.id`;
}

/** The 'Customer Averages' table over the customers the viewer sees and the cards of the range. */
export function customerAveragesSql(viewer: SessionUser, range: ReportRange): SQL {
  return sql`
  with customers as (
    select count(*)::int as total_customers,
      count(*) filter (where users.is_active_subscription)::int as active_customers
    from users
    where users.client_type = 'customer' and not users.is_deleted and ${visibleUsersWhere(viewer) ?? sql`true`}
  ),
  figures as (
    select count(*)::int as requested,
      count(*) filter (where ${delivered})::int as completed,
      ${rounded(sql`avg(${hoursToDeliver}) filter (where ${delivered})`, 1)} as average_time
    from cards
    where ${inRange(sql`cards.created_at`, range)} and ${visible(viewer)}
  ),
  ratings as (
    select coalesce(sum(r.rating), 0)::int as total, count(*)::int as total_ratings
    from card_ratings r ${ratedCard}
    where ${inRange(sql`r.created_at`, range)} and ${CUSTOMER_RATED} and ${visible(viewer)}
  )
  select c.total_customers, c.active_customers,
    ${rounded(sql`f.requested::numeric / greatest(1, c.total_customers)`, 2)} as average_requests,
    ${rounded(sql`f.completed::numeric / greatest(1, c.total_customers)`, 2)} as average_completed,
    f.average_time,
    ${rounded(sql`r.total::numeric / greatest(1, r.total_ratings)`, 2)} as average_rating,
    r.total_ratings
  from customers c, figures f, ratings r`;
}
