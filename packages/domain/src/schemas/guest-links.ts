import { dbIdText } from './fields.js';
import { z } from 'zod';
import { approvalView } from './approvals.js';
import { GUEST_COPY_STATES, GUEST_DOWNLOADS } from '../approvals.js';
import {
  GUEST_MSG,
  GUEST_LINK_DAY_OPTIONS,
  GUEST_LINK_DEFAULT_DAYS,
  GUEST_LINK_LABEL_MAX,
  GUEST_NAME_MAX,
  GUEST_PASSWORD_MAX,
  GUEST_PASSWORD_MIN,
} from '../guest-links.js';
import { fill } from '../messages.js';
import { annotationShape, checkNoteRange, commentFields, noteType } from './chat.js';
import { mediaView } from './card-replies.js';

export const guestLinkParams = z.object({
  id: dbIdText,
  linkId: dbIdText,
});

export const createGuestLinkBody = z.object({
  expires_in_days: z
    .number()
    .int()
    .refine((d) => (GUEST_LINK_DAY_OPTIONS as readonly number[]).includes(d), {
      error: `Choose ${GUEST_LINK_DAY_OPTIONS.join(', ')} days`,
    })
    .default(GUEST_LINK_DEFAULT_DAYS),
  label: z.string().trim().max(GUEST_LINK_LABEL_MAX).optional().describe('Who the link is for, for the list'),
  approver: z.boolean().default(false).describe('The guest decides on each version (issue 52)'),
  download: z
    .enum(GUEST_DOWNLOADS, { error: `Download must be one of ${GUEST_DOWNLOADS.join(', ')}` })
    .default('none')
    .describe('What the guest may download: nothing, the review copy or the original'),
  watermark: z
    .boolean()
    .optional()
    .describe(
      "Everything the guest plays or downloads carries their name, the link's label and the date; on by default for approver and download links",
    ),
  password: z
    .string()
    .min(GUEST_PASSWORD_MIN, { error: fill(GUEST_MSG.passwordTooShort, { min: String(GUEST_PASSWORD_MIN) }) })
    .max(GUEST_PASSWORD_MAX)
    .optional()
    .describe('Asked of the guest before the review opens'),
});

export const guestLinkView = z.object({
  link_id: z.number(),
  label: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  last_opened_at: z.string().nullable(),
  has_password: z.boolean(),
  /** The guest decides on each version as a reviewer (issue 52). */
  approver: z.boolean(),
  download: z.enum(GUEST_DOWNLOADS),
  /** What the guest plays or downloads is their own marked copy (issue 52). */
  watermark: z.boolean(),
  state: z.enum(['active', 'expired', 'revoked']),
  guest_comments: z.number(),
});
export type GuestLinkView = z.infer<typeof guestLinkView>;

export const guestLinksReply = z.object({ links: z.array(guestLinkView) });
export const createGuestLinkReply = z.object({
  message: z.string(),
  link_id: z.number(),
  /** Shown once: only its hash is kept. */
  token: z.string(),
  url: z.string(),
  link: guestLinkView,
});

export const openGuestLinkBody = z.object({
  token: z.string().trim().min(1).max(200),
  password: z.string().max(GUEST_PASSWORD_MAX).optional(),
  name: z.string().trim().min(1, { error: GUEST_MSG.nameRequired }).max(GUEST_NAME_MAX),
});
export const openGuestLinkReply = z.object({ message: z.string(), guest_name: z.string(), expires_at: z.string() });

/** A note as a guest reads it: who wrote it by name and side, never a user id. */
export const guestNoteView = z.object({
  note_id: z.number(),
  note: z.string(),
  note_type: noteType,
  author: z.string(),
  side: z.enum(['customer', 'staff', 'guest']),
  date_added: z.string(),
  video_time: z.number().nullable(),
  time_in: z.number().nullable(),
  time_out: z.number().nullable(),
  note_for_video_number: z.number().nullable(),
  annotation: annotationShape.nullable(),
  fix_state: z.enum(['open', 'fixed', 'wont_fix']).nullable(),
  wont_fix_reason: z.string().nullable(),
});
export type GuestNoteView = z.infer<typeof guestNoteView>;

export const guestReviewReply = z.object({
  card: z.object({ card_title: z.string(), status_label: z.string() }),
  guest_name: z.string(),
  expires_at: z.string(),
  /** Notes may be written now (not while the video is in quality check). */
  comments_open: z.boolean(),
  /** Each delivered version, newest first; empty while the video is in quality check. */
  versions: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      kind: z.enum(['done', 'repurpose']),
      /** `media`: the pipeline's proxies and files, at the guest's own paths (null for a link elsewhere). */
      videos: z.array(
        z.object({
          number: z.number(),
          url: z.string(),
          media: mediaView.nullable(),
          /** A watermarked link's own copy of this video: being made, playing (as `url` and the one proxy), or failed. */
          watermark: z.enum(GUEST_COPY_STATES).nullable(),
        }),
      ),
    }),
  ),
  notes: z.array(guestNoteView),
  /** Whether this guest's link approves, and the round of the latest version (issue 52). */
  approver: z.boolean(),
  approval: approvalView.optional(),
  /** What the guest's link lets them download (issue 52). */
  download: z.enum(GUEST_DOWNLOADS),
  /** The guest plays and downloads their own marked copies (issue 52). */
  watermark: z.boolean(),
});
export type GuestReviewReply = z.infer<typeof guestReviewReply>;

export const guestCommentBody = commentFields
  .pick({ note: true, note_for_video_number: true, note_type: true, annotation: true, time_in: true, time_out: true })
  .check(checkNoteRange);
export const guestCommentReply = z.object({ message: z.string(), note: guestNoteView });
