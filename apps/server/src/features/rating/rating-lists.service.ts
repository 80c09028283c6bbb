import { RATING_ADMIN_PARTS } from '@cutroom/domain';
import { and, count, eq, gte, ilike, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type customerRatingsQuery,
  type customerRatingsReply,
  type updatedRatingsQuery,
  type updatedRatingsReply,
} from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { cardRatings, cards, ratingChanges, users } from '../../db/schema.js';
import { likeTerm } from '../users/public.js';
import { nameSql, ratingRecords } from './ratings.service.js';

type UpdatedQuery = z.output<typeof updatedRatingsQuery>;
type CustomerQuery = z.output<typeof customerRatingsQuery>;
const pageOf = (q: { limit: number; index: number }) => ({ limit: q.limit, offset: (q.index - 1) * q.limit });

/** GET /api/rating/updated: the rating changes, newest first; days are whole days in the caller's zone. */
export async function listUpdatedRatings(
  db: Db,
  query: UpdatedQuery,
  zone: string,
): Promise<z.input<typeof updatedRatingsReply>> {
  const where = and(
    query.startDate
      ? gte(ratingChanges.createdAt, sql`(${query.startDate}::date::timestamp at time zone ${zone})`)
      : undefined,
    query.endDate
      ? lt(ratingChanges.createdAt, sql`((${query.endDate}::date + 1)::timestamp at time zone ${zone})`)
      : undefined,
    query.selectedRating ? eq(ratingChanges.newRating, query.selectedRating) : undefined,
  );
  const [records, [total]] = await Promise.all([
    ratingRecords(db, where, pageOf(query)),
    db.select({ n: count() }).from(ratingChanges).where(where),
  ]);
  return { updatedRatedCards: records, totalRatedCards: total?.n ?? 0 };
}

const customer = alias(users, 'customer');
const qa = alias(users, 'qa');
/** The QA a rating counts for: its own, else the card's. */
const creditedQaId = sql<number | null>`coalesce(${cardRatings.assignedQaId}, ${cards.assignedQaId})`;

/**
 * GET /api/rating/customer-rated: ratings of the done and repurposed videos given by customers,
 * newest first. A blank comment counts as none.
 */
export async function listCustomerRatings(db: Db, query: CustomerQuery): Promise<z.input<typeof customerRatingsReply>> {
  const term = likeTerm(query.title);
  const commented = sql`nullif(btrim(${cardRatings.comment}), '') is not null`;
  const where = and(
    inArray(cardRatings.cardType, [...RATING_ADMIN_PARTS]),
    eq(customer.clientType, 'customer'),
    query.customerId ? eq(cardRatings.ratedBy, query.customerId) : undefined,
    query.qaId ? sql`${creditedQaId} = ${query.qaId}` : undefined,
    term ? ilike(cards.cardTitle, term) : undefined,
    query.commented === 'with' ? commented : query.commented === 'without' ? sql`not (${commented})` : undefined,
  );
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: cardRatings.id,
        cardId: cardRatings.cardId,
        title: cards.cardTitle,
        part: cardRatings.cardType,
        rating: cardRatings.rating,
        qaName: nameSql(qa),
        customerName: sql<string>`coalesce(${nameSql(customer)}, '')`,
        comment: cardRatings.comment,
        createdAt: cardRatings.createdAt,
      })
      .from(cardRatings)
      .innerJoin(cards, eq(cards.id, cardRatings.cardId))
      .innerJoin(customer, eq(customer.id, cardRatings.ratedBy))
      .leftJoin(qa, eq(qa.id, creditedQaId))
      .where(where)
      .orderBy(sql`${cardRatings.createdAt} desc, ${cardRatings.id} desc`)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(cardRatings)
      .innerJoin(cards, eq(cards.id, cardRatings.cardId))
      .innerJoin(customer, eq(customer.id, cardRatings.ratedBy))
      .where(where),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      card_id: r.cardId,
      card_title: r.title,
      card_type: r.part === 'repurpose' ? 'repurpose' : 'done',
      rating: r.rating,
      qa_name: r.qaName,
      customer_name: r.customerName,
      comment: r.comment?.trim() ? r.comment : null,
      created_date: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
