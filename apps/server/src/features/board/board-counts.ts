import { and, count, eq } from 'drizzle-orm';
import { BOARD_COLUMNS, type Role } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { prepareOnce } from '../../db/prepared.js';
import { cardQaAccess, cards } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { visibleCardsWhere, type CardViewer } from '../cards/card-visibility.js';
import { commonWhere, filterWhere, p, pageValues, shapeOf, type Body, type FilterBody } from './board-filters.js';

/** Cards per status for the list view's tabs; a QA counts their card_qa_access rows, not the whole table. */
function countsQuery(db: Db, role: Role, body: Body) {
  if (role === 'qa') {
    const filters = filterWhere(body);
    const base = db.select({ status: cardQaAccess.cardStatus, n: count() }).from(cardQaAccess).$dynamic();
    const query = filters ? base.innerJoin(cards, eq(cards.id, cardQaAccess.cardId)) : base;
    return query.where(and(eq(cardQaAccess.qaId, p.viewer), filters)).groupBy(cardQaAccess.cardStatus);
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
