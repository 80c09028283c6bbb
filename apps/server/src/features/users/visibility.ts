import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../platform/auth.js';
import { customerQas, customerYtHelpers, users } from '../../db/schema.js';

/**
 * Which user rows a caller may see (the people they work with):
 * admin all; team lead their team and the customers that team serves; QA their customers and lead;
 * YouTube-helper lead the helpers and customers with a helper plan; helper their customers; everyone themselves.
 */
export function visibleUsersWhere(viewer: SessionUser): SQL | undefined {
  const self = eq(users.id, viewer.id);
  switch (viewer.role) {
    case 'admin':
      return undefined;
    case 'team-lead': {
      const teamQas = sql`select team.id from users team where team.assigned_to_lead_id = ${viewer.id}`;
      return or(
        self,
        eq(users.assignedToLeadId, viewer.id),
        inArray(
          users.id,
          sql`(select ${customerQas.customerId} from ${customerQas} where ${customerQas.qaId} = ${viewer.id} or ${customerQas.qaId} in (${teamQas}))`,
        ),
      );
    }
    case 'qa':
      return or(
        self,
        inArray(
          users.id,
          sql`(select ${customerQas.customerId} from ${customerQas} where ${customerQas.qaId} = ${viewer.id})`,
        ),
        inArray(users.id, sql`(select lead.assigned_to_lead_id from users lead where lead.id = ${viewer.id})`),
      );
    case 'yt-helper-lead':
      return or(
        self,
        eq(users.clientType, 'yt-helper'),
        and(eq(users.clientType, 'customer'), eq(users.hasYoutubeHelper, true)),
      );
    case 'yt-helper':
      return or(
        self,
        inArray(
          users.id,
          sql`(select ${customerYtHelpers.customerId} from ${customerYtHelpers} where ${customerYtHelpers.helperId} = ${viewer.id})`,
        ),
      );
    default:
      return self;
  }
}

/**
 * Whose profile a caller may open (GET/PUT /api/user/:id) and which customers they list: whom they
 * see, and for the YouTube-helper lead every customer, since turning the helper plan on is theirs
 * (spec 002 §2); what they may change is still user-policy.ts's helper fields. Reports keep visibleUsersWhere.
 */
export function profileUsersWhere(viewer: SessionUser): SQL | undefined {
  const seen = visibleUsersWhere(viewer);
  return viewer.role === 'yt-helper-lead' ? or(seen, eq(users.clientType, 'customer')) : seen;
}
