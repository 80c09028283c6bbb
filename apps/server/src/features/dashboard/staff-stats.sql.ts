import { sql, type SQL } from 'drizzle-orm';
import type { ReportTab, Role } from '@cutroom/domain';
import { cardInProgressSql, ytInProgressSql } from '../../db/sql-lists.js';
import type { SessionUser } from '../../platform/auth.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';
import { visibleUsersWhere } from '../users/public.js';
import { inRange, type ReportRange } from './report-range.js';

/**
 * The staff rows of the dashboard (docs/reporting.md "Card figures"), each tab one SQL statement.
 * `cards` is never aliased: visibleCardsWhere names its columns as "cards"."…".
 */

/** The QA a rating is credited to: the one kept on it, else the card's (docs/reporting.md "Rating admin"). */
export const CREDITED_QA = sql`coalesce(r.assigned_qa_id, cards.assigned_qa_id)`;

/** Which card columns a side's figures read: the normal side, or the YouTube helper's. */
interface Side {
  videoRequest: SQL;
  inProgress: SQL;
  canceled: SQL;
  /** The last delivery of the card's round, null while undelivered. */
  doneAt: SQL;
  due: SQL;
  assignedAt: SQL;
  revisions: SQL;
  revisionFrom: string[];
  revisionTo: string[];
  deliveredTo: string;
  ratingTypes: string[];
}

const MAIN: Side = {
  videoRequest: sql`cards.card_status = 'video_request'`,
  inProgress: cardInProgressSql,
  canceled: sql`cards.card_status = 'canceled'`,
  doneAt: sql`cards.done_at`,
  due: sql`cards.due_date`,
  assignedAt: sql`cards.assigned_at`,
  revisions: sql`cards.revision_nr`,
  revisionFrom: ['done'],
  revisionTo: ['editing', 'video_request'],
  deliveredTo: 'done',
  ratingTypes: ['done'],
};

// The helper side has no done_at: its delivery is the latest activity row into Review (or Completed).
const YT: Side = {
  videoRequest: sql`coalesce(cards.yt_card_status, 'assigned') = 'assigned'`,
  inProgress: ytInProgressSql,
  canceled: sql`cards.yt_card_status = 'cancelled'`,
  doneAt: sql`(case when cards.yt_card_status in ('inDone', 'completed') then coalesce(
    (select max(a.created_at) from card_activity a where a.card_id = cards.id and a.to_status = 'yt:inDone'),
    (select max(a.created_at) from card_activity a where a.card_id = cards.id and a.to_status = 'yt:completed')) end)`,
  due: sql`cards.yt_due_date`,
  assignedAt: sql`cards.yt_assigned_time`,
  revisions: sql`cards.yt_card_revision`,
  revisionFrom: ['yt:inDone'],
  revisionTo: ['yt:inProgress', 'yt:assigned'],
  deliveredTo: 'yt:inDone',
  ratingTypes: ['yt'],
};

/** Whose row a card (and a rating) counts in, per staff tab; `q` is the card's or rating's QA. */
interface TabShape {
  role: Role;
  side: Side;
  cardPerson: SQL;
  ratingPerson: SQL;
  /** Joins `q` (the QA) when the person is the QA's lead. */
  viaQa: boolean;
}
export type StaffTab = Exclude<ReportTab, 'customerTab'>;
export const TAB_SHAPES: Record<StaffTab, TabShape> = {
  QaTab: {
    role: 'qa',
    side: MAIN,
    cardPerson: sql`cards.assigned_qa_id`,
    ratingPerson: CREDITED_QA,
    viaQa: false,
  },
  TeamLeadTab: {
    role: 'team-lead',
    side: MAIN,
    cardPerson: sql`q.assigned_to_lead_id`,
    ratingPerson: sql`q.assigned_to_lead_id`,
    viaQa: true,
  },
  YTHelperTab: {
    role: 'yt-helper',
    side: YT,
    cardPerson: sql`cards.yt_helper_id`,
    ratingPerson: sql`cards.yt_helper_id`,
    viaQa: false,
  },
};

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const visible = (viewer: SessionUser) => visibleCardsWhere(viewer) ?? sql`true`;
/**
 * The rated card of `card_ratings r`, still named `cards`, fetched by its key for each rating: the range
 * holds hundreds of ratings, while a plain join let the planner scan all cards through the visibility
 * filter (88 of a lead's 102 ms at 100,000 cards). OFFSET 0 keeps the subquery from being flattened.
 */
export const ratedCard = sql`cross join lateral (select * from cards where cards.id = r.card_id offset 0) cards`;
const hours = (later: SQL, earlier: SQL) => sql`extract(epoch from (${later} - ${earlier})) / 3600`;
/** round(x, places) as a JS number on both drivers (numeric comes back as text from node-postgres). */
export const rounded = (value: SQL, places: number) => sql`coalesce(round((${value})::numeric, ${places}), 0)::float8`;

/**
 * The people a tab lists: those of the tab's role the viewer may see (users/visibility.ts), plus
 * anyone visible with figures in the range who has since left (deleted or re-typed: teamLeadUpdated).
 */
export const tabPeople = (viewer: SessionUser, role: Role, withFigures: SQL) => sql`
  select users.id, users.firstname, users.lastname, users.assigned_to_lead_id as lead_id,
    lead_user.firstname as lead_first, lead_user.lastname as lead_last,
    (users.is_deleted or users.client_type <> ${role}) as left_team
  from users left join users lead_user on lead_user.id = users.assigned_to_lead_id
  where ${visibleUsersWhere(viewer) ?? sql`true`}
    and ((users.client_type = ${role} and not users.is_deleted) or users.id in (${withFigures}))`;

/** One staff tab's rows: card figures, revision times and ratings per person, in one statement. */
export function staffStatsSql(viewer: SessionUser, tab: StaffTab, range: ReportRange): SQL {
  const { role, side, cardPerson, ratingPerson, viaQa } = TAB_SHAPES[tab];
  const qaOfCard = viaQa ? sql`join users q on q.id = cards.assigned_qa_id` : sql``;
  const delivered = sql`(done_at is not null and not canceled)`;
  return sql`
  with scope as (
    select ${cardPerson} as person_id, ${side.videoRequest} as video_request, ${side.inProgress} as in_progress,
      ${side.canceled} as canceled, ${side.doneAt} as done_at, ${side.due} as due, ${side.assignedAt} as assigned_at,
      ${side.revisions} as revisions, cards.paused
    from cards ${qaOfCard}
    where ${inRange(sql`cards.created_at`, range)} and ${cardPerson} is not null and ${visible(viewer)}
  ),
  figures as (
    select person_id,
      count(*)::int as total_request,
      count(*) filter (where video_request)::int as video_request,
      count(*) filter (where in_progress)::int as in_progress,
      count(*) filter (where ${delivered})::int as completed,
      count(*) filter (where ${delivered} and done_at <= due)::int as on_time,
      count(*) filter (where in_progress and not paused and due < now())::int as overdue,
      count(*) filter (where in_progress and not paused and due < now() and revisions > 0)::int as revision_overdue,
      ${rounded(sql`avg(${hours(sql`done_at`, sql`assigned_at`)}) filter (where ${delivered})`, 1)} as average_time,
      coalesce(sum(revisions) filter (where not canceled), 0)::int as revision_count
    from scope group by person_id
  ),
  revisions as (
    select ${cardPerson} as person_id,
      ${rounded(sql`avg(${hours(sql`next_done.at`, sql`a.created_at`)})`, 1)} as average_time,
      count(next_done.at)::int as measured
    from card_activity a
    join cards on cards.id = a.card_id ${qaOfCard}
    left join lateral (
      select min(b.created_at) as at from card_activity b
      where b.card_id = a.card_id and b.to_status = ${side.deliveredTo} and b.created_at > a.created_at
    ) next_done on true
    where ${inRange(sql`a.created_at`, range)} and a.from_status in (${list(side.revisionFrom)})
      and a.to_status in (${list(side.revisionTo)}) and ${cardPerson} is not null and ${visible(viewer)}
    group by 1
  ),
  ratings as (
    select ${ratingPerson} as person_id, sum(r.rating)::int as total_rating, count(*)::int as rated_videos
    from card_ratings r
    ${ratedCard} ${viaQa ? sql`join users q on q.id = ${CREDITED_QA}` : sql``}
    where ${inRange(sql`r.created_at`, range)} and r.card_type in (${list(side.ratingTypes)})
      and ${ratingPerson} is not null and ${visible(viewer)}
    group by 1
  ),
  people as (${tabPeople(
    viewer,
    role,
    sql`select person_id from figures union select person_id from revisions union select person_id from ratings`,
  )})
  select p.id as user_id, p.firstname, p.lastname, p.lead_id, p.lead_first, p.lead_last, p.left_team,
    coalesce(f.total_request, 0) as total_request, coalesce(f.video_request, 0) as video_request,
    coalesce(f.in_progress, 0) as in_progress, coalesce(f.on_time, 0) as on_time,
    coalesce(f.overdue, 0) as overdue, coalesce(f.revision_overdue, 0) as revision_overdue,
    coalesce(f.completed, 0) as completed, coalesce(f.average_time, 0) as average_time,
    ${rounded(sql`coalesce(f.completed, 0)::numeric / greatest(1, ${range.days}::int)`, 2)} as average_video_count,
    coalesce(f.revision_count, 0) as revision_count,
    coalesce(rv.average_time, 0) as revision_average_time, coalesce(rv.measured, 0) as revision_average_time_count,
    coalesce(rt.total_rating, 0) as total_rating, coalesce(rt.rated_videos, 0) as rated_videos
  from people p
  left join figures f on f.person_id = p.id
  left join revisions rv on rv.person_id = p.id
  left join ratings rt on rt.person_id = p.id
  order by p.firstname, p.lastname, p.id`;
}

/** The circular graphs: every card the viewer sees created in the range, and the range's done ratings. */
export function videoStatsSql(viewer: SessionUser, range: ReportRange): SQL {
  const delivered = sql`cards.done_at is not null and cards.card_status <> 'canceled'`;
  return sql`
  with figures as (
    select count(*)::int as total_videos,
      count(*) filter (where ${cardInProgressSql})::int as in_progress,
      count(*) filter (where ${delivered})::int as completed,
      ${rounded(sql`avg(${hours(sql`cards.done_at`, sql`cards.assigned_at`)}) filter (where ${delivered})`, 1)} as avg_time,
      count(*) filter (where ${cardInProgressSql} and not cards.paused and cards.due_date < now())::int as overdue
    from cards
    where ${inRange(sql`cards.created_at`, range)} and ${visible(viewer)}
  ),
  rated as (
    select coalesce(sum(r.rating), 0)::int as total, count(*)::int as rated_videos
    from card_ratings r ${ratedCard}
    where ${inRange(sql`r.created_at`, range)} and r.card_type = 'done' and ${visible(viewer)}
  )
  select figures.*, rated.rated_videos,
    ${rounded(sql`rated.total::numeric / greatest(1, rated.rated_videos)`, 2)} as avg_rating
  from figures, rated`;
}
