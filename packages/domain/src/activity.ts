import { INACTIVE_DAYS, MIDDLE_ACTIVITY_DAYS } from './constants.js';
import type { CUSTOMER_ACTIVITY, OptionValue } from './options.js';
import type { Role } from './roles.js';

/** A customer's activity band: the customers filter's values. */
export type ActivityBand = OptionValue<typeof CUSTOMER_ACTIVITY>;

/** The assignee table's words (spec 002 §2 "User profile"); no login at all shows NO_LOGIN. */
export const ACTIVITY_BAND_LABELS: Record<ActivityBand, string> = {
  inactive_30: 'Inactive for 30 Days',
  inactive_14: 'Inactive for 14 Days',
  active: 'Active',
};
export const NO_LOGIN = '-';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Spec 002 §4 and §9, by days since the last login: over 30 inactive, 14 to 30 the middle band, under 14
 * active; null when the person never logged in. The customers filter asks the same in SQL.
 */
export function activityBand(lastLogin: string | Date | null | undefined, now: Date = new Date()): ActivityBand | null {
  if (!lastLogin) return null;
  const at = new Date(lastLogin).getTime();
  if (Number.isNaN(at)) return null;
  const days = (now.getTime() - at) / DAY_MS;
  if (days > INACTIVE_DAYS) return 'inactive_30';
  if (days >= MIDDLE_ACTIVITY_DAYS) return 'inactive_14';
  return 'active';
}

/** The band's words, or '-' without a login. */
export const activityLabel = (lastLogin: string | Date | null | undefined, now?: Date): string => {
  const band = activityBand(lastLogin, now);
  return band ? ACTIVITY_BAND_LABELS[band] : NO_LOGIN;
};

/** Staff who hold customers (QA and helper slots, a lead's team, the helper plan): their profiles list them. */
export const ASSIGNEE_ROLES: readonly Role[] = ['team-lead', 'qa', 'yt-helper', 'yt-helper-lead'];

/**
 * Spec 002 §2: tabs show on team lead, QA and YouTube helper profiles; other types see only the basic form.
 * The editor, a role the spec doesn't have, takes leave like a QA, so their profile has the Leave tab too.
 */
export const TABBED_PROFILE_ROLES: readonly Role[] = ['team-lead', 'qa', 'yt-helper', 'yt-helper-lead', 'editor'];
