import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  CARD_STATUS_LABELS,
  cardDetailsPath,
  fill,
  mentionedRoles,
  MSG,
  type CardStatus,
  type NotificationType,
  type Role,
  type YtStatus,
  YT_STATUS_LABELS,
} from '@cutroom/domain';
import type { Db, Tx } from '../../db/client.js';
import { notifications, users, type cards } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { queueNotificationMails } from '../mail/public.js';

/*
 * The one place notifications are made. Each is written in the transaction of the change that causes
 * it (a move, a comment), with its mails; the unseen counts go out on the event stream after commit.
 */

type Card = Pick<
  typeof cards.$inferSelect,
  'id' | 'clientId' | 'assignedQaId' | 'assignedTo' | 'ytHelperId' | 'hasYoutubeHelper' | 'cardTitle'
>;
type Actor = Pick<SessionUser, 'id' | 'firstname' | 'lastname'>;

/**
 * The users who may see a card (DESIGN §4, the same rule as visibleCardsWhere, asked the other way
 * round): its customer (not for team chat), every admin, the team leads of its customer or of a QA in
 * the customer's slots, the QAs in those slots and the assigned QA, the assigned editor, and with a
 * YouTube helper its helper and every helper lead. Deleted users are left out.
 */
export function cardAudienceWhere(card: Card, staffOnly: boolean): SQL {
  const role = (r: Role) => eq(users.clientType, r);
  return and(
    eq(users.isDeleted, false),
    or(
      staffOnly ? undefined : and(role('customer'), eq(users.id, card.clientId)),
      role('admin'),
      and(
        role('team-lead'),
        sql`(${users.id} = (select c.assigned_to_lead_id from users c where c.id = ${card.clientId})
          or exists (select 1 from customer_qas cq join users q on q.id = cq.qa_id
            where cq.customer_id = ${card.clientId} and (q.id = ${users.id} or q.assigned_to_lead_id = ${users.id})))`,
      ),
      and(
        role('qa'),
        or(
          card.assignedQaId === null ? undefined : eq(users.id, card.assignedQaId),
          sql`exists (select 1 from customer_qas cq where cq.customer_id = ${card.clientId} and cq.qa_id = ${users.id})`,
        ),
      ),
      card.assignedTo === null ? undefined : and(role('editor'), eq(users.id, card.assignedTo)),
      card.ytHelperId === null ? undefined : and(role('yt-helper'), eq(users.id, card.ytHelperId)),
      card.hasYoutubeHelper || card.ytHelperId !== null ? role('yt-helper-lead') : undefined,
    ),
  )!;
}

/** Who hears about a change to a card: everyone who may see it (or its team chat), never the actor. */
export async function cardRecipients(tx: Db, card: Card, actorId: number, staffOnly: boolean) {
  return tx
    .select({ id: users.id, role: users.clientType })
    .from(users)
    .where(and(cardAudienceWhere(card, staffOnly), ne(users.id, actorId)));
}

const nameOf = (actor: Actor) => `${actor.firstname} ${actor.lastname}`.trim();

/** Inserts one event's notifications (one event id shared by its rows) and queues their mails. */
async function insertEvent(
  ctx: AppContext,
  tx: Db,
  rows: { recipientId: number; type: NotificationType; data: string }[],
  actor: Actor,
  card: Card,
) {
  if (rows.length === 0) return [];
  const eventId = randomUUID();
  const inserted = await tx
    .insert(notifications)
    // A guest of a review link acts as id 0: no account to point at.
    .values(
      rows.map((r) => ({
        ...r,
        eventId,
        actorId: actor.id > 0 ? actor.id : null,
        cardId: card.id,
        actionLink: cardDetailsPath(card.id),
      })),
    )
    .returning();
  await queueNotificationMails(tx, inserted, ctx.config.publicUrl);
  return inserted;
}

/** card_movement news (`data`) for everyone who sees the card but the actor; inside the change's transaction. */
async function notifyProgress(ctx: AppContext, tx: Tx, actor: Actor, card: Card, data: string) {
  const recipients = await cardRecipients(tx, card, actor.id, false);
  return insertEvent(
    ctx,
    tx,
    recipients.map((r) => ({ recipientId: r.id, type: 'card_movement' as const, data })),
    actor,
    card,
  );
}

/** A move: `to` is a normal status, or the helper board's column title for a helper move. */
export const notifyMove = (ctx: AppContext, tx: Tx, actor: Actor, card: Card, to: CardStatus | { yt: YtStatus }) =>
  notifyProgress(
    ctx,
    tx,
    actor,
    card,
    fill(MSG.notificationMoved, {
      name: nameOf(actor),
      title: card.cardTitle,
      column: typeof to === 'string' ? CARD_STATUS_LABELS[to] : `${MSG.ytBoardName}: ${YT_STATUS_LABELS[to.yt]}`,
    }),
  );

/** A reviewer's decision (issue 52) is news of the card's progress too: card_movement, and that mail preference. */
export const notifyDecision = notifyProgress;

/** Who a mention reaches on a card: its customer, QA, editor or helper, or every admin / helper lead. */
function mentionReaches(role: Role, card: Card, user: { id: number; role: Role }): boolean {
  switch (role) {
    case 'customer':
      return user.id === card.clientId;
    case 'qa':
      return user.id === card.assignedQaId;
    case 'editor':
      return user.id === card.assignedTo;
    case 'yt-helper':
      return user.id === card.ytHelperId;
    default:
      return user.role === role;
  }
}

/**
 * A new comment: card_comment_tag for those it mentions, card_comment for everyone else who may read
 * that chat (team chat never reaches the customer), never the author; inside the comment's transaction.
 */
export async function notifyComment(
  ctx: AppContext,
  tx: Tx,
  actor: Actor,
  card: Card,
  note: string,
  staffOnly: boolean,
) {
  const recipients = await cardRecipients(tx, card, actor.id, staffOnly);
  const mentioned = mentionedRoles(note);
  const name = nameOf(actor);
  const tagged = fill(MSG.notificationMentioned, { name, title: card.cardTitle });
  const commented = fill(MSG.notificationCommented, { name, title: card.cardTitle });
  return insertEvent(
    ctx,
    tx,
    recipients.map((r) =>
      mentioned.some((role) => mentionReaches(role, card, r))
        ? { recipientId: r.id, type: 'card_comment_tag' as const, data: tagged }
        : { recipientId: r.id, type: 'card_comment' as const, data: commented },
    ),
    actor,
    card,
  );
}

/** Unseen notifications per user (the partial unseen index answers it). */
export async function unseenCounts(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ id: notifications.recipientId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.recipientId, [...userIds]), isNull(notifications.seenAt)))
    .groupBy(notifications.recipientId);
  for (const r of rows) out.set(r.id, r.n);
  return out;
}

/** After commit: each recipient's bell hears its new unseen count. */
export async function publishCreated(ctx: AppContext, rows: readonly { recipientId: number }[]) {
  const ids = [...new Set(rows.map((r) => r.recipientId))];
  if (ids.length === 0) return;
  const counts = await unseenCounts(ctx.db, ids);
  for (const [id, unseen] of counts) {
    await ctx.events.publish({ type: 'notification.created', audience: { userIds: [id] }, data: { unseen } });
  }
}
