import { and, count, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { BOARD_COLUMNS, type Role } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { prepareOnce } from '../../db/prepared.js';
import { cardCounts, cardQaAccess, cards } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { visibleCardsWhere, type CardViewer } from '../../kernel/card-visibility.js';
import { commonWhere, filterWhere, p, pageValues, shapeOf, type Body, type FilterBody } from './board-filters.js';

type Scope = (typeof cardCounts.$inferSelect)['scope'];
const inScope = (scope: Scope, id: Placeholder | number) =>
  and(eq(cardCounts.scope, scope), eq(cardCounts.scopeId, id));

/** The counter rows a role's board sums (visibleCardsWhere, as the counter table keys it); QA has its own. */
function counterScope(role: Exclude<Role, 'qa'>): SQL | undefined {
  switch (role) {
    case 'admin':
      return inScope('all', 0);
    case 'customer':
      return inScope('customer', p.viewer);
    case 'team-lead':
      // A team lead's customers, as visibleCardsWhere names them: a sum over customers, not cards.
      return and(
        eq(cardCounts.scope, 'customer'),
        inArray(
          cardCounts.scopeId,
          sql`(select c.id from users c where c.assigned_to_lead_id = ${p.viewer}
            union select cq.customer_id from customer_qas cq join users q on q.id = cq.qa_id
              where q.id = ${p.viewer} or q.assigned_to_lead_id = ${p.viewer})`,
        ),
      );
    case 'editor':
      return inScope('editor', p.viewer);
    case 'yt-helper':
      return inScope('helper', p.viewer);
    case 'yt-helper-lead':
      return inScope('helper-lead', 0);
  }
}

/**
 * Cards per status for the list view's tabs. Without a title or date filter they come from the
 * counter table (a few rows at any size); a QA counts their card_qa_access rows, not the whole table.
 */
function countsQuery(db: Db, role: Role, body: Body) {
  const filters = filterWhere(body);
  if (role === 'qa') {
    const base = db.select({ status: cardQaAccess.cardStatus, n: count() }).from(cardQaAccess).$dynamic();
    const query = filters ? base.innerJoin(cards, eq(cards.id, cardQaAccess.cardId)) : base;
    return query.where(and(eq(cardQaAccess.qaId, p.viewer), filters)).groupBy(cardQaAccess.cardStatus);
  }
  if (!filters) {
    return db
      .select({ status: cardCounts.cardStatus, n: sql<number>`sum(${cardCounts.n})::int`.mapWith(Number) })
      .from(cardCounts)
      .where(counterScope(role))
      .groupBy(cardCounts.cardStatus)
      .$dynamic();
  }
  return db
    .select({ status: cards.cardStatus, n: count() })
    .from(cards)
    .where(commonWhere(body, visibleCardsWhere({ id: p.viewer, role })))
    .groupBy(cards.cardStatus)
    .$dynamic();
}

/** Cards per board column under the viewer's filters. */
export async function countColumns(ctx: AppContext, viewer: CardViewer, filters: FilterBody, zone: string) {
  const body: Body = { ...filters, offset: 0, limit: 0 };
  const rows = await prepareOnce(ctx.planned, `board_counts_${shapeOf(viewer.role, body)}`, (name) =>
    countsQuery(ctx.planned, viewer.role, body).prepare(name),
  ).execute(pageValues(viewer, body, zone));
  return Object.fromEntries(BOARD_COLUMNS.map((c) => [c.key, rows.find((r) => r.status === c.status)?.n ?? 0]));
}
