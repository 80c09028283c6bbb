import { z } from 'zod';
import { ROLES } from '../roles.js';
import { SUBSCRIPTION_TYPES, valuesOf } from '../options.js';
import { CUSTOM_SUBSCRIPTION_MAX, CUSTOM_SUBSCRIPTION_MIN, QA_SLOTS_EXTRA } from '../constants.js';
import { emailField, nameField, passwordField, dbId } from '../validation.js';
import { MSG, fill } from '../messages.js';

const userId = dbId;

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
