import type { Role } from './roles.js';
import { CUSTOMER_DETAIL_KEYS } from './customer-profile.js';

/** The account and plan fields PUT /api/user/:id may change (spec 002 §3, §7). */
const ACCOUNT_FIELDS = [
  'firstname',
  'lastname',
  'useremail',
  'secondary_email',
  'dropbox_email',
  'timezone',
  'client_type',
  'assigned_to_lead_id',
  'assign_qa',
  'extra_qa_slot',
  'assign_yt_helper',
  'mailPreferences',
  'done_video_limit',
  'subscription_type',
  'custom_subscription',
  'request_limit',
  'has_subtitles',
  'billing_date',
  'has_youtube_helper',
  'team_notes',
  'loudness_target',
  'approval_rule',
  'download_policy',
] as const;
/** Every field PUT /api/user/:id may change; the body schema lists the same keys. */
export const UPDATE_USER_FIELDS = [...ACCOUNT_FIELDS, ...CUSTOMER_DETAIL_KEYS];
export type UpdateUserField = (typeof UPDATE_USER_FIELDS)[number];

/** What anyone may change on their own account here; the email goes through POST /api/user/profile (verified). */
export const SELF_USER_FIELDS: readonly UpdateUserField[] = [
  'firstname',
  'lastname',
  'secondary_email',
  'dropbox_email',
  'timezone',
  'mailPreferences',
  ...CUSTOMER_DETAIL_KEYS,
];

/**
 * What a lead may change on a customer they see (spec 002 §2 "Customer profile"): the team lead the
 * QA slots, team notes and delivery QC's loudness target, the YouTube-helper lead the helper plan and helpers. Money and access stay with admin.
 */
export const LEAD_CUSTOMER_FIELDS: Partial<Record<Role, readonly UpdateUserField[]>> = {
  'team-lead': ['assign_qa', 'team_notes', 'loudness_target', 'approval_rule', 'download_policy'],
  'yt-helper-lead': ['has_youtube_helper', 'assign_yt_helper'],
};

/** Fields only a customer has; setting them on staff is a validation error. */
export const CUSTOMER_ONLY_FIELDS: readonly UpdateUserField[] = [
  'assign_qa',
  'extra_qa_slot',
  'assign_yt_helper',
  'done_video_limit',
  'subscription_type',
  'custom_subscription',
  'request_limit',
  'has_subtitles',
  'billing_date',
  'has_youtube_helper',
  ...CUSTOMER_DETAIL_KEYS,
];

/** Who deletes users, toggles and renews subscriptions (spec 002 §2 "Customers list": only admin). */
export const USER_ADMIN_ROLES: readonly Role[] = ['admin'];

/** The fields `actor` may change on `target` (a user the actor may already see). */
export function editableUserFields(
  actor: { id: number; role: Role },
  target: { id: number; role: Role },
): readonly UpdateUserField[] {
  const own = actor.id === target.id;
  // An admin can't demote themselves: the portal would be left without anyone to undo it.
  if (actor.role === 'admin') return own ? UPDATE_USER_FIELDS.filter((f) => f !== 'client_type') : UPDATE_USER_FIELDS;
  const lead = target.role === 'customer' ? (LEAD_CUSTOMER_FIELDS[actor.role] ?? []) : [];
  return own ? [...SELF_USER_FIELDS, ...lead] : lead;
}

/** Who may change a customer's profile details and files (avatar, thumbnail reference): the customer and admin. */
export const mayEditCustomerDetails = (actor: { id: number; role: Role }, target: { id: number; role: Role }) =>
  target.role === 'customer' && editableUserFields(actor, target).includes('channel_name');
