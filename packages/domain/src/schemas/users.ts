import { z } from 'zod';
import { ROLES } from '../roles.js';
import { SUBSCRIPTION_TYPES, valuesOf } from '../options.js';
import {
  CUSTOM_SUBSCRIPTION_MAX,
  CUSTOM_SUBSCRIPTION_MIN,
  DONE_VIDEO_LIMIT_MAX,
  QA_SLOTS_EXTRA,
  REQUEST_LIMIT_MAX,
  TEAM_NOTES_MAX,
  YT_HELPER_SLOTS,
} from '../constants.js';
import { emailField, isEmail, nameField, passwordField, timeZoneField, dbId } from '../validation.js';
import { MSG, fill } from '../messages.js';

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
    custom_subscription: z.number().int().min(CUSTOM_SUBSCRIPTION_MIN).max(CUSTOM_SUBSCRIPTION_MAX).optional(),
    assign_qa: z.array(userId).max(QA_SLOTS_EXTRA).optional(),
    extra_qa_slot: z.boolean().optional(),
  })
  .refine((b) => b.subscription_type !== 'custom' || b.custom_subscription !== undefined, {
    error: fill(MSG.customPlanRange, { min: String(CUSTOM_SUBSCRIPTION_MIN), max: String(CUSTOM_SUBSCRIPTION_MAX) }),
    path: ['custom_subscription'],
  });

export const createUserReply = z.object({
  message: z.string(),
  client_id: z.number(),
  entity: z.object({ client_id: z.number() }),
});

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
  secondary_email: z.string().nullable().optional(),
  mailPreferences: z
    .object({ card_movement: z.number(), card_comment: z.number(), card_comment_tag: z.number() })
    .optional(),
  team_notes: z.string().nullable().optional().describe('Staff viewers only'),
  last_login_time: z.string().nullable(),
  created_at: z.string(),
});
export type UserView = z.infer<typeof userView>;

export const listQuery = z.object({
  search: z.string().trim().max(100).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const usersReply = z.object({ users: z.array(userView), count: z.number() });
export const customersReply = z.object({ customers: z.array(userView), count: z.number() });

/** A 0/1 switch as the spec sends it, or a boolean. */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]);
const range = (label: string, min: number, max: number) => {
  const error = fill(MSG.numberRange, { label, min: String(min), max: String(max) });
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/** Assistant emails, separated by commas; each must be valid (spec 002 §5). */
const secondaryEmails = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => v.split(',').every((e) => e.trim() === '' || isEmail(e.trim())), { error: MSG.invalidAssistantEmail });

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
  mailPreferences: z
    .object({ card_movement: flag.optional(), card_comment: flag.optional(), card_comment_tag: flag.optional() })
    .optional(),
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
  billing_date: z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: MSG.dateInvalid }).optional(),
  has_youtube_helper: flag.optional(),
  team_notes: z
    .string()
    .trim()
    .max(TEAM_NOTES_MAX, { error: fill(MSG.fieldTooLong, { label: 'Team notes', max: String(TEAM_NOTES_MAX) }) })
    .nullable()
    .optional(),
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
