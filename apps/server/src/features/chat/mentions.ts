import { and, eq, inArray } from 'drizzle-orm';
import { mentionedRoles, type Role } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import type { cards } from '../../db/schema.js';
import { notifications, users } from '../../db/schema.js';

type Card = typeof cards.$inferSelect;

/** The people a role mention reaches on one card: its customer, QA, editor or helper, or every admin / helper lead. */
async function peopleFor(db: Db, role: Role, card: Card): Promise<number[]> {
  const byRole = async (r: Role) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.clientType, r), eq(users.isDeleted, false)))
    ).map((u) => u.id);
  switch (role) {
    case 'customer':
      return [card.clientId];
    case 'qa':
      return card.assignedQaId ? [card.assignedQaId] : [];
    case 'editor':
      return card.assignedTo ? [card.assignedTo] : [];
    case 'yt-helper':
      return card.ytHelperId ? [card.ytHelperId] : [];
    default:
      return byRole(role);
  }
}

/** Stores a card_comment_tag notification for everyone a note mentions (never its author). */
export async function notifyMentions(
  db: Db,
  card: Card,
  authorId: number,
  authorName: string,
  note: string,
  staffOnly: boolean,
) {
  const recipients = new Set<number>();
  for (const role of mentionedRoles(note)) {
    if (staffOnly && role === 'customer') continue;
    for (const id of await peopleFor(db, role, card)) recipients.add(id);
  }
  recipients.delete(authorId);
  if (recipients.size === 0) return 0;
  const active = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...recipients]), eq(users.isDeleted, false)));
  if (active.length === 0) return 0;
  await db.insert(notifications).values(
    active.map((r) => ({
      recipientId: r.id,
      actorId: authorId,
      cardId: card.id,
      type: 'card_comment_tag' as const,
      data: `${authorName} mentioned you on "${card.cardTitle}"`,
      actionLink: `/card-details/${card.id}`,
    })),
  );
  return active.length;
}
