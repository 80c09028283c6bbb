import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_RANGE_DAYS, RESPONSE_RATE_CAP, TABLE_PAGE_SIZE, type Role } from '@cutroom/domain';
import type {
  ArtDashboardReply,
  CommentStats,
  ResponseRateReply,
  dashboardQuery,
  profileReportQuery,
} from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { SessionUser } from '../../platform/auth.js';
import { visibleUser } from '../users/public.js';
import { customerCommentsSql, perCardSql, type CommentChat } from './customer-comments.sql.js';
import { chosenTab } from './dashboard.service.js';
import { resolveRange, rowsOf, type ReportRange } from './report-range.js';
import { rounded, tabPeople, type StaffTab } from './staff-stats.sql.js';

type ProfileQuery = z.output<typeof profileReportQuery>;

/** A lead's figure is the mean of per-card rates, capped (spec 002 §9); anyone else's replied / total. least() skips nulls, so no rates is 0. */
const rateOf = (lead: boolean, p: { rateSum: SQL; cards: SQL; replied: SQL; total: SQL }) =>
  lead
    ? rounded(sql`least(${RESPONSE_RATE_CAP}, coalesce(${p.rateSum}, 0) / greatest(1, ${p.cards}))`, 2)
    : rounded(sql`100.0 * ${p.replied} / greatest(1, ${p.total})`, 2);

/** Whose figure a comment counts in, per tab; the lead's via the card's QA (`q`). */
const ART_TABS: Record<StaffTab, { role: Role; chat: CommentChat; person: SQL; join?: SQL; lead: boolean }> = {
  QaTab: { role: 'qa', chat: 'customer', person: sql`cards.assigned_qa_id`, lead: false },
  TeamLeadTab: {
    role: 'team-lead',
    chat: 'customer',
    person: sql`q.assigned_to_lead_id`,
    join: sql`join users q on q.id = cards.assigned_qa_id`,
    lead: true,
  },
  YTHelperTab: { role: 'yt-helper', chat: 'yt', person: sql`cards.yt_helper_id`, lead: false },
};

type ArtRow = Omit<
  CommentStats,
  'qaFirstName' | 'qaLastName' | 'leadFirstName' | 'leadLastName' | 'teamLeadUpdated'
> & {
  firstname: string;
  lastname: string;
  lead_first: string | null;
  lead_last: string | null;
  left_team: boolean;
};

function artSql(viewer: SessionUser, tab: StaffTab, range: ReportRange): SQL {
  const shape = ART_TABS[tab];
  const comments = customerCommentsSql({ viewer, chat: shape.chat, range, person: shape.person, join: shape.join });
  const rate = rateOf(shape.lead, {
    rateSum: sql`pp.rate_sum`,
    cards: sql`pp.rated_cards`,
    replied: sql`pp.replied`,
    total: sql`pp.total`,
  });
  return sql`
  with per_card as (${perCardSql(comments)}),
  per_person as (
    select person_id, sum(total)::int as total, sum(replied)::int as replied, count(*)::int as rated_cards,
      sum(rate) as rate_sum, sum(answer_hours) as answer_hours
    from per_card where person_id is not null group by person_id
  ),
  people as (${tabPeople(viewer, shape.role, sql`select person_id from per_person`)})
  select p.id as user_id, p.firstname, p.lastname, p.lead_first, p.lead_last, p.left_team,
    coalesce(pp.total, 0) as total_comments_count, coalesce(pp.replied, 0) as replied_count,
    ${rate} as response_rate, coalesce(pp.rated_cards, 0) as total_response_rated_cards,
    ${rounded(sql`pp.answer_hours / greatest(1, pp.replied)`, 1)} as average_response_hours
  from people p left join per_person pp on pp.person_id = p.id
  order by p.firstname, p.lastname, p.id`;
}

/** GET /api/art-dashboard-data: comment stats per person of the tab; the customer tab has no people rows. */
export async function artDashboardData(
  db: Db,
  viewer: SessionUser,
  query: z.output<typeof dashboardQuery>,
  zone: string,
): Promise<ArtDashboardReply> {
  const { tab } = chosenTab(viewer, query.tab);
  const range = resolveRange(query, zone, DEFAULT_RANGE_DAYS.staffDashboard);
  const reply = { range: { start_date: range.start_date, end_date: range.end_date }, tab };
  if (tab === 'customerTab') return { ...reply, data: [] };
  const rows = await rowsOf<ArtRow>(db.execute(artSql(viewer, tab, range)));
  return {
    ...reply,
    data: rows.map(({ firstname, lastname, lead_first, lead_last, left_team, ...figures }) => ({
      ...figures,
      qaFirstName: firstname,
      qaLastName: lastname,
      leadFirstName: lead_first,
      leadLastName: lead_last,
      teamLeadUpdated: left_team,
    })),
  };
}

/** A lead-type viewer opens profiles on the last 29 days, anyone else on the last 7 (spec 002 §9). */
export const profileDays = (viewer: SessionUser) =>
  viewer.role === 'team-lead' || viewer.role === 'yt-helper-lead'
    ? DEFAULT_RANGE_DAYS.profileLeadViewer
    : DEFAULT_RANGE_DAYS.profile;

/** The person's cards: their own, or for a lead those of the people they lead, as the dashboard's lead rows. */
export function personCardsWhere(column: SQL, person: { id: number; clientType: Role }, leadRole: Role) {
  return person.clientType === leadRole
    ? sql`${column} in (select team.id from users team where team.assigned_to_lead_id = ${person.id})`
    : sql`${column} = ${person.id}`;
}

interface RateRow {
  cards: number;
  total: number;
  replied: number;
  rate_sum: number;
  card_id: number | null;
  card_title: string;
  first_name: string;
  last_name: string;
  card_total: number;
  card_replied: number;
  card_rate: number;
}

/** The profile's Response Rate tables: per card, 10 a page, and the person's figure, in one statement. */
async function responseRate(
  db: Db,
  viewer: SessionUser,
  userId: number,
  query: ProfileQuery,
  zone: string,
  side: { chat: CommentChat; column: SQL; leadRole: Role },
): Promise<ResponseRateReply> {
  const person = await visibleUser(db, viewer, userId);
  const range = resolveRange(query, zone, profileDays(viewer));
  const lead = person.clientType === side.leadRole;
  const comments = customerCommentsSql({
    viewer,
    chat: side.chat,
    range,
    cardsWhere: personCardsWhere(side.column, person, side.leadRole),
  });
  const rows = await rowsOf<RateRow>(
    db.execute(sql`
    with per_card as (${perCardSql(comments)}),
    summary as (
      select count(*)::int as cards, coalesce(sum(total), 0)::int as total,
        coalesce(sum(replied), 0)::int as replied, coalesce(sum(rate), 0)::float8 as rate_sum
      from per_card
    ),
    page as (
      select pc.card_id, cards.card_title, u.firstname as first_name, u.lastname as last_name,
        pc.total as card_total, pc.replied as card_replied, ${rounded(sql`pc.rate`, 2)} as card_rate
      from per_card pc join cards on cards.id = pc.card_id join users u on u.id = cards.client_id
      order by pc.card_id desc
      limit ${TABLE_PAGE_SIZE} offset ${(query.page - 1) * TABLE_PAGE_SIZE}
    )
    select summary.*, page.* from summary left join page on true order by page.card_id desc`),
  );
  const s = rows[0]!;
  return {
    range: { start_date: range.start_date, end_date: range.end_date },
    data: rows
      .filter((r) => r.card_id !== null)
      .map((r) => ({
        card_id: r.card_id!,
        card_title: r.card_title,
        first_name: r.first_name,
        last_name: r.last_name,
        total_comments_count: r.card_total,
        replied_count: r.card_replied,
        response_rate: r.card_rate,
        total_response_rated_cards: 1,
      })),
    count: s.cards,
    summary: {
      total_comments_count: s.total,
      replied_count: s.replied,
      response_rate: lead
        ? Math.round(Math.min(RESPONSE_RATE_CAP, s.rate_sum / Math.max(1, s.cards)) * 100) / 100
        : Math.round((100 * s.replied * 100) / Math.max(1, s.total)) / 100,
      total_response_rated_cards: s.cards,
    },
  };
}

/** GET /api/user/:userId/responseRateV2: a QA's cards, or a team lead's team's, in the customer chat. */
export const qaResponseRate = (db: Db, viewer: SessionUser, userId: number, query: ProfileQuery, zone: string) =>
  responseRate(db, viewer, userId, query, zone, {
    chat: 'customer',
    column: sql`cards.assigned_qa_id`,
    leadRole: 'team-lead',
  });

/** GET /api/ythelper/user/:userId/responseRate: a helper's cards, or a helper lead's helpers', in the helper chat. */
export const helperResponseRate = (db: Db, viewer: SessionUser, userId: number, query: ProfileQuery, zone: string) =>
  responseRate(db, viewer, userId, query, zone, {
    chat: 'yt',
    column: sql`cards.yt_helper_id`,
    leadRole: 'yt-helper-lead',
  });
