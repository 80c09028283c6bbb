import { inArray } from 'drizzle-orm';
import { cardDetailsPath } from '@cutroom/domain';
import type { NotificationType } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import type { notifications } from '../../db/schema.js';
import { cards, users } from '../../db/schema.js';
import { queueMail, type QueuedMail } from './outbox.js';
import { linkMail } from './templates.js';

type NotificationRow = typeof notifications.$inferSelect;

const SUBJECT: Record<NotificationType, (title: string) => string> = {
  card_movement: (title) => `"${title}" moved`,
  card_comment: (title) => `New comment on "${title}"`,
  card_comment_tag: (title) => `You were mentioned on "${title}"`,
};

/** The recipient and their assistants (spec 002 §3 secondary_email: they get the same mails). */
export const addressesOf = (user: { useremail: string; secondaryEmail: string | null }) => [
  user.useremail,
  ...(user.secondaryEmail ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean),
];

/** Where a mail's footer sends its reader to unsubscribe: the own profile's email preferences. */
export const preferencesUrlOf = (publicUrl: string) => `${publicUrl}/profile?tab=basic#email-preferences`;

/**
 * Queues the mail of each new notification whose recipient wants that type (mail preferences),
 * in the transaction that created the notifications. `publicUrl` makes the links absolute.
 */
export async function queueNotificationMails(tx: Db, rows: readonly NotificationRow[], publicUrl: string) {
  if (rows.length === 0) return;
  const recipientIds = [...new Set(rows.map((r) => r.recipientId))];
  const cardIds = [...new Set(rows.map((r) => r.cardId).filter((id): id is number => id !== null))];
  const [recipients, cardRows] = await Promise.all([
    tx
      .select({
        id: users.id,
        firstname: users.firstname,
        useremail: users.useremail,
        secondaryEmail: users.secondaryEmail,
        mailPreferences: users.mailPreferences,
        isDeleted: users.isDeleted,
      })
      .from(users)
      .where(inArray(users.id, recipientIds)),
    cardIds.length
      ? tx.select({ id: cards.id, title: cards.cardTitle }).from(cards).where(inArray(cards.id, cardIds))
      : [],
  ]);
  const byId = new Map(recipients.map((u) => [u.id, u]));
  const titles = new Map(cardRows.map((c) => [c.id, c.title]));
  const preferencesUrl = preferencesUrlOf(publicUrl);

  const mails: QueuedMail[] = [];
  for (const row of rows) {
    const user = byId.get(row.recipientId);
    if (!user || user.isDeleted || user.mailPreferences[row.type] !== 1) continue;
    // Digest readers get these once a day (digest.ts), not one by one.
    if (user.mailPreferences.daily_digest === 1) continue;
    const title = (row.cardId && titles.get(row.cardId)) || 'your card';
    const url = `${publicUrl}${row.actionLink ?? (row.cardId ? cardDetailsPath(row.cardId) : '/notifications')}`;
    const body = linkMail({
      greeting: `Hi ${user.firstname},`,
      lines: [row.data],
      action: { label: row.cardId ? 'Open the card' : 'Open Cutroom', url },
      preferencesUrl,
    });
    for (const to of addressesOf(user))
      mails.push({
        recipientId: user.id,
        to,
        subject: SUBJECT[row.type](title),
        ...body,
        kind: row.type,
        dedupeKey: `notification:${row.id}:${to.toLowerCase()}`,
      });
  }
  await queueMail(tx, mails);
}
