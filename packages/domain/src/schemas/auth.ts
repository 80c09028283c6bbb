import { z } from 'zod';
import { MSG, fill } from '../messages.js';
import { ROLES } from '../roles.js';
import { REFERRALS, REFERRAL_SOURCE_MAX, valuesOf } from '../options.js';
import { OWN_FILE_PATTERN, isEmail } from '../validation.js';
import { emailField, nameField, passwordField, timeZoneField, dbId } from './fields.js';
import { customerDetailsShape } from './customer-profile.js';
import { mailPreferencesBody, secondaryEmails } from './users.js';

export const loginBody = z.object({
  useremail: emailField,
  password: z
    .string()
    .min(1, { error: fill(MSG.fieldRequired, { label: 'Password' }) })
    .max(1024),
  remember_me: z.boolean().optional(),
});
export const loginReply = z.object({
  access_token: z.string().optional().describe('Bearer token; omitted when the session rides in the cookie'),
  client_type: z.enum(ROLES),
  timezone: z.string(),
});

export const signupBody = z
  .object({
    firstname: nameField('First name'),
    lastname: nameField('Last name'),
    email: emailField,
    password: passwordField,
    dropbox_email: emailField.optional().or(z.literal('')),
    secondary_email: z.string().trim().max(1000).optional(),
    referral: z.enum(valuesOf(REFERRALS)).optional(),
    otherreferral: z.string().trim().max(REFERRAL_SOURCE_MAX).optional(),
  })
  .refine((b) => !(b.referral === 'Other' || b.referral === 'Affiliate') || !!b.otherreferral, {
    error: MSG.mentionSource,
    path: ['otherreferral'],
  });

export const messageReply = z.object({ message: z.string() });
export const signupReply = z.object({ message: z.string(), client_id: z.number() });

// A malformed link reads like an unknown one, never as a validator's text.
const verifyToken = { error: MSG.verifyTokenInvalid };
export const verifyBody = z.object({
  emailToken: z.string(verifyToken).min(10, verifyToken).max(200, verifyToken),
});
export const statusMessageReply = z.object({ status: z.boolean(), message: z.string() });

export const passwordResetBody = z.object({ email: emailField });
export const passwordResetConfirmBody = z.object({
  token: z.string().min(10).max(200),
  password: passwordField,
});

export const changePasswordBody = z.object({
  client_id: dbId.optional(),
  password: passwordField,
});

/** POST /api/user/profile: the own profile; only the fields sent change (spec 002 §5, §7). */
export const profileBody = z.object({
  firstname: nameField('First name').optional(),
  lastname: nameField('Last name').optional(),
  useremail: emailField.optional(),
  timezone: timeZoneField.optional(),
  /** Where the customer shares raw footage; completes a customer's registration (spec 002 §5). */
  dropbox_email: z.string().trim().toLowerCase().refine(isEmail, { error: MSG.dropboxEmailInvalid }).optional(),
  secondary_email: secondaryEmails.optional(),
  mailPreferences: mailPreferencesBody.optional(),
  show_portal_video: z.boolean().optional().describe("false hides 'How to use portal'"),
  profile_img: z
    .union([z.literal(''), z.string().regex(OWN_FILE_PATTERN, { error: MSG.uploadFileAgain })])
    .optional()
    .describe("The caller's own image from POST /api/media (purpose avatar); '' removes the avatar"),
  ...customerDetailsShape,
  referral: z
    .union([z.literal(''), z.enum(valuesOf(REFERRALS))], {
      error: fill(MSG.chooseListedOption, { label: 'How did you find us?' }),
    })
    .optional()
    .describe("Customers: 'How did you find us?'; Affiliate and Other need otherreferral"),
  otherreferral: z
    .string()
    .trim()
    .max(REFERRAL_SOURCE_MAX, {
      error: fill(MSG.fieldTooLong, { label: 'Source', max: String(REFERRAL_SOURCE_MAX) }),
    })
    .optional()
    .describe("Customers: the source of an Affiliate or Other referral ('Please mention source')"),
});
