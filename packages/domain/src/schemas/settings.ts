import { z } from 'zod';
import { CLOCK_TIME_ZONE, TITLE_MAX } from '../constants.js';
import { MSG, fill } from '../messages.js';
import type { Role } from '../roles.js';
import { calendarDay } from '../calendar-day.js';
import { dayOrTimestamp, dbId, dbIdText, mediaUrlField } from './fields.js';

/** Announcement style options (spec 002 §3 Announcement). */
export const BANNER_HEADING_STYLES = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
export const BANNER_TEXT_STYLES = ['14px', '15px', '16px', '17px', '18px', '19px', '20px'] as const;
export const BANNER_FONT_STYLES = ['none', 'b', 'i'] as const;
export const BANNER_DEFAULTS = {
  banner_heading_style: 'h4',
  banner_text_style: '15px',
  banner_heading_color: '#ffffff',
  banner_font_style: 'none',
} as const;
export const BANNER_HEADING_MAX = 2_000;
export const BANNER_TEXT_MAX = 20_000;
export const BANNER_IMAGE_PX_MAX = 4_000;
export const LEAVE_REASON_MAX = 1_000;

/** Who a leave notice goes to: the user, and the user's team lead where the user has one (spec 002 §6). */
export const LEAVE_NOTIFY_CHOICES = ['user', 'team_lead'] as const;
export type LeaveNotifyChoice = (typeof LEAVE_NOTIFY_CHOICES)[number];
/** Other spellings clients send for the same choices. */
const NOTIFY_ALIASES: Record<string, LeaveNotifyChoice> = { teamLead: 'team_lead' };
/** A team lead (or helper lead, or admin) has no lead above them, so only they are told. */
export const leaveNotifyChoices = (role: Role): readonly LeaveNotifyChoice[] =>
  role === 'team-lead' || role === 'yt-helper-lead' || role === 'admin' ? ['user'] : LEAVE_NOTIFY_CHOICES;

const flag = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === 1 || v === true);
/**
 * A calendar day: YYYY-MM-DD, or a full ISO timestamp reduced to its day. A timestamp with an offset
 * (+05:30) or none counts on the day it writes; one in UTC ('Z', as toISOString writes) on its day in
 * New York, the portal's clock (spec 002 §9).
 */
const dateOnly = dayOrTimestamp.transform((v) =>
  v.length === 10 ? v : /z$/i.test(v) ? calendarDay(new Date(v), CLOCK_TIME_ZONE) : v.slice(0, 10),
);
const required = (label: string, max: number) =>
  z
    .string({ error: fill(MSG.fieldRequired, { label }) })
    .trim()
    .min(1, { error: fill(MSG.fieldRequired, { label }) })
    .max(max, { error: fill(MSG.fieldTooLong, { label, max: String(max) }) });
const messageReply = z.object({ success: z.boolean(), message: z.string() });

// ---- holidays

export const saveHolidayBody = z.object({
  holiday_title: required('Title', TITLE_MAX),
  holiday_date: dateOnly,
  holiday_status: flag.optional().describe('On (default) or off'),
  is_deleted: z
    .union([z.literal(0), z.literal(false)])
    .optional()
    .describe('Sent by the form; a new holiday is never deleted'),
});
export const updateHolidayBody = z
  .object({
    id: dbId,
    holiday_title: required('Title', TITLE_MAX).optional(),
    holiday_date: dateOnly.optional(),
    holiday_status: flag.optional(),
    is_deleted: flag.optional().describe('Soft delete: the holiday leaves the list; 0 or false deletes nothing'),
  })
  .refine(
    (b) =>
      b.holiday_title !== undefined ||
      b.holiday_date !== undefined ||
      b.holiday_status !== undefined ||
      b.is_deleted === true,
    { error: MSG.sendSomethingToChange },
  );
export const holidayView = z.object({
  id: z.number().int(),
  holiday_title: z.string(),
  holiday_date: z.string(),
  holiday_status: z.boolean(),
  is_deleted: z.boolean(),
  created_at: z.string(),
});
export type HolidayView = z.output<typeof holidayView>;
export const holidaysReply = z.object({ holidays: z.array(holidayView) });
export const saveHolidayReply = z.object({ message: z.string(), id: z.number().int() });
export const holidayUpdateReply = messageReply;

// ---- announcements

const announcementFields = {
  enable_banner: flag.optional().describe('Shown on the home page between its dates (1) or not (0)'),
  banner_heading: required('Heading', BANNER_HEADING_MAX).describe('Rich text (sanitized)'),
  banner_heading_style: z.enum(BANNER_HEADING_STYLES).optional(),
  banner_text: required('Text', BANNER_TEXT_MAX).describe('Rich text (sanitized)'),
  banner_text_style: z.enum(BANNER_TEXT_STYLES).optional(),
  banner_heading_color: z
    .string()
    .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, { error: MSG.colourInvalid })
    .optional(),
  banner_font_style: z.enum(BANNER_FONT_STYLES).optional(),
  banner_image: mediaUrlField.nullable().optional(),
  banner_image_style_height: z.number().int().min(1).max(BANNER_IMAGE_PX_MAX).nullable().optional(),
  banner_image_style_width: z.number().int().min(1).max(BANNER_IMAGE_PX_MAX).nullable().optional(),
  startDate: dateOnly,
  endDate: dateOnly,
};
const datesInOrder = (b: { startDate?: string; endDate?: string }) =>
  !b.startDate || !b.endDate || b.startDate <= b.endDate;
const datesRule = { error: MSG.dateRangeReversed, path: ['startDate'] };

/** The spec's calls wrap the fields as {announcement: {…}}, the portal's form sends them flat: both are read. */
const wrappedOrFlat = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) =>
      v && typeof v === 'object' && 'announcement' in v && v.announcement && typeof v.announcement === 'object'
        ? v.announcement
        : v,
    schema,
  );

export const createAnnouncementBody = wrappedOrFlat(z.object(announcementFields).refine(datesInOrder, datesRule));
export const updateAnnouncementBody = wrappedOrFlat(
  z
    .object(announcementFields)
    .partial()
    .refine(datesInOrder, datesRule)
    .refine((b) => Object.values(b).some((v) => v !== undefined), { error: MSG.sendSomethingToChange }),
);
export type AnnouncementInput = z.output<typeof updateAnnouncementBody>;
export const announcementView = z.object({
  id: z.number().int(),
  enable_banner: z.union([z.literal(0), z.literal(1)]),
  banner_heading: z.string(),
  banner_heading_style: z.enum(BANNER_HEADING_STYLES),
  banner_text: z.string(),
  banner_text_style: z.enum(BANNER_TEXT_STYLES),
  banner_heading_color: z.string(),
  banner_font_style: z.enum(BANNER_FONT_STYLES),
  banner_image: z.string().nullable(),
  banner_image_style_height: z.number().int().nullable(),
  banner_image_style_width: z.number().int().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AnnouncementView = z.output<typeof announcementView>;
export const announcementsReply = z.object({ announcements: z.array(announcementView) });
export const activeAnnouncementReply = z.object({ announcement: announcementView.nullable() });
export const saveAnnouncementReply = z.object({ message: z.string(), id: z.number().int() });
export const announcementUpdateReply = messageReply;

// ---- leave

export const updateLeaveBody = z
  .object({
    start: dateOnly,
    end: dateOnly,
    reason: required('Reason', LEAVE_REASON_MAX),
    notifyOptions: z
      .array(
        z
          .enum([...LEAVE_NOTIFY_CHOICES, ...(Object.keys(NOTIFY_ALIASES) as ['teamLead'])])
          .transform((c) => NOTIFY_ALIASES[c] ?? (c as LeaveNotifyChoice)),
      )
      .max(LEAVE_NOTIFY_CHOICES.length + Object.keys(NOTIFY_ALIASES).length)
      .optional()
      .describe("Who is mailed: the user, and for QA, editors and helpers their team lead ('teamLead' is taken too)"),
    userId: dbId.optional().describe('Sent by the form; the path names the user'),
    userName: z.string().max(300).optional().describe('Sent by the form; not used'),
    userClientType: z.string().max(40).optional().describe('Sent by the form; not used'),
  })
  .refine((b) => b.start <= b.end, { error: MSG.leaveDatesReversed, path: ['start'] });
export const leaveView = z.object({
  leave_id: z.number().int(),
  client_id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
export type LeaveView = z.output<typeof leaveView>;
export const leaveHistoryReply = z.object({
  leaves: z.array(leaveView),
  is_on_leave: z.boolean().describe('On leave today in New York'),
});
export const updateLeaveReply = z.object({ message: z.string(), leave_id: z.number().int() });
export const leaveIdParam = z.object({ leaveId: dbIdText });
export const deleteLeaveQuery = z.object({
  client_id: dbIdText.optional().describe("The leave must be this user's"),
});
export const deleteLeaveReply = messageReply;
