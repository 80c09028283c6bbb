import { and, asc, count, eq, gte, ilike, inArray, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BILLING_PERIOD_DAYS,
  CLOCK_TIME_ZONE,
  INACTIVE_DAYS,
  MIDDLE_ACTIVITY_DAYS,
  REFERRALS,
  REQUESTS_PER_PERIOD,
  SUBSCRIPTION_TYPES,
  sameMeaningAs,
  valuesOf,
  type SubscriptionType,
} from '@cutroom/domain';
import type { customerFilters, customersQuery } from '@cutroom/domain/schemas';
import type { Db } from '../../db/client.js';
import { cards, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import { csvStream, keysetBatches, mapBatches } from '../../platform/csv.js';
import { toUserViews } from './user-view.js';
import { profileUsersWhere } from './visibility.js';

type Filters = z.infer<typeof customerFilters>;
type CustomersQuery = z.infer<typeof customersQuery>;

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

/** Requests created in the last 30 days by the customers of one page (cards_client_title_unique serves client_id). */
async function recentRequestsOf(db: Db, customerIds: number[]) {
  if (customerIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ clientId: cards.clientId, n: count() })
    .from(cards)
    .where(and(inArray(cards.clientId, customerIds), gte(cards.createdAt, since(BILLING_PERIOD_DAYS))))
    .groupBy(cards.clientId);
  return new Map(rows.map((r) => [r.clientId, r.n]));
}

/** Last sign-in, or sign-up for a customer who never signed in, so a new account isn't "inactive". */
const lastSeen = sql`coalesce(${users.lastLoginTime}, ${users.createdAt})`;
const activityWhere = (activity: Filters['activity']): SQL | undefined => {
  switch (activity) {
    case 'active':
      return sql`${lastSeen} > ${since(MIDDLE_ACTIVITY_DAYS)}`;
    case 'inactive_14':
      return sql`${lastSeen} <= ${since(MIDDLE_ACTIVITY_DAYS)} and ${lastSeen} >= ${since(INACTIVE_DAYS)}`;
    case 'inactive_30':
      // Over 30 days, as the domain's activityBand draws the band on the cards.
      return sql`${lastSeen} < ${since(INACTIVE_DAYS)}`;
    default:
      return undefined;
  }
};

/** A plan as the request limit reads it (requestLimitOf): a missing or unknown plan counts as single. */
const planIs = (plan: SubscriptionType) =>
  plan === 'single'
    ? or(
        eq(users.subscriptionType, 'single'),
        isNull(users.subscriptionType),
        notInArray(users.subscriptionType, valuesOf(SUBSCRIPTION_TYPES)),
      )
    : eq(users.subscriptionType, plan);

/** The visible, not deleted customers the filters match; dates are whole days in the caller's zone. */
export function customersWhere(viewer: SessionUser, filters: Filters, zone: string) {
  const term = likeTerm(filters.search);
  return and(
    eq(users.clientType, 'customer'),
    eq(users.isDeleted, false),
    profileUsersWhere(viewer),
    term ? nameOrEmail(term) : undefined,
    filters.customerType ? planIs(filters.customerType) : undefined,
    filters.referral ? inArray(users.referral, sameMeaningAs(REFERRALS, filters.referral)) : undefined,
    activityWhere(filters.activity),
    filters.startDate
      ? gte(users.createdAt, sql`(${filters.startDate}::date::timestamp at time zone ${zone})`)
      : undefined,
    filters.endDate
      ? lt(users.createdAt, sql`((${filters.endDate}::date + 1)::timestamp at time zone ${zone})`)
      : undefined,
  );
}

/**
 * How many customers match, and the counters over them: active and inactive subscriptions, the plans'
 * allowance and the last 30 days' requests. The total rides on the counters' pass over the customers;
 * without filters on other columns that pass, and the requests' join with cards_created_idx, read indexes only.
 */
async function matchingCustomers(db: Db, where: SQL | undefined) {
  const [[totals], [requested]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
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
    total: totals?.total ?? 0,
    counters: {
      active: totals?.active ?? 0,
      inactive: totals?.inactive ?? 0,
      allowedCards30d: totals?.allowed ?? 0,
      requestedCards: requested?.n ?? 0,
    },
  };
}

/** Active and inactive subscriptions, the plans' allowance and the last 30 days' requests of the matching customers. */
export async function customerCounters(db: Db, where: SQL | undefined) {
  return (await matchingCustomers(db, where)).counters;
}

/**
 * A page of the customers list with each one's allowance and recent requests, the total and the counters.
 * The page walks users_customers_list_idx in name order; recent requests are counted for its rows only.
 */
export async function listCustomers(db: Db, viewer: SessionUser, query: CustomersQuery, zone: string) {
  const where = customersWhere(viewer, query, zone);
  const [rows, matching] = await Promise.all([
    db
      .select({ user: users, allowed: allowanceSql })
      .from(users)
      .where(where)
      .orderBy(asc(users.firstname), asc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    matchingCustomers(db, where),
  ]);
  const ids = rows.map((r) => r.user.id);
  const [views, recent] = await Promise.all([
    toUserViews(
      db,
      rows.map((r) => r.user),
      true,
    ),
    recentRequestsOf(db, ids),
  ]);
  return {
    customers: views.map((view, i) => ({
      ...view,
      totalAllowedVideoCount: rows[i]!.allowed,
      oneMonthCreatedVideo: recent.get(ids[i]!) ?? 0,
    })),
    count: matching.total,
    counters: matching.counters,
  };
}

/** POST /api/customers-cards-count: the counters over the visible customers, optionally of one plan. */
export const customersCardsCount = (db: Db, viewer: SessionUser, customerType: SubscriptionType | undefined) =>
  customerCounters(db, customersWhere(viewer, { customerType }, CLOCK_TIME_ZONE));

const CSV_COLUMNS = ['firstname', 'lastname', 'useremail', 'referral', 'otherreferral', 'social_media_link'] as const;

/** GET /api/exportCustomers: every customer the filters match (spec 002 §7's export columns), streamed in keyset batches by (firstname, id). */
export async function exportCustomersCsv(db: Db, viewer: SessionUser, filters: Filters, zone: string) {
  const where = customersWhere(viewer, filters, zone);
  const read = (after: { id: number; firstname: string } | undefined, size: number) =>
    db
      .select({
        id: users.id,
        firstname: users.firstname,
        lastname: users.lastname,
        useremail: users.useremail,
        referral: users.referral,
        otherreferral: users.otherreferral,
        social_media_link: users.socialMediaLink,
      })
      .from(users)
      .where(and(where, after ? sql`(${users.firstname}, ${users.id}) > (${after.firstname}, ${after.id})` : undefined))
      .orderBy(asc(users.firstname), asc(users.id))
      .limit(size);
  return csvStream(
    CSV_COLUMNS,
    mapBatches(keysetBatches(read), (r) => CSV_COLUMNS.map((c) => r[c])),
  );
}
