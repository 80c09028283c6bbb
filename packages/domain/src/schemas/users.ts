import { z } from 'zod';
import { ROLES } from '../roles.js';
import { LOUDNESS_TARGET_KEYS, type LoudnessTargetKey } from '../qc.js';
import { APPROVAL_RULES, DOWNLOAD_POLICIES } from '../approvals.js';
import { CUSTOMER_ACTIVITY, REFERRALS, SUBSCRIPTION_TYPES, USER_FILTERS, valuesOf } from '../options.js';
import {
  CUSTOM_SUBSCRIPTION_MAX,
  CUSTOM_SUBSCRIPTION_MIN,
  DONE_VIDEO_LIMIT_MAX,
  QA_SLOTS_EXTRA,
  LIST_LIMIT_MAX,
  REQUEST_LIMIT_MAX,
  TABLE_PAGE_SIZE,
  TEAM_NOTES_MAX,
  YT_HELPER_SLOTS,
} from '../constants.js';
import { isEmail } from '../validation.js';
import { emailField, nameField, passwordField, timeZoneField, dbId, optionalBody } from './fields.js';
import { MSG, fill } from '../messages.js';
import { customerDetailsShape, customerDetailsView } from './customer-profile.js';

const userId = dbId;

const customPlanRange = fill(MSG.customPlanRange, {
  min: String(CUSTOM_SUBSCRIPTION_MIN),
  max: String(CUSTOM_SUBSCRIPTION_MAX),
});

export const createUserBody = z
  .object({
    firstname: nameField('First name'),
    lastname: nameField('Last name'),
    email: emailField,
    password: passwordField,
    customer_type: z.enum(ROLES),
    assign_team_lead: userId.optional().nullable(),
    subscription_type: z.enum(valuesOf(SUBSCRIPTION_TYPES)).optional(),
    // null is what a client sends for a plan that isn't custom: the same as leaving it out.
    custom_subscription: z.number().int().min(CUSTOM_SUBSCRIPTION_MIN).max(CUSTOM_SUBSCRIPTION_MAX).nullish(),
    assign_qa: z.array(userId).max(QA_SLOTS_EXTRA).optional(),
    extra_qa_slot: z.boolean().optional(),
  })
  .refine((b) => b.subscription_type !== 'custom' || (b.custom_subscription ?? null) !== null, {
    error: customPlanRange,
    path: ['custom_subscription'],
  });

export const createUserReply = z.object({
  message: z.string(),
  client_id: z.number(),
  entity: z.object({ client_id: z.number() }),
});

/** A customer's details as plain user fields (spec 002 §3): single-user replies only, like `details`. */
const detailFields = customerDetailsView.partial().shape;

/** The user as every profile and list shows it. */
export const userView = z.object({
  client_id: z.number(),
  client_type: z.enum(ROLES),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  useremail: z.string(),
  pending_email: z.string().nullable(),
  dropbox_email: z.string().nullable(),
  timezone: z.string(),
  profile_img: z.string().nullable(),
  is_temporary_password: z.boolean(),
  is_profile_completed: z.boolean(),
  is_yt_fields_filled: z.boolean(),
  is_active_subscription: z.boolean(),
  is_on_leave: z.boolean(),
  is_deleted: z.boolean(),
  has_youtube_helper: z.boolean(),
  has_subtitles: z.boolean(),
  subscription_type: z.string().nullable().optional(),
  custom_subscription: z.number().nullable().optional(),
  request_limit: z.number().nullable().optional(),
  done_video_limit: z.number(),
  assigned_to_lead_id: z.number().nullable(),
  qas: z.array(z.object({ client_id: z.number(), fullname: z.string() })),
  yt_helpers: z.array(z.object({ client_id: z.number(), fullname: z.string() })).optional(),
  extra_qa_slot: z.boolean().optional(),
  billing_date: z.string().nullable().optional(),
  billing_data: z
    .object({ start_date: z.string(), end_date: z.string() })
    .optional()
    .describe('Customers: the current 30-day billing period, from the billing date (or sign-up)'),
  secondary_email: z.string().nullable().optional(),
  mailPreferences: z
    .object({
      card_movement: z.number(),
      card_comment: z.number(),
      card_comment_tag: z.number(),
      daily_digest: z.number().optional(),
    })
    .optional(),
  team_notes: z.string().nullable().optional().describe('Staff viewers only'),
  /** The loudness delivery QC holds a customer's cuts to (issue 51): staff viewers, customers only. */
  loudness_target: z.enum(LOUDNESS_TARGET_KEYS as [LoudnessTargetKey, ...LoudnessTargetKey[]]).optional(),
  /** The approval rule a new card of a customer starts with (issue 52): staff viewers, customers only. */
  approval_rule: z.enum(APPROVAL_RULES).optional(),
  /** Whether the customer's originals unlock only on approval (issue 52): staff viewers, customers only. */
  download_policy: z.enum(DOWNLOAD_POLICIES).optional(),
  referral: z.string().nullable().optional(),
  otherreferral: z.string().nullable().optional(),
  show_portal_video: z.boolean().optional().describe("Whether the customer still sees 'How to use portal'"),
  ref_thumbnails_file: z.string().nullable().optional().describe('The thumbnail reference file (spec 002 §2)'),
  ...detailFields,
  details: customerDetailsView
    .optional()
    .describe('The same details grouped, as the profile forms read them; in single-user replies only'),
  last_login_time: z.string().nullable(),
  created_at: z.string(),
});
export type UserView = z.infer<typeof userView>;

export const listQuery = z.object({
  search: z.string().trim().max(100).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(TABLE_PAGE_SIZE),
});
/** GET /api/users: the staff list, filtered by leave today (spec 002 §2 "Users list"). */
export const usersQuery = listQuery.extend({ filter: z.enum(valuesOf(USER_FILTERS)).default('all') });
export const usersReply = z.object({ users: z.array(userView), count: z.number() });

/** A real calendar day: zod's ISO date refuses months past 12 and days a month doesn't have. */
const dateOnly = z.iso.date({ error: MSG.dateInvalid });

/** The admin's customer filters (spec 002 §2 "Customers list"); the list, its counters and the export take them. */
const customerFilterFields = {
  search: listQuery.shape.search,
  customerType: z.enum(valuesOf(SUBSCRIPTION_TYPES)).optional(),
  referral: z.enum(valuesOf(REFERRALS)).optional(),
  activity: z
    .enum(valuesOf(CUSTOMER_ACTIVITY))
    .optional()
    .describe('Days since the last login (or sign-up, if never): active < 14, inactive_14 14 to 30, inactive_30 > 30'),
  startDate: dateOnly.optional().describe("Created on or after, in the caller's user-time-zone"),
  endDate: dateOnly.optional().describe("Created on or before, in the caller's user-time-zone"),
};
const datesInOrder = (q: { startDate?: string; endDate?: string }) =>
  !q.startDate || !q.endDate || q.startDate <= q.endDate;
const datesRule = { error: MSG.dateRangeReversed, path: ['startDate'] };
export const customerFilters = z.object(customerFilterFields).refine(datesInOrder, datesRule);
export const customersQuery = z
  .object({ ...customerFilterFields, offset: listQuery.shape.offset, limit: listQuery.shape.limit })
  .refine(datesInOrder, datesRule);

/** The customers list's counters over the customers that match (spec 002 §2). */
export const customerCounters = z.object({
  active: z.number().describe('Subscription active'),
  inactive: z.number().describe('Subscription turned off'),
  allowedCards30d: z.number().describe("Sum of the plans' requests per 30-day period; unlimited plans are left out"),
  requestedCards: z.number().describe('Requests created in the last 30 days'),
});
export const customerRow = userView.extend({
  totalAllowedVideoCount: z.number().nullable().describe("The plan's requests per period; null = unlimited"),
  oneMonthCreatedVideo: z.number().describe('Requests created in the last 30 days'),
});
export const customersReply = z.object({
  customers: z.array(customerRow),
  count: z.number(),
  counters: customerCounters,
});
/** GET /api/user/:id/customers: the customers a staff member works with, for the profile's assignee table (spec 002 §2). */
export const assigneeRow = userView.pick({
  client_id: true,
  fullname: true,
  useremail: true,
  subscription_type: true,
  custom_subscription: true,
  is_active_subscription: true,
  last_login_time: true,
});
export const assignedCustomersReply = z.object({ customers: z.array(assigneeRow), count: z.number() });
/** POST /api/customers-cards-count: the counters, optionally for one plan. */
export const cardsCountBody = optionalBody(z.object({ customerType: z.enum(valuesOf(SUBSCRIPTION_TYPES)).optional() }));

/** A 0/1 switch as the spec sends it, or a boolean. */
export const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]);
const range = (label: string, min: number, max: number) => {
  const error = fill(MSG.numberRange, { label, min: String(min), max: String(max) });
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/** Assistant emails, separated by commas; each must be valid (spec 002 §5). */
export const secondaryEmails = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => v.split(',').every((e) => e.trim() === '' || isEmail(e.trim())), { error: MSG.invalidAssistantEmail });

/** Which mails a user wants (spec 002 §3); keys left out keep their value. */
export const mailPreferencesBody = z.object({
  card_movement: flag.optional(),
  card_comment: flag.optional(),
  card_comment_tag: flag.optional(),
  daily_digest: flag.optional().describe('Beyond the spec: one mail a day with the chosen kinds instead of one each'),
});

/** PUT /api/user/:id: only the fields sent change (spec 002 §5 "Only changed, non-empty fields are sent"). */
export const updateUserBody = z.object({
  firstname: nameField('First name').optional(),
  lastname: nameField('Last name').optional(),
  useremail: emailField.optional(),
  secondary_email: secondaryEmails.optional(),
  dropbox_email: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || isEmail(v), { error: MSG.dropboxEmailInvalid })
    .optional(),
  timezone: timeZoneField.optional(),
  client_type: z.enum(ROLES).optional().describe('Changing it clears the team lead (spec 002 §4)'),
  assigned_to_lead_id: userId.nullable().optional(),
  assign_qa: z
    .array(userId)
    .max(QA_SLOTS_EXTRA, { error: fill(MSG.qaSlotsMax, { slots: String(QA_SLOTS_EXTRA) }) })
    .optional()
    .describe('QA user ids, in slot order: 3 slots, 4 with extra_qa_slot'),
  extra_qa_slot: z.boolean().optional(),
  assign_yt_helper: z
    .array(userId)
    .max(YT_HELPER_SLOTS, { error: fill(MSG.ytHelperSlotsMax, { slots: String(YT_HELPER_SLOTS) }) })
    .optional(),
  mailPreferences: mailPreferencesBody.optional(),
  done_video_limit: range('Done video limit', 1, DONE_VIDEO_LIMIT_MAX).optional(),
  subscription_type: z.enum(valuesOf(SUBSCRIPTION_TYPES)).optional(),
  custom_subscription: z
    .number()
    .int()
    .min(CUSTOM_SUBSCRIPTION_MIN, { error: customPlanRange })
    .max(CUSTOM_SUBSCRIPTION_MAX, { error: customPlanRange })
    .nullable()
    .optional(),
  request_limit: range('Request limit', 0, REQUEST_LIMIT_MAX).nullable().optional().describe('null: the plan decides'),
  has_subtitles: flag.optional(),
  approval_rule: z
    .enum(APPROVAL_RULES, { error: `Approval rule must be one of ${APPROVAL_RULES.join(', ')}` })
    .optional(),
  download_policy: z
    .enum(DOWNLOAD_POLICIES, { error: `Download policy must be one of ${DOWNLOAD_POLICIES.join(', ')}` })
    .optional(),
  loudness_target: z
    .enum(LOUDNESS_TARGET_KEYS as [LoudnessTargetKey, ...LoudnessTargetKey[]], {
      error: `Loudness target must be one of ${LOUDNESS_TARGET_KEYS.join(', ')}`,
    })
    .optional(),
  billing_date: z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: MSG.dateInvalid }).optional(),
  has_youtube_helper: flag.optional(),
  team_notes: z
    .string()
    .trim()
    .max(TEAM_NOTES_MAX, { error: fill(MSG.fieldTooLong, { label: 'Team notes', max: String(TEAM_NOTES_MAX) }) })
    .nullable()
    .optional(),
  ...customerDetailsShape,
  updatedFromProfile: z.boolean().optional().describe('Sent by the profile page; changes nothing'),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;
export const updateUserReply = z.object({ message: z.string(), user: userView });

export const toggleSubscriptionBody = z.object({
  client_id: userId.optional(),
  is_active_subscription: flag.optional().describe('The new state; omitted flips it'),
});
export const subscriptionReply = z.object({
  success: z.boolean(),
  message: z.string(),
  is_active_subscription: z.boolean(),
  billing_date: z.string().nullable(),
});
export const userDeletedReply = z.object({ success: z.boolean(), message: z.string() });
export const averageRatingReply = z.object({
  average_rating: z.number().describe('Mean of 1-5 ratings, 2 decimals; 0 when none'),
  rated_videos: z.number(),
});
