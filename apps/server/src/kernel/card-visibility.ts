import { eq, isNotNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Role } from '@cutroom/domain';
import { cards } from '../db/schema.js';

/** Whose cards a viewer sees: the caller, or the user an allowed "View As" points at. */
export interface CardViewer {
  id: number;
  role: Role;
}

/**
 * DESIGN §4 "Who sees which cards", as a WHERE clause on `cards` (undefined = everything):
 * customer own; team lead customers assigned to them or to a QA of their team; QA customers whose
 * slots hold them or cards assigned to them; editor cards assigned to them; helper their cards;
 * helper lead cards with the helper or a helper (one not yet assigned included). The id may be a placeholder, for statements prepared per role.
 */
export function visibleCardsWhere(viewer: { id: number | Placeholder; role: Role }): SQL | undefined {
  switch (viewer.role) {
    case 'admin':
      return undefined;
    case 'customer':
      return eq(cards.clientId, viewer.id);
    case 'team-lead':
      return sql`(${cards.clientId} in (select c.id from users c where c.assigned_to_lead_id = ${viewer.id})
        or ${cards.clientId} in (select cq.customer_id from customer_qas cq join users q on q.id = cq.qa_id
          where q.id = ${viewer.id} or q.assigned_to_lead_id = ${viewer.id}))`;
    case 'qa':
      return or(
        eq(cards.assignedQaId, viewer.id),
        sql`${cards.clientId} in (select cq.customer_id from customer_qas cq where cq.qa_id = ${viewer.id})`,
      );
    case 'editor':
      return eq(cards.assignedTo, viewer.id);
    case 'yt-helper':
      return eq(cards.ytHelperId, viewer.id);
    case 'yt-helper-lead':
      return or(eq(cards.hasYoutubeHelper, true), isNotNull(cards.ytHelperId));
  }
}
