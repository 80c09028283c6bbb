import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { cards, users } from './schema.js';

/**
 * Row locks held until the transaction ends: a check and the write after it become one step, and
 * everyone who changes the same user or card queues here. Take the user before its tokens or files.
 */
export const lockUser = (tx: Db, userId: number) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

/** The card as it is now, locked; moves and link edits take it so none decides on a stale card. */
export const lockCard = (tx: Db, cardId: number) => tx.select().from(cards).where(eq(cards.id, cardId)).for('update');
