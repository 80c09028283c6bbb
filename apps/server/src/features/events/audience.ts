import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customerQas, users } from '../../db/schema.js';
import { isPersonal, type Audience, type CardAudience } from '../../platform/events.js';
import { type CardViewer } from '../../kernel/card-visibility.js';

/**
 * The in-memory twin of visibleCardsWhere: decides whether a card event may reach a viewer; an
 * event for named people reaches them (and the roles it names).
 * QA and team leads depend on customer lists, loaded here and refreshed by the caller.
 */
export async function audienceMatcher(db: Db, viewer: CardViewer): Promise<(a: Audience) => boolean> {
  const card = await cardAudienceMatcher(db, viewer);
  return (a) => (isPersonal(a) ? a.userIds.includes(viewer.id) || !!a.roles?.includes(viewer.role) : card(a));
}

async function cardAudienceMatcher(db: Db, viewer: CardViewer): Promise<(a: CardAudience) => boolean> {
  switch (viewer.role) {
    case 'admin':
      return () => true;
    case 'customer':
      return (a) => a.clientId === viewer.id && !a.staffOnly;
    case 'editor':
      return (a) => a.assignedTo === viewer.id;
    case 'yt-helper':
      return (a) => a.ytHelperId === viewer.id;
    case 'yt-helper-lead':
      return (a) => a.hasYoutubeHelper || a.ytHelperId !== null;
    case 'qa': {
      const rows = await db
        .select({ id: customerQas.customerId })
        .from(customerQas)
        .where(eq(customerQas.qaId, viewer.id));
      const customers = new Set(rows.map((r) => r.id));
      return (a) => a.assignedQaId === viewer.id || customers.has(a.clientId);
    }
    case 'team-lead': {
      const [byLead, byTeamQa] = await Promise.all([
        db.select({ id: users.id }).from(users).where(eq(users.assignedToLeadId, viewer.id)),
        db
          .select({ id: customerQas.customerId })
          .from(customerQas)
          .innerJoin(users, eq(users.id, customerQas.qaId))
          .where(or(eq(users.id, viewer.id), eq(users.assignedToLeadId, viewer.id))),
      ]);
      const customers = new Set([...byLead, ...byTeamQa].map((r) => r.id));
      return (a) => customers.has(a.clientId);
    }
  }
}
