import { and, count, desc, eq, ilike, isNotNull, sql } from 'drizzle-orm';
import { TABLE_PAGE_SIZE, isStaff, unarchiveVerdict } from '@cutroom/domain';
import type { ArchiveReply, archiveQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import { cards, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { policyActor, policyCard, policyCardColumns } from '../../kernel/card-policy-facts.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * GET /api/cards/archive: the archived cards the caller may see, last archived first, 10 a page, with
 * the done rating and whether the caller may bring each back. A customer's client_id is ignored: they
 * see their own cards only, whatever they ask for.
 */
export async function listArchived(
  ctx: AppContext,
  viewer: SessionUser,
  query: z.output<typeof archiveQuery>,
): Promise<ArchiveReply> {
  const staff = isStaff(viewer.role);
  const where = and(
    isNotNull(cards.archivedAt),
    visibleCardsWhere(viewer),
    staff && query.client_id ? eq(cards.clientId, query.client_id) : undefined,
    query.card_name ? ilike(cards.cardTitle, `%${query.card_name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        card: policyCardColumns,
        id: cards.id,
        title: cards.cardTitle,
        createdAt: cards.createdAt,
        assignedAt: cards.assignedAt,
        doneAt: cards.doneAt,
        archivedAt: cards.archivedAt,
        firstname: users.firstname,
        lastname: users.lastname,
        plan: users.subscriptionType,
        rating: sql<
          number | null
        >`(select r.rating from card_ratings r where r.card_id = ${cards.id} and r.card_type = 'done')`,
      })
      .from(cards)
      .innerJoin(users, eq(users.id, cards.clientId))
      .where(where)
      .orderBy(desc(cards.archivedAt), desc(cards.id))
      .limit(TABLE_PAGE_SIZE)
      .offset((query.page - 1) * TABLE_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(cards).where(where),
  ]);
  // Un-archiving is a role's right (unarchiveVerdict reads no subscription), so the caller's facts suffice.
  const actor = policyActor(viewer, { isActiveSubscription: false });
  return {
    cards: rows.map((r) => ({
      card_id: r.id,
      card_title: r.title,
      client_id: r.card.clientId,
      client_name: `${r.firstname} ${r.lastname}`.trim(),
      rating: r.rating,
      subscription_type: staff ? r.plan : null,
      creation_time: r.createdAt.toISOString(),
      assigned_time: iso(r.assignedAt),
      done_time: iso(r.doneAt),
      archived_time: r.archivedAt!.toISOString(),
      may_unarchive: unarchiveVerdict(actor, policyCard(r.card)) === null,
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: TABLE_PAGE_SIZE,
  };
}
