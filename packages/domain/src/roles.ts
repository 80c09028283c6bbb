/** Role strings (`client_type`) as the HTTP contract spells them (DESIGN §3). */
export const ROLES = ['admin', 'customer', 'team-lead', 'editor', 'qa', 'yt-helper', 'yt-helper-lead'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  customer: 'Customer',
  'team-lead': 'Team Lead',
  editor: 'Editor',
  qa: 'QA',
  'yt-helper': 'YouTube Helper',
  'yt-helper-lead': 'YouTube Helper Team Lead',
};

export const STAFF_ROLES = ROLES.filter((r) => r !== 'customer');
export const YT_HELPER_ROLES: readonly Role[] = ['yt-helper', 'yt-helper-lead'];
/** Staff who serve customers (all but editors): they list customers and read the profile figures of people they see. */
export const CUSTOMER_SERVING_ROLES: readonly Role[] = ['admin', 'team-lead', 'qa', 'yt-helper-lead', 'yt-helper'];
/** Roles that may use "View As" on the board (spec 000 §6). */
export const VIEW_AS_ROLES: readonly Role[] = ['admin', 'team-lead', 'yt-helper-lead'];
/** The lead role a user of each role reports to; the Add User form disables the select for the rest. */
export const TEAM_LEAD_ROLE_FOR: Partial<Record<Role, Role>> = {
  qa: 'team-lead',
  editor: 'team-lead',
  customer: 'team-lead',
  'yt-helper': 'yt-helper-lead',
};

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
export const isStaff = (role: Role): boolean => role !== 'customer';
export const isYtHelperRole = (role: Role): boolean => YT_HELPER_ROLES.includes(role);

/**
 * Who gets the board's mode switch: whoever may see both boards. Helper cards are seen as the cards
 * themselves are (DESIGN §4 "Who sees which cards"), so every staff role (team leads and QA their
 * customers', editors theirs) and customers whose plan has the helper; docs/workflow.md says so.
 */
export const mayUseYtMode = (role: Role, hasYoutubeHelper: boolean): boolean => isStaff(role) || hasYoutubeHelper;
/** Logging in picks the board mode: helper roles work the YouTube-helper board (spec 000 §1). */
export const defaultViewType = (role: Role): ViewType => (isYtHelperRole(role) ? 'yt-helper' : 'normal');
export const VIEW_TYPES = ['normal', 'yt-helper'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

/** Settings (holidays, announcements) and leave management are the admin's (spec 002 §6). */
export const SETTINGS_ROLES: readonly Role[] = ['admin'];
export const LEAVE_ADMIN_ROLES: readonly Role[] = ['admin'];
/** Whose leave is recorded: staff; customers have no leave tab. */
export const LEAVE_TAKER_ROLES: readonly Role[] = STAFF_ROLES;
