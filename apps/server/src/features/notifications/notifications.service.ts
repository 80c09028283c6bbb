import { aliasedTable, and, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  BELL_LATEST,
  CLOCK_TIME_ZONE,
  isTimeZone,
  MAX_DB_ID,
  MSG,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_COUNT_CAP,
  NOTIFICATIONS_KEEP_MONTHS,
  todayIn,
  zoneOffsetMs,
  zoneParts,
} from '@cutroom/domain';
import type { NotificationView, markReadBody, notificationsV2Query } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { notifications, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { unseenCounts } from './notify.js';

type V2Query = z.output<typeof notificationsV2Query>;

/** The caller's zone for today, yesterday and date ranges: the header, else their profile's, else New York. */
export const zoneFor = (header: unknown, user: SessionUser) =>
  typeof header === 'string' && isTimeZone(header)
    ? header
    : isTimeZone(user.timezone)
      ? user.timezone
      : CLOCK_TIME_ZONE;

const actor = aliasedTable(users, 'actor');
const columns = {
  id: notifications.id,
  eventId: notifications.eventId,
  recipientId: notifications.recipientId,
  type: notifications.type,
  data: notifications.data,
  actionLink: notifications.actionLink,
  cardId: notifications.cardId,
  seenAt: notifications.seenAt,
  createdAt: notifications.createdAt,
  actorId: notifications.actorId,
  firstname: actor.firstname,
  lastname: actor.lastname,
  profileImg: actor.profileImg,
};
type Row = Awaited<ReturnType<typeof selectPage>>[number];

const toView = (r: Row): NotificationView => ({
  id: r.id,
  notification_unique_id: r.eventId,
  recipient_client_id: r.recipientId,
  type: r.type,
  data: r.data,
  action_link: r.actionLink,
  card_id: r.cardId,
  seen: r.seenAt !== null,
  seen_at: r.seenAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
  actor_id: r.actorId,
  firstname: r.firstname,
  lastname: r.lastname,
  profile_img: r.profileImg,
});

/** A page of one recipient's notifications, newest first: walks (recipient_id, created_at) backwards. */
const selectPage = (db: Db, where: SQL, limit: number, offset: number) =>
  db
    .select(columns)
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
const pageOf = async (db: Db, where: SQL, limit: number, offset = 0) =>
  (await selectPage(db, where, limit, offset)).map(toView);

const own = (user: SessionUser) => eq(notifications.recipientId, user.id);
const unseenOf = async (db: Db, userId: number) => (await unseenCounts(db, [userId])).get(userId) ?? 0;

export async function latestNotifications(ctx: AppContext, user: SessionUser) {
  const [list, unseen] = await Promise.all([pageOf(ctx.db, own(user), BELL_LATEST), unseenOf(ctx.db, user.id)]);
  return { notifications: list, notificationsCount: unseen };
}

export async function notificationsCount(ctx: AppContext, user: SessionUser) {
  return { notificationsCount: await unseenOf(ctx.db, user.id) };
}

/** The instant a calendar day (UTC date parts, shifted by days) starts in a zone, DST-aware. */
function dayStartIn(zone: string, y: number, m: number, d: number, shift = 0): Date {
  const wall = Date.UTC(y, m - 1, d + shift);
  let ms = wall - zoneOffsetMs(zone, wall);
  ms = wall - zoneOffsetMs(zone, ms);
  return new Date(ms);
}
/** Today's and yesterday's start in the caller's zone, and a YYYY-MM-DD day's start and end. */
export function dayBounds(zone: string, now = new Date()) {
  const p = zoneParts(zone, now);
  return {
    today: dayStartIn(zone, p.year, p.month, p.day),
    yesterday: dayStartIn(zone, p.year, p.month, p.day, -1),
  };
}
const dayOf = (zone: string, isoDate: string, shift = 0) => {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return dayStartIn(zone, y, m, d, shift);
};

/**
 * A date_from/date_to value as a YYYY-MM-DD day of the zone: a timestamp with an offset (or Z) is that
 * instant's day there; one without an offset is already a wall-clock time, so its own date.
 */
export function dayIn(zone: string, value: string, field: string): string {
  if (value.length === 10 || !/(?:[zZ]|[+-]\d{2}:\d{2})$/.test(value)) return value.slice(0, 10);
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new AppError('VALIDATION', MSG.dateInvalid, field);
  return todayIn(zone, at);
}

export async function listNotifications(ctx: AppContext, user: SessionUser, query: V2Query, zone: string) {
  const { today, yesterday } = dayBounds(zone);
  const from = query.date_from ? dayIn(zone, query.date_from, 'date_from') : undefined;
  const to = query.date_to ? dayIn(zone, query.date_to, 'date_to') : undefined;
  if (from && to && from > to) throw new AppError('VALIDATION', MSG.leaveDatesReversed, 'date_from');
  const filters = and(
    own(user),
    query.notification_type ? eq(notifications.type, query.notification_type) : undefined,
    from ? gte(notifications.createdAt, dayOf(zone, from)) : undefined,
    to ? lt(notifications.createdAt, dayOf(zone, to, 1)) : undefined,
  )!;
  const inGroup = {
    all: filters,
    today: and(filters, gte(notifications.createdAt, today))!,
    yesterday: and(filters, gte(notifications.createdAt, yesterday), lt(notifications.createdAt, today))!,
  };
  // One walk of the newest COUNT_CAP + 1 rows of the index gives all three totals; past the cap the
  // totals say 'at least' (countsCapped), so a heavy reader's first page costs the same as anyone's.
  const newest = ctx.db
    .select({ at: notifications.createdAt })
    .from(notifications)
    .where(filters)
    .orderBy(desc(notifications.createdAt))
    .limit(NOTIFICATIONS_COUNT_CAP + 1)
    .as('newest');
  const [page, [totals]] = await Promise.all([
    pageOf(ctx.db, inGroup[query.group], query.limit, (query.page - 1) * query.limit),
    ctx.db
      .select({
        all: count(),
        today: sql<number>`(count(*) filter (where ${newest.at} >= ${today.toISOString()}::timestamptz))::int`,
        yesterday: sql<number>`(count(*) filter (where ${newest.at} >= ${yesterday.toISOString()}::timestamptz and ${newest.at} < ${today.toISOString()}::timestamptz))::int`,
      })
      .from(newest),
  ]);
  const capped = totals!.all > NOTIFICATIONS_COUNT_CAP;
  const cap = (n: number) => Math.min(n, NOTIFICATIONS_COUNT_CAP);
  const counts = { all: cap(totals!.all), today: cap(totals!.today), yesterday: cap(totals!.yesterday) };
  const at = (n: NotificationView) => new Date(n.created_at).getTime();
  return {
    allNotifications: page,
    todayNotifications: page.filter((n) => at(n) >= today.getTime()),
    yesterdayNotifications: page.filter((n) => at(n) >= yesterday.getTime() && at(n) < today.getTime()),
    allNotificationsCount: counts[query.group],
    todayCount: counts.today,
    yesterdayCount: counts.yesterday,
    countsCapped: capped,
  };
}

/** Tells the caller's other tabs and devices the new unseen count. */
async function publishRead(ctx: AppContext, userId: number) {
  const unseen = await unseenOf(ctx.db, userId);
  await ctx.events.publish({ type: 'notifications.read', audience: { userIds: [userId] }, data: { unseen } });
  return unseen;
}

/** These own notifications (any other id: 404, nothing marked), or all of them, become seen. */
export async function markRead(ctx: AppContext, user: SessionUser, body: z.output<typeof markReadBody>) {
  const ids = [...new Set(body?.resultIds ?? [])];
  const marked = await ctx.db.transaction(async (tx) => {
    if (ids.length > 0) {
      const found = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(own(user), inArray(notifications.id, ids)));
      if (found.length !== ids.length) throw new AppError('NOT_FOUND', MSG.notificationNotFound);
    }
    const updated = await tx
      .update(notifications)
      .set({ seenAt: new Date() })
      .where(and(own(user), isNull(notifications.seenAt), ids.length > 0 ? inArray(notifications.id, ids) : undefined))
      .returning({ id: notifications.id });
    return updated.length;
  });
  const unseen = await publishRead(ctx, user.id);
  return { success: true, message: MSG.notificationsMarkedRead, marked, notificationsCount: unseen };
}

/** 'Delete 3 months old': the caller's notifications created more than three months ago. */
export async function deleteOld(ctx: AppContext, user: SessionUser) {
  const deleted = await ctx.db
    .delete(notifications)
    .where(
      and(
        own(user),
        lt(notifications.createdAt, sql`now() - make_interval(months => ${NOTIFICATIONS_KEEP_MONTHS}::int)`),
      ),
    )
    .returning({ id: notifications.id });
  const unseen = await publishRead(ctx, user.id);
  return { success: true, message: MSG.notificationsOldDeleted, deleted: deleted.length, notificationsCount: unseen };
}

/**
 * Who of one event's recipients has read it. The id is the event's (notification_unique_id) or the
 * caller's own notification id; only a recipient of that event may ask (404 otherwise).
 */
export async function readHistory(ctx: AppContext, user: SessionUser, id: string) {
  const rowId = /^\d{1,10}$/.test(id) && Number(id) <= MAX_DB_ID ? Number(id) : null;
  const [mine] = await ctx.db
    .select({ eventId: notifications.eventId })
    .from(notifications)
    .where(
      and(
        own(user),
        rowId === null ? eq(notifications.eventId, id) : or(eq(notifications.eventId, id), eq(notifications.id, rowId)),
      ),
    )
    // An event id spelled in digits would win over a row id.
    .orderBy(desc(sql`${notifications.eventId} = ${id}`))
    .limit(1);
  if (!mine) throw new AppError('NOT_FOUND', MSG.notificationNotFound);
  const uniqueId = mine.eventId;
  const rows = await ctx.db
    .select({
      readAt: notifications.seenAt,
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      role: users.clientType,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.recipientId))
    .where(and(eq(notifications.eventId, uniqueId), sql`${notifications.seenAt} is not null`))
    .orderBy(notifications.seenAt);
  return {
    history: rows.map((r) => ({
      read_at: r.readAt!.toISOString(),
      client_id: r.id,
      firstname: r.firstname,
      lastname: r.lastname,
      client_type: r.role,
    })),
  };
}

export const notificationTypes = () => ({ types: NOTIFICATION_TYPES.map((t) => ({ value: t.value, label: t.label })) });
