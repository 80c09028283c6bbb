// Apart from paths.ts: the sidebar's menus need not come with the first load (the login page's).
import { NAV_ITEMS, sidebarFor, type Role } from '@cutroom/domain';

/** The sidebar's label for a path in this role's menu ('My Team' vs 'Users'), else the plain one. */
export function navLabel(role: Role, path: string, fallback: string): string {
  return sidebarFor(role).find((item) => item.path === path)?.label ?? fallback;
}

export const DEFAULT_LABELS = {
  users: NAV_ITEMS.users.label,
  customers: NAV_ITEMS.customers.label,
};
