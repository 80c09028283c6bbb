import { eq } from 'drizzle-orm';
import {
  MSG,
  YT_ACTIVITY_PREFIX,
  rateVerdict,
  ytMoveVerdict,
  ytStatusOnBoard,
  type YtMoveCall,
  type YtStatus,
} from '@cutroom/domain';
import type {
  ytAssetsBody,
  ytDoneSkipBody,
  ytMarkCompleteBody,
  ytMoveBody,
  ytRevisionBody,
} from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { lockCard } from '../../db/locks.js';
import { cardActivity, cardRatings, cards } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { audienceOf, loadVisibleCard } from '../../kernel/card-access.js';
import { enforce, policyActor, policyCard } from '../../kernel/card-policy-facts.js';
import { notifyMove, publishCreated } from '../notifications/public.js';

type In<T extends z.ZodType> = z.output<T>;
type Card = typeof cards.$inferSelect;

/** Helper statuses are written to card_activity with their prefix, beside the normal side's. */
const ytActivity = (status: YtStatus) => `${YT_ACTIVITY_PREFIX}${status}`;

interface YtTransitionSpec {
  /** The helper status the caller saw; a card that has moved since is a stale move (409). */
  from?: YtStatus;
  /** The target, or a function of the status the card is in (the assets dialog moves one column on). */
  to: YtStatus | ((from: YtStatus) => YtStatus);
  call: YtMoveCall;
  /** A check of the status the card is in, before the role's table is asked. */
  check?: (from: YtStatus) => void;
  set?: (card: Card) => Partial<typeof cards.$inferInsert>;
  after?: (tx: Tx, card: Card) => Promise<void>;
  message?: string;
}

/**
 * One helper move, as a normal move (workflow/transition.ts): one transaction that locks the card,
 * judges it as it is then, writes the helper status with an activity row and its notifications; of
 * two people moving one card only one wins.
 */
export async function ytTransition(ctx: AppContext, viewer: SessionUser, cardId: number, spec: YtTransitionSpec) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  const now = new Date();
  const { moved, to, notified } = await ctx.db.transaction(async (tx) => {
    const [locked] = await lockCard(tx, cardId);
    if (!locked) throw new AppError('NOT_FOUND');
    const card = policyCard(locked);
    const from = ytStatusOnBoard(card);
    if (!from) throw new AppError('INVALID_CARD_STATUS', MSG.ytNotOnBoard);
    if (spec.from && spec.from !== from) throw new AppError('STALE_MOVE');
    spec.check?.(from);
    const to = typeof spec.to === 'function' ? spec.to(from) : spec.to;
    enforce(ytMoveVerdict(policyActor(viewer, row.client), card, to, spec.call));
    const [updated] = await tx
      .update(cards)
      .set({ ...spec.set?.(locked), ytCardStatus: to, ytIsComplete: to === 'completed', updatedAt: now })
      .where(eq(cards.id, cardId))
      .returning();
    await tx
      .insert(cardActivity)
      .values({ cardId, userId: viewer.id, fromStatus: ytActivity(from), toStatus: ytActivity(to), createdAt: now });
    await spec.after?.(tx, updated!);
    return { moved: updated!, to, notified: await notifyMove(ctx, tx, viewer, updated!, { yt: to }) };
  });
  await ctx.events.publish({
    type: 'card.updated',
    cardId,
    audience: audienceOf(moved),
    data: { yt_card_status: to },
  });
  await publishCreated(ctx, notified);
  return { success: true, message: spec.message ?? MSG.cardMoved };
}

/** Plain moves: start, cancel, back to assigned (…/move, and …/internalMove from the board's drag). */
export const ytPlainMove = (ctx: AppContext, viewer: SessionUser, cardId: number, body: In<typeof ytMoveBody>) =>
  ytTransition(ctx, viewer, cardId, { from: body.source, to: body.target, call: 'move' });

/** The next working column: In Progress hands on to QA, QA to Review. */
const nextColumn = (from: YtStatus): YtStatus => (from === 'inProgress' ? 'ytQA' : from === 'ytQA' ? 'inDone' : from);

/** Submit in the assets dialog: the assets are stored with the move (thumbnails pipe-joined, one or two). */
export const ytSubmitAssets = (ctx: AppContext, viewer: SessionUser, cardId: number, body: In<typeof ytAssetsBody>) =>
  ytTransition(ctx, viewer, cardId, {
    from: body.source,
    to: body.target ?? nextColumn,
    call: 'assets',
    set: () => ({
      thumbnailsLink: body.thumbnailLinkUrlArray.filter(Boolean).join('|'),
      ytSnippetLink: body.snippetLink,
      unlistedVideoLink: body.unlistedLink,
      ytCardDescription: sanitizeRichText(body.videoDescription),
    }),
  });

/** Skip in the assets dialog: the same move, the assets on the card left as they are. */
export const ytSkipAssets = (ctx: AppContext, viewer: SessionUser, cardId: number, body: In<typeof ytDoneSkipBody>) =>
  ytTransition(ctx, viewer, cardId, { from: body.source, to: body.target ?? nextColumn, call: 'assets' });

/** Review back to In Progress; the helper revision count goes up. */
export const ytRevision = (ctx: AppContext, viewer: SessionUser, cardId: number, body: In<typeof ytRevisionBody>) =>
  ytTransition(ctx, viewer, cardId, {
    from: body.card_status,
    to: 'inProgress',
    call: 'revision',
    set: (card) => ({ ytCardRevision: card.ytCardRevision + 1 }),
    message: MSG.movedToRevision,
  });

/**
 * 'Ready For Upload' / Mark As Done on the helper side. The feedback may come with it (spec 001 §4)
 * from someone who may rate the helper side (rateVerdict 'yt'); from anyone else the whole call is refused.
 */
export function ytMarkComplete(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  body: In<typeof ytMarkCompleteBody>,
) {
  return ytTransition(ctx, viewer, cardId, {
    to: 'completed',
    call: 'markComplete',
    // As the normal side's markComplete: a visible card outside Review is 'Card Is Not in Done', not a refused move.
    check: (from) => {
      if (from !== 'inDone' && from !== 'completed') throw new AppError('CARD_NOT_IN_DONE');
    },
    after: async (tx, card) => {
      if (body.rating === undefined) return;
      enforce(rateVerdict(policyActor(viewer, { isActiveSubscription: false }), policyCard(card), 'yt'));
      const values = {
        cardId,
        cardType: 'yt' as const,
        rating: body.rating,
        comment: body.comment || null,
        ratedBy: viewer.id,
        assignedQaId: card.assignedQaId,
      };
      await tx
        .insert(cardRatings)
        .values(values)
        .onConflictDoUpdate({
          target: [cardRatings.cardId, cardRatings.cardType],
          set: { ...values, updatedAt: new Date() },
        });
    },
    message: MSG.cardMarkedCompleted,
  });
}
