import { and, eq, inArray, sql } from 'drizzle-orm';
import { billingPeriod, type CustomerDetails } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import type { Db } from '../../db/client.js';
import { customerQas, customerYtHelpers, users } from '../../db/schema.js';
import { onLeaveToday } from '../../kernel/on-leave.js';
import { detailsOf } from './profile-columns.js';

type UserRow = typeof users.$inferSelect;

/** QA slots of many customers in one query, keyed by customer id. */
async function loadQas(db: Db, customerIds: number[]) {
  const byCustomer = new Map<number, { client_id: number; fullname: string }[]>();
  if (customerIds.length === 0) return byCustomer;
  const rows = await db
    .select({
      customerId: customerQas.customerId,
      qaId: customerQas.qaId,
      fullname: sql<string>`${users.firstname} || ' ' || ${users.lastname}`,
    })
    .from(customerQas)
    .innerJoin(users, eq(users.id, customerQas.qaId))
    .where(inArray(customerQas.customerId, customerIds))
    .orderBy(customerQas.customerId, customerQas.slot);
  for (const r of rows) {
    const list = byCustomer.get(r.customerId) ?? [];
    list.push({ client_id: r.qaId, fullname: r.fullname });
    byCustomer.set(r.customerId, list);
  }
  return byCustomer;
}

/** YouTube-helper slots of many customers in one query, keyed by customer id. */
async function loadHelpers(db: Db, customerIds: number[]) {
  const byCustomer = new Map<number, { client_id: number; fullname: string }[]>();
  if (customerIds.length === 0) return byCustomer;
  const rows = await db
    .select({
      customerId: customerYtHelpers.customerId,
      helperId: customerYtHelpers.helperId,
      fullname: sql<string>`${users.firstname} || ' ' || ${users.lastname}`,
    })
    .from(customerYtHelpers)
    .innerJoin(users, eq(users.id, customerYtHelpers.helperId))
    .where(inArray(customerYtHelpers.customerId, customerIds))
    .orderBy(customerYtHelpers.customerId, customerYtHelpers.slot);
  for (const r of rows) {
    const list = byCustomer.get(r.customerId) ?? [];
    list.push({ client_id: r.helperId, fullname: r.fullname });
    byCustomer.set(r.customerId, list);
  }
  return byCustomer;
}

/** Which of these staff are on leave today in New York: the leave rows decide, the stored flag is not kept. */
async function loadOnLeave(db: Db, staffIds: number[]) {
  if (staffIds.length === 0) return new Set<number>();
  // Asked in a WHERE, where Drizzle names the outer users column in full inside the subquery.
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, staffIds), onLeaveToday(users.id)));
  return new Set(rows.map((r) => r.id));
}

/** The details as plain fields (spec 002 §3) and grouped under `details` (the profile forms), from one read. */
const withDetails = (details: CustomerDetails) => ({ ...details, details });

const periodOf = (u: UserRow) => {
  const { start, end } = billingPeriod(u.billingDate ?? u.createdAt);
  return { start_date: start.toISOString(), end_date: end.toISOString() };
};

/** Shapes user rows for replies; team notes and plan details are left out for customer viewers. */
export async function toUserViews(
  db: Db,
  rows: UserRow[],
  viewerIsStaff: boolean,
  { details = false } = {},
): Promise<UserView[]> {
  const customerIds = rows.filter((r) => r.clientType === 'customer').map((r) => r.id);
  const staffIds = rows.filter((r) => r.clientType !== 'customer').map((r) => r.id);
  const [qas, helpers, onLeave] = await Promise.all([
    loadQas(db, customerIds),
    loadHelpers(db, customerIds),
    loadOnLeave(db, staffIds),
  ]);
  return rows.map((u) => ({
    client_id: u.id,
    client_type: u.clientType,
    firstname: u.firstname,
    lastname: u.lastname,
    fullname: `${u.firstname} ${u.lastname}`,
    useremail: u.useremail,
    pending_email: u.pendingEmail,
    dropbox_email: u.dropboxEmail,
    timezone: u.timezone,
    profile_img: u.profileImg,
    is_temporary_password: u.isTemporaryPassword,
    is_profile_completed: u.isProfileCompleted,
    is_yt_fields_filled: u.isYtFieldsFilled,
    is_active_subscription: u.isActiveSubscription,
    is_on_leave: onLeave.has(u.id),
    is_deleted: u.isDeleted,
    has_youtube_helper: u.hasYoutubeHelper,
    has_subtitles: u.hasSubtitles,
    done_video_limit: u.doneVideoLimit,
    assigned_to_lead_id: u.assignedToLeadId,
    qas: qas.get(u.id) ?? [],
    yt_helpers: helpers.get(u.id) ?? [],
    extra_qa_slot: u.extraQaSlot,
    billing_date: u.billingDate?.toISOString() ?? null,
    secondary_email: u.secondaryEmail,
    mailPreferences: u.mailPreferences,
    last_login_time: u.lastLoginTime?.toISOString() ?? null,
    created_at: u.createdAt.toISOString(),
    ...(viewerIsStaff || u.clientType === 'customer'
      ? {
          subscription_type: u.subscriptionType,
          custom_subscription: u.customSubscription,
          request_limit: u.requestLimit,
        }
      : {}),
    ...(viewerIsStaff ? { team_notes: u.teamNotes } : {}),
    ...(viewerIsStaff && u.clientType === 'customer'
      ? { loudness_target: u.loudnessTarget, approval_rule: u.approvalRule, download_policy: u.downloadPolicy }
      : {}),
    ...(u.clientType === 'customer'
      ? {
          billing_data: periodOf(u),
          referral: u.referral,
          otherreferral: u.otherreferral,
          show_portal_video: u.showPortalVideo,
          ref_thumbnails_file: u.refThumbnailsFile,
          // Lists leave the long texts out; a profile asks for one user.
          ...(details ? withDetails(detailsOf(u)) : {}),
        }
      : {}),
  }));
}

/** One user; `details` adds a customer's profile details (the profile pages ask for them, the session does not). */
export async function toUserView(
  db: Db,
  row: UserRow,
  viewerIsStaff: boolean,
  options = { details: false },
): Promise<UserView> {
  const [view] = await toUserViews(db, [row], viewerIsStaff, options);
  return view!;
}
