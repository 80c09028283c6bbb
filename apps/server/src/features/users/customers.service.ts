import { and, asc, count, eq, getTableName, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BILLING_PERIOD_DAYS,
  CLOCK_TIME_ZONE,
  INACTIVE_DAYS,
  MIDDLE_ACTIVITY_DAYS,
  REQUESTS_PER_PERIOD,
  isTimeZone,
  type customerFilters,
  type customersQuery,
  type SubscriptionType,
} from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { cards, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import { toUserViews } from './user-view.js';
import { visibleUsersWhere } from './visibility.js';

type Filters = z.infer<typeof customerFilters>;
type CustomersQuery = z.infer<typeof customersQuery>;

/** The caller's zone for date filters; an unknown or missing header falls back to the portal's clock. */
export const zoneOf = (header: unknown) =>
  typeof header === 'string' && isTimeZone(header) ? header : CLOCK_TIME_ZONE;

/** `%term%` for ILIKE with the user's own wildcards taken literally. */
export const likeTerm = (search: string | undefined) =>
  search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;

/** Name or email contains the term. */
export const nameOrEmail = (term: string) =>
  or(
    ilike(users.firstname, term),
    ilike(users.lastname, term),
    ilike(users.useremail, term),
    ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, term),
  );

const planRows = Object.entries(REQUESTS_PER_PERIOD).filter(([plan]) => plan !== 'single');
/**
 * requestLimitOf (domain) as SQL, so counters sum it without loading customers: the admin's override,
 * a custom plan's number (0 without one), the plan's table value, and single for missing or unknown plans.
 * users.test.ts checks it against requestLimitOf for every plan.
 */
export const allowanceSql = sql<number | null>`(case
  when ${users.requestLimit} is not null then ${users.requestLimit}
  when ${users.subscriptionType} = ${'custom' satisfies SubscriptionType} then coalesce(${users.customSubscription}::int, 0)
  ${sql.join(
    planRows.map(
      ([plan, n]) => sql`when ${users.subscriptionType} = ${plan} then ${n === null ? sql`null` : sql`${n}`}::int`,
    ),
    sql` `,
  )}
  else ${REQUESTS_PER_PERIOD.single}::int end)`;

const since = (days: number) => sql`now() - make_interval(days => ${days}::int)`;

/**
 * Requests the customer created in the last 30 days (cards_client_board_idx serves the client_id lookup).
 * Drizzle leaves columns of a one-table select list unqualified, so the outer users.id is named in full.
 */
const outerUserId = sql`${sql.identifier(getTableName(users))}.${sql.identifier(users.id.name)}`;
const recentRequestsSql = sql<number>`(select count(*)::int from ${cards} as recent where recent.${sql.identifier(cards.clientId.name)} = ${outerUserId} and recent.${sql.identifier(cards.createdAt.name)} >= ${since(BILLING_PERIOD_DAYS)})`;

/** Last sign-in, or sign-up for a customer who never signed in, so a new account isn't "inactive". */
const lastSeen = sql`coalesce(${users.lastLoginTime}, ${users.createdAt})`;
const activityWhere = (activity: Filters['activity']): SQL | undefined => {
  switch (activity) {
    case 'active':
      return sql`${lastSeen} > ${since(MIDDLE_ACTIVITY_DAYS)}`;
    case 'inactive_14':
      return sql`${lastSeen} <= ${since(MIDDLE_ACTIVITY_DAYS)} and ${lastSeen} > ${since(INACTIVE_DAYS)}`;
    case 'inactive_30':
      return sql`${lastSeen} <= ${since(INACTIVE_DAYS)}`;
    default:
      return undefined;
  }
};

/** The visible, not deleted customers the filters match; dates are whole days in the caller's zone. */
export function customersWhere(viewer: SessionUser, filters: Filters, zone: string) {
  const term = likeTerm(filters.search);
  return and(
    eq(users.clientType, 'customer'),
    eq(users.isDeleted, false),
    visibleUsersWhere(viewer),
    term ? nameOrEmail(term) : undefined,
    filters.customerType ? eq(users.subscriptionType, filters.customerType) : undefined,
    filters.referral ? eq(users.referral, filters.referral) : undefined,
    activityWhere(filters.activity),
    filters.startDate
      ? gte(users.createdAt, sql`(${filters.startDate}::date::timestamp at time zone ${zone})`)
      : undefined,
    filters.endDate
      ? lt(users.createdAt, sql`((${filters.endDate}::date + 1)::timestamp at time zone ${zone})`)
      : undefined,
  );
}

/** Active and inactive subscriptions, the plans' allowance and the last 30 days' requests of the matching customers. */
export async function customerCounters(db: Db, where: SQL | undefined) {
  const [[totals], [requested]] = await Promise.all([
    db
      .select({
        active: sql<number>`count(*) filter (where ${users.isActiveSubscription})::int`,
        inactive: sql<number>`count(*) filter (where not ${users.isActiveSubscription})::int`,
        allowed: sql<number>`coalesce(sum(${allowanceSql}), 0)::int`,
      })
      .from(users)
      .where(where),
    db
      .select({ n: count() })
      .from(cards)
      .innerJoin(users, eq(users.id, cards.clientId))
      .where(and(where, gte(cards.createdAt, since(BILLING_PERIOD_DAYS)))),
  ]);
  return {
    active: totals?.active ?? 0,
    inactive: totals?.inactive ?? 0,
    allowedCards30d: totals?.allowed ?? 0,
    requestedCards: requested?.n ?? 0,
  };
}

/** A page of the customers list with each one's allowance and recent requests, the total and the counters. */
export async function listCustomers(db: Db, viewer: SessionUser, query: CustomersQuery, zoneHeader: unknown) {
  const where = customersWhere(viewer, query, zoneOf(zoneHeader));
  const [rows, [total], counters] = await Promise.all([
    db
      .select({ user: users, allowed: allowanceSql, recent: recentRequestsSql })
      .from(users)
      .where(where)
      .orderBy(asc(users.firstname), asc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(users).where(where),
    customerCounters(db, where),
  ]);
  const views = await toUserViews(
    db,
    rows.map((r) => r.user),
    true,
  );
  return {
    customers: views.map((view, i) => ({
      ...view,
      totalAllowedVideoCount: rows[i]!.allowed,
      oneMonthCreatedVideo: rows[i]!.recent,
    })),
    count: total?.n ?? 0,
    counters,
  };
}

/** POST /api/customers-cards-count: the counters over the visible customers, optionally of one plan. */
export const customersCardsCount = (db: Db, viewer: SessionUser, customerType: SubscriptionType | undefined) =>
  customerCounters(db, customersWhere(viewer, { customerType }, CLOCK_TIME_ZONE));

const CSV_COLUMNS = ['firstname', 'lastname', 'useremail', 'referral', 'otherreferral', 'social_media_link'] as const;

/** One CSV cell: a leading =, +, -, @, tab or CR would run as a formula in a spreadsheet, so it gets an apostrophe. */
export function csvCell(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** GET /api/exportCustomers: every customer the filters match, as CSV rows (spec 002 §7's export columns). */
export async function exportCustomersCsv(db: Db, viewer: SessionUser, filters: Filters, zoneHeader: unknown) {
  const rows = await db
    .select({
      firstname: users.firstname,
      lastname: users.lastname,
      useremail: users.useremail,
      referral: users.referral,
      otherreferral: users.otherreferral,
      social_media_link: users.socialMediaLink,
    })
    .from(users)
    .where(customersWhere(viewer, filters, zoneOf(zoneHeader)))
    .orderBy(asc(users.firstname), asc(users.id));
  const lines = [CSV_COLUMNS.join(','), ...rows.map((r) => CSV_COLUMNS.map((c) => csvCell(r[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
