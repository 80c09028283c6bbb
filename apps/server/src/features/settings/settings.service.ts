import { and, desc, eq, gte, lte, not, sql } from 'drizzle-orm';
import {
  type AnnouncementInput,
  type AnnouncementView,
  type HolidayView,
  type createAnnouncementBody,
  type saveHolidayBody,
  type updateHolidayBody,
} from '@cutroom/domain/schemas';
import { MSG, fill, SETTINGS_ROLES } from '@cutroom/domain';
import type { z } from 'zod';
import { violates } from '../../db/postgres-error.js';
import { announcements, holidays } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { newYorkTodaySql } from '../../platform/time-zone.js';

// ---- holidays

type HolidayRow = typeof holidays.$inferSelect;
const toHolidayView = (h: HolidayRow): HolidayView => ({
  id: h.id,
  holiday_title: h.holidayTitle,
  holiday_date: h.holidayDate,
  holiday_status: h.holidayStatus,
  is_deleted: h.isDeleted,
  created_at: h.createdAt.toISOString(),
});

const dateTaken = () => new AppError('VALIDATION', MSG.holidayDateExists, 'holiday_date');

/** The partial unique index decides a duplicate date, so two concurrent saves can't both win. */
export async function saveHoliday(ctx: AppContext, body: z.output<typeof saveHolidayBody>) {
  try {
    const [row] = await ctx.db
      .insert(holidays)
      .values({
        holidayTitle: body.holiday_title,
        holidayDate: body.holiday_date,
        holidayStatus: body.holiday_status ?? true,
      })
      .returning({ id: holidays.id });
    await ctx.workPlan.changed();
    return { message: MSG.holidaySaved, id: row!.id };
  } catch (err) {
    if (violates(err, 'holidays_live_date_unique')) throw dateTaken();
    throw err;
  }
}

export async function listHolidays(ctx: AppContext) {
  const rows = await ctx.db
    .select()
    .from(holidays)
    .where(not(holidays.isDeleted))
    .orderBy(desc(holidays.holidayDate), desc(holidays.id));
  return { holidays: rows.map(toHolidayView) };
}

/** Edits, toggles or soft-deletes one live holiday; a deleted one is not found. */
export async function updateHoliday(ctx: AppContext, body: z.output<typeof updateHolidayBody>) {
  const set: Partial<typeof holidays.$inferInsert> = { updatedAt: new Date() };
  if (body.holiday_title !== undefined) set.holidayTitle = body.holiday_title;
  if (body.holiday_date !== undefined) set.holidayDate = body.holiday_date;
  if (body.holiday_status !== undefined) set.holidayStatus = body.holiday_status;
  if (body.is_deleted) set.isDeleted = true;
  try {
    const [row] = await ctx.db
      .update(holidays)
      .set(set)
      .where(and(eq(holidays.id, body.id), not(holidays.isDeleted)))
      .returning({ id: holidays.id });
    if (!row) throw new AppError('NOT_FOUND');
  } catch (err) {
    if (violates(err, 'holidays_live_date_unique')) throw dateTaken();
    throw err;
  }
  await ctx.workPlan.changed();
  const message = body.is_deleted
    ? MSG.holidayDeleted
    : body.holiday_title === undefined && body.holiday_date === undefined
      ? MSG.holidayStatusUpdated
      : MSG.holidaySaved;
  return { success: true, message };
}

// ---- announcements

type AnnouncementRow = typeof announcements.$inferSelect;
const toAnnouncementView = (a: AnnouncementRow): AnnouncementView => ({
  id: a.id,
  enable_banner: a.enableBanner ? 1 : 0,
  banner_heading: a.bannerHeading,
  banner_heading_style: a.bannerHeadingStyle,
  banner_text: a.bannerText,
  banner_text_style: a.bannerTextStyle,
  banner_heading_color: a.bannerHeadingColor,
  banner_font_style: a.bannerFontStyle,
  banner_image: a.bannerImage,
  banner_image_style_height: a.bannerImageHeight,
  banner_image_style_width: a.bannerImageWidth,
  startDate: a.startDate,
  endDate: a.endDate,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});

/** Rich text that sanitizes to nothing counts as missing. */
function richText(html: string, field: string, label: string): string {
  const clean = sanitizeRichText(html);
  if (!clean) throw new AppError('VALIDATION', fill(MSG.fieldRequired, { label }), field);
  return clean;
}

/** The columns a create or edit sets; fields left out keep their value (or the column default). */
function announcementColumns(b: AnnouncementInput): Partial<typeof announcements.$inferInsert> {
  const set: Partial<typeof announcements.$inferInsert> = {};
  if (b.enable_banner !== undefined) set.enableBanner = b.enable_banner;
  if (b.banner_heading !== undefined) set.bannerHeading = richText(b.banner_heading, 'banner_heading', 'Heading');
  if (b.banner_heading_style !== undefined) set.bannerHeadingStyle = b.banner_heading_style;
  if (b.banner_text !== undefined) set.bannerText = richText(b.banner_text, 'banner_text', 'Text');
  if (b.banner_text_style !== undefined) set.bannerTextStyle = b.banner_text_style;
  if (b.banner_heading_color !== undefined) set.bannerHeadingColor = b.banner_heading_color.toLowerCase();
  if (b.banner_font_style !== undefined) set.bannerFontStyle = b.banner_font_style;
  if (b.banner_image !== undefined) set.bannerImage = b.banner_image;
  if (b.banner_image_style_height !== undefined) set.bannerImageHeight = b.banner_image_style_height;
  if (b.banner_image_style_width !== undefined) set.bannerImageWidth = b.banner_image_style_width;
  if (b.startDate !== undefined) set.startDate = b.startDate;
  if (b.endDate !== undefined) set.endDate = b.endDate;
  return set;
}

/** Enabled, and today (New York) within its dates: what the banner may show. */
const showingToday = () =>
  and(
    eq(announcements.enableBanner, true),
    lte(announcements.startDate, newYorkTodaySql),
    gte(announcements.endDate, newYorkTodaySql),
  );

/** Admins manage every announcement, drafts included; everyone else reads the ones showing (spec 002 §1). */
export async function listAnnouncements(ctx: AppContext, viewer: SessionUser) {
  const rows = await ctx.db
    .select()
    .from(announcements)
    .where(SETTINGS_ROLES.includes(viewer.role) ? undefined : showingToday())
    .orderBy(desc(announcements.id));
  return { announcements: rows.map(toAnnouncementView) };
}

/** The banner every signed-in user sees: the newest of those showing. */
export async function activeAnnouncement(ctx: AppContext) {
  const [row] = await ctx.db
    .select()
    .from(announcements)
    .where(showingToday())
    .orderBy(desc(announcements.startDate), desc(announcements.id))
    .limit(1);
  return { announcement: row ? toAnnouncementView(row) : null };
}

export async function createAnnouncement(ctx: AppContext, body: z.output<typeof createAnnouncementBody>) {
  const set = announcementColumns(body);
  const [row] = await ctx.db
    .insert(announcements)
    .values({
      ...set,
      bannerHeading: set.bannerHeading!,
      bannerText: set.bannerText!,
      startDate: body.startDate,
      endDate: body.endDate,
    })
    .returning({ id: announcements.id });
  return { message: MSG.settingsUpdated, id: row!.id };
}

/** Edits one announcement; the date order is checked against the stored dates in the same statement. */
export async function updateAnnouncement(ctx: AppContext, id: number, body: AnnouncementInput) {
  const set = announcementColumns(body);
  const start = set.startDate ?? announcements.startDate;
  const end = set.endDate ?? announcements.endDate;
  const [row] = await ctx.db
    .update(announcements)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(announcements.id, id), sql`${start} <= ${end}`))
    .returning({ id: announcements.id });
  if (row) return { success: true, message: MSG.settingsUpdated };
  const [exists] = await ctx.db.select({ id: announcements.id }).from(announcements).where(eq(announcements.id, id));
  if (!exists) throw new AppError('NOT_FOUND');
  throw new AppError('VALIDATION', MSG.dateRangeReversed, body.startDate !== undefined ? 'startDate' : 'endDate');
}

export async function deleteAnnouncement(ctx: AppContext, id: number) {
  const [row] = await ctx.db.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id });
  if (!row) throw new AppError('NOT_FOUND');
  return { success: true, message: MSG.announcementDeleted };
}
