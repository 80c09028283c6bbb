import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MSG, rateVerdict, RATING_ADMIN_PARTS } from '@cutroom/domain';
import {
  type GetCardReply,
  type RatingRecord,
  type assignNewQaBody,
  type ratingUpdateBody,
  type ratingUpdateReply,
} from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { cardRatings, cards, ratingChanges, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { audienceOf, loadVisibleCard } from '../../kernel/card-access.js';
import { policyCard, type PolicyCardColumns } from '../../kernel/card-policy-facts.js';

type Part = (typeof RATING_ADMIN_PARTS)[number];
type Change = Omit<z.output<typeof ratingUpdateBody>, 'rating'> & { rating?: number };

/** A person's name as the lists show it, or null without a person. */
export const nameSql = (person: { firstname: AnyColumn; lastname: AnyColumn }) =>
  sql<string | null>`nullif(trim(${person.firstname} || ' ' || ${person.lastname}), '')`;

/**
 * Whether a part was delivered so it can be rated: the customer's rule (rateVerdict) asked as the
 * rating admin, who may rate any card; only the part's completeness is left to decide.
 */
export const partDelivered = (card: PolicyCardColumns, part: Part) =>
  rateVerdict(
    { role: 'admin', id: 0, active_subscription: false, has_youtube_helper: false },
    policyCard(card),
    part,
  ) === null;

const creditedQa = alias(users, 'credited_qa');

/** POST /api/getCard: the card's ratable parts, each with its rating and the QA it counts for. */
export async function getRatingCard(db: Db, viewer: SessionUser, cardId: number): Promise<GetCardReply> {
  const { card, client, qaName } = await loadVisibleCard(db, viewer, cardId);
  const ratings = await db
    .select({
      part: cardRatings.cardType,
      rating: cardRatings.rating,
      qaId: creditedQa.id,
      qaName: nameSql(creditedQa),
    })
    .from(cardRatings)
    .leftJoin(creditedQa, eq(creditedQa.id, sql`coalesce(${cardRatings.assignedQaId}, ${card.assignedQaId})`))
    .where(eq(cardRatings.cardId, cardId));
  const assignedQaName = qaName ? `${qaName.firstname} ${qaName.lastname}`.trim() || null : null;
  const parts = RATING_ADMIN_PARTS.filter((p) => p === 'done' || card.hasRepurpose).map((part) => {
    const rated = ratings.find((r) => r.part === part);
    return {
      card_type: part,
      delivered: partDelivered(card, part),
      rating: rated?.rating ?? null,
      // Not rated yet: a rating given now would count for the card's QA.
      qa_id: rated ? rated.qaId : card.assignedQaId,
      qa_name: rated ? rated.qaName : assignedQaName,
    };
  });
  return {
    card_id: card.id,
    card_title: card.cardTitle,
    client_id: card.clientId,
    client_name: `${client.firstname} ${client.lastname}`.trim(),
    card_status: card.cardStatus,
    assigned_qa_id: card.assignedQaId,
    assigned_qa_name: assignedQaName,
    has_repurpose: card.hasRepurpose,
    parts,
  };
}

/** A rating's new QA: a QA account that is not deleted. */
async function assertQa(db: Db, qaId: number) {
  const [qa] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, qaId), eq(users.clientType, 'qa'), eq(users.isDeleted, false)));
  if (!qa) throw new AppError('VALIDATION', MSG.newQaInvalid, 'newQA');
}

const lockRating = (tx: Tx, cardId: number, part: Part) =>
  tx
    .select()
    .from(cardRatings)
    .where(and(eq(cardRatings.cardId, cardId), eq(cardRatings.cardType, part)))
    .for('update');

/**
 * Sets a rating's value and/or QA and keeps the change (spec 002 §2 "Rating admin", §5). The rating row
 * is locked while its old values are read, so concurrent changes queue and each records the value it
 * replaced; a part not rated yet is created here, two creations settling on the (card_id, card_type) key.
 */
async function changeRating(ctx: AppContext, viewer: SessionUser, change: Change) {
  const { card } = await loadVisibleCard(ctx.db, viewer, change.cardId);
  if (!partDelivered(card, change.cardType)) {
    throw new AppError('INVALID_CARD_STATUS', MSG.ratingPartNotDelivered, 'cardType');
  }
  if (change.newQA != null) await assertQa(ctx.db, change.newQA);
  const changeId = await ctx.db.transaction(async (tx) => {
    // The card's QA as it is now: a rating without its own QA counts for them.
    const [now] = await tx.select({ qaId: cards.assignedQaId }).from(cards).where(eq(cards.id, card.id));
    if (!now) throw new AppError('NOT_FOUND');
    const cardQa = now.qaId;
    let [current] = await lockRating(tx, card.id, change.cardType);
    if (!current) {
      if (change.rating === undefined) throw new AppError('VALIDATION', MSG.noRatingsYet, 'cardType');
      const [created] = await tx
        .insert(cardRatings)
        .values({
          cardId: card.id,
          cardType: change.cardType,
          rating: change.rating,
          ratedBy: viewer.id,
          assignedQaId: change.newQA ?? cardQa,
        })
        .onConflictDoNothing({ target: [cardRatings.cardId, cardRatings.cardType] })
        .returning();
      if (created) return recordChange(tx, viewer, created, { rating: null, qaId: cardQa }, change.ratingReason);
      // Another call created it first: change theirs, as if it had been there.
      [current] = await lockRating(tx, card.id, change.cardType);
    }
    const old = { rating: current!.rating, qaId: current!.assignedQaId ?? cardQa };
    const rating = change.rating ?? old.rating;
    const qaId = change.newQA ?? old.qaId;
    if (rating === old.rating && qaId === old.qaId) throw new AppError('VALIDATION', MSG.ratingUnchanged);
    const [updated] = await tx
      .update(cardRatings)
      .set({ rating, assignedQaId: qaId, updatedAt: new Date() })
      .where(eq(cardRatings.id, current!.id))
      .returning();
    return recordChange(tx, viewer, updated!, old, change.ratingReason);
  });
  await ctx.events.publish({
    type: 'card.updated',
    cardId: card.id,
    audience: audienceOf(card),
    data: change.rating === undefined ? {} : { rating: change.rating },
  });
  return {
    status: true,
    data: { success: true, error_message: null, message: MSG.ratingUpdated },
    record: (await ratingRecords(ctx.db, eq(ratingChanges.id, changeId)))[0]!,
  } satisfies z.input<typeof ratingUpdateReply>;
}

async function recordChange(
  tx: Tx,
  viewer: SessionUser,
  rating: typeof cardRatings.$inferSelect,
  old: { rating: number | null; qaId: number | null },
  reason: string,
) {
  const [row] = await tx
    .insert(ratingChanges)
    .values({
      ratingId: rating.id,
      cardId: rating.cardId,
      cardType: rating.cardType,
      oldRating: old.rating,
      newRating: rating.rating,
      oldQaId: old.qaId,
      newQaId: rating.assignedQaId,
      reason,
      changedBy: viewer.id,
    })
    .returning({ id: ratingChanges.id });
  return row!.id;
}

const newQa = alias(users, 'new_qa');
const oldQa = alias(users, 'old_qa');
const changer = alias(users, 'changer');

/** Rating changes as the history table shows them (newest first); `where` picks them. */
export async function ratingRecords(
  db: Db,
  where: ReturnType<typeof and>,
  page?: { limit: number; offset: number },
): Promise<RatingRecord[]> {
  const query = db
    .select({
      id: ratingChanges.id,
      cardId: ratingChanges.cardId,
      title: cards.cardTitle,
      part: ratingChanges.cardType,
      rating: ratingChanges.newRating,
      oldRating: ratingChanges.oldRating,
      qaFirst: newQa.firstname,
      qaLast: newQa.lastname,
      oldQaName: nameSql(oldQa),
      reason: ratingChanges.reason,
      changedBy: sql<string>`coalesce(${nameSql(changer)}, '')`,
      createdAt: ratingChanges.createdAt,
    })
    .from(ratingChanges)
    .innerJoin(cards, eq(cards.id, ratingChanges.cardId))
    .leftJoin(newQa, eq(newQa.id, ratingChanges.newQaId))
    .leftJoin(oldQa, eq(oldQa.id, ratingChanges.oldQaId))
    .leftJoin(changer, eq(changer.id, ratingChanges.changedBy))
    .where(where)
    .orderBy(sql`${ratingChanges.createdAt} desc, ${ratingChanges.id} desc`);
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map((r) => ({
    id: r.id,
    card_id: r.cardId,
    card_title: r.title,
    card_type: r.part === 'repurpose' ? 'repurpose' : 'done',
    rating: r.rating,
    old_rating: r.oldRating,
    qaFirstname: r.qaFirst,
    qaLastname: r.qaLast,
    old_qa_name: r.oldQaName,
    reason: r.reason,
    changed_by_name: r.changedBy,
    created_at: r.createdAt.toISOString(),
  }));
}

/** POST /api/rating/update: a new value and/or QA, with the reason. */
export const updateRating = (ctx: AppContext, viewer: SessionUser, body: z.output<typeof ratingUpdateBody>) =>
  changeRating(ctx, viewer, body);

/** POST /api/assignNewQA: the rating given to another QA, its value kept. */
export const assignNewQa = (ctx: AppContext, viewer: SessionUser, body: z.output<typeof assignNewQaBody>) =>
  changeRating(ctx, viewer, body);
