import { eq } from 'drizzle-orm';
import { MSG, moveVerdict, type CardStatus, type MoveCall } from '@cutroom/domain';
import type { Tx } from '../../db/client.js';
import { lockCard } from '../../db/locks.js';
import { cardActivity, cards } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { audienceOf, loadVisibleCard } from '../../kernel/card-access.js';
import { enforce, policyActor, policyCard } from '../../kernel/card-policy-facts.js';
import { type CardRow } from '../../kernel/card-view.js';
import { notifyMove, publishCreated } from '../notifications/public.js';

type CardInsert = typeof cards.$inferInsert;
type Card = typeof cards.$inferSelect;

export interface TransitionSpec {
  /** The status the caller saw; defaults to the current one. */
  from?: CardStatus;
  to: CardStatus;
  /** The call this move must arrive through (DESIGN §4: moves needing data have their own). */
  call: MoveCall;
  /** Data rules checked against the current card before the policy's verdict (their codes come first). */
  check?: (row: CardRow) => void;
  /** Data rules checked once the policy allows the move. */
  validate?: (row: CardRow) => void;
  /** Checks and reads in the transaction, once the move is allowed and before any write (a delivered upload, locked). */
  prepare?: (tx: Tx, card: Card) => Promise<void>;
  /** Columns to write with the status, computed from the current card. */
  set?: (card: Card) => Partial<CardInsert>;
  /** More writes in the same transaction (video versions, ratings); what it returns runs once they commit. */
  after?: (tx: Tx, card: Card) => Promise<AfterCommit | void>;
  message?: string;
}

/** What a move's writes announce once committed (a live event a reader must not see before the rows). */
export type AfterCommit = () => Promise<void>;

/** The rules of one move, checked against the card as it is; returns the status it moves from. */
function assertMove(viewer: SessionUser, row: CardRow, spec: TransitionSpec): CardStatus {
  const current = row.card;
  const from = spec.from ?? current.cardStatus;
  if (current.cardStatus !== from || current.archivedAt) throw new AppError('STALE_MOVE');
  spec.check?.(row);
  enforce(moveVerdict(policyActor(viewer, row.client), policyCard(current), spec.to, spec.call));
  spec.validate?.(row);
  return from;
}

/**
 * One move, in one transaction that locks the card and checks it as it is then, so of two people
 * moving one card only one wins (the loser gets 409 and nothing changes), and a move never writes
 * values computed from a card that changed meanwhile. Its notifications are written in the same
 * transaction and announced after it commits.
 */
export async function transition(ctx: AppContext, viewer: SessionUser, cardId: number, spec: TransitionSpec) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  const now = new Date();
  const { moved, from, notified, committed } = await ctx.db.transaction(async (tx) => {
    const [locked] = await lockCard(tx, cardId);
    if (!locked) throw new AppError('NOT_FOUND');
    const from = assertMove(viewer, { ...row, card: locked }, spec);
    await spec.prepare?.(tx, locked);
    const [updated] = await tx
      .update(cards)
      .set({
        ...spec.set?.(locked),
        cardStatus: spec.to,
        updatedAt: now,
        // The first cut is the first time the card reaches done (docs/promise-dates.md).
        ...(spec.to === 'done' && !locked.firstDeliveredAt ? { firstDeliveredAt: now } : {}),
      })
      .where(eq(cards.id, cardId))
      .returning();
    await tx
      .insert(cardActivity)
      .values({ cardId, userId: viewer.id, fromStatus: from, toStatus: spec.to, createdAt: now });
    const committed = await spec.after?.(tx, updated!);
    // No move without its notifications: a refused or failed move rolls them back with it.
    const notified = await notifyMove(ctx, tx, viewer, updated!, spec.to);
    return { moved: updated!, from, notified, committed };
  });
  // After the commit: a refresh waits for its lock holding no card row, so it can't deadlock with a move.
  await ctx.workPlan.changed();
  await ctx.events.publish({
    type: 'card.moved',
    cardId,
    audience: audienceOf(moved),
    data: { from, to: spec.to, by: viewer.id },
  });
  await publishCreated(ctx, notified);
  await committed?.();
  return { success: true, message: spec.message ?? MSG.cardMoved };
}
