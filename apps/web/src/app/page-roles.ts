// Loaded with the authenticated pages (routes.tsx): the contract's access lists come with zod, which the
// login page's first download does not carry (issue 17's first-load budget).
import { AI_TOOLBOX_ROLES, DUE_CARD_ROLES, type Role } from '@cutroom/domain';
import { API } from '@cutroom/domain/contract';

const ADMIN_ONLY: readonly Role[] = ['admin'];

/** Roles a page is open to; the rest go home, as the spec says for settings (002 §2). */
export const PAGE_ROLES = {
  // Whoever may write announcements; everyone may read the ones showing.
  settings: API.settings.createAnnouncement.access,
  rating: ADMIN_ONLY,
  exportCards: ADMIN_ONLY,
  // A list page is open to whoever may call its list (the route contract's access).
  users: API.users.list.access,
  customers: API.users.customers.access,
  inbox: API.inbox.list.access,
  integrations: API.integrations.webhooks.access,
} as const satisfies Record<string, readonly Role[]>;

export { AI_TOOLBOX_ROLES, DUE_CARD_ROLES };
