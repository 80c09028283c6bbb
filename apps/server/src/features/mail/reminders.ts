import { and, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { cardDetailsPath } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { cards, users } from '../../db/schema.js';
import { preferencesUrlOf } from './notification-mails.js';
import { queueMail } from './outbox.js';
import { linkMail } from './templates.js';

const HOUR = 3_600_000;
/** Statuses before the card reaches QA: the editor still owes the cut. */
const BEFORE_QA = ['video_request', 'on_hold', 'editing', 'repurpose_editing'] as const;

/**
 * Beyond the spec: a card due within 24 hours and not yet in QA mails its assignee once per due
 * date (the dedupe key holds the date, so a moved due date reminds again).
 */
export async function queueDueReminders(db: Db, publicUrl: string, now = new Date()) {
  const due = await db
    .select({
      id: cards.id,
      title: cards.cardTitle,
      dueDate: cards.dueDate,
      assigneeId: users.id,
      firstname: users.firstname,
      email: users.useremail,
    })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.assignedTo))
    .where(
      and(
        inArray(cards.cardStatus, [...BEFORE_QA]),
        isNotNull(cards.dueDate),
        gt(cards.dueDate, now),
        lte(cards.dueDate, new Date(now.getTime() + 24 * HOUR)),
        eq(cards.paused, false),
        isNull(cards.archivedAt),
        eq(users.isDeleted, false),
      ),
    );
  await queueMail(
    db,
    due.map((c) => {
      const hours = Math.max(1, Math.round((c.dueDate!.getTime() - now.getTime()) / HOUR));
      return {
        recipientId: c.assigneeId,
        to: c.email,
        subject: `Due in ${hours} h: "${c.title}"`,
        ...linkMail({
          greeting: `Hi ${c.firstname},`,
          lines: [`"${c.title}" is due in about ${hours} hour${hours === 1 ? '' : 's'} and has not reached QA yet.`],
          action: { label: 'Open the card', url: `${publicUrl}${cardDetailsPath(c.id)}` },
          preferencesUrl: preferencesUrlOf(publicUrl),
        }),
        kind: 'due_reminder',
        dedupeKey: `due:${c.id}:${c.assigneeId}:${c.dueDate!.toISOString()}`,
      };
    }),
  );
  return due.length;
}
