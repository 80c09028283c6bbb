import { and, avg, count, eq, inArray } from 'drizzle-orm';
import {
  CUSTOMER_ONLY_FIELDS,
  CUSTOM_SUBSCRIPTION_MAX,
  CUSTOM_SUBSCRIPTION_MIN,
  MSG,
  QA_SLOTS,
  QA_SLOTS_EXTRA,
  TEAM_LEAD_ROLE_FOR,
  UPDATE_USER_FIELDS,
  editableUserFields,
  fill,
  isStaff,
  type Role,
  type UpdateUserField,
} from '@cutroom/domain';
import type { UpdateUserBody, toggleSubscriptionBody } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { lockUser } from '../../db/locks.js';
import { cardRatings, cards, customerQas, customerYtHelpers, users } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { announceSignOut, forgetUserSessions, signOutUserSessions, type SessionUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { toUserView } from './user-view.js';
import { profileUsersWhere, visibleUsersWhere } from './visibility.js';
import { emailInUse } from './users.service.js';
import { assertUsersOfRole } from './assert-roles.js';
import { detailColumns, mergedMailPreferences, ytFieldsFilledAfter, type UserUpdate } from './profile-columns.js';

type UserRow = typeof users.$inferSelect;
const LEAD_ROLES: readonly Role[] = ['team-lead', 'yt-helper-lead'];

/**
 * The user row if the viewer may see it; everyone else's ids answer 404 (DESIGN §3). `profile` widens
 * it to the profiles the viewer may open (profileUsersWhere), for the profile calls.
 */
export async function visibleUser(db: Db, viewer: SessionUser, id: number, { profile = false } = {}): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), profile ? profileUsersWhere(viewer) : visibleUsersWhere(viewer)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The same row, locked until the transaction ends: every change of one user queues here. */
async function lockedUser(tx: Db, id: number): Promise<UserRow> {
  await lockUser(tx, id);
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const customPlanRange = fill(MSG.customPlanRange, {
  min: String(CUSTOM_SUBSCRIPTION_MIN),
  max: String(CUSTOM_SUBSCRIPTION_MAX),
});
const toFlag = (v: boolean | 0 | 1) => v === true || v === 1;
const sentFields = (body: UpdateUserBody): UpdateUserField[] => UPDATE_USER_FIELDS.filter((f) => body[f] !== undefined);

/**
 * A team lead fills QA slots only with QAs of their own team (QA assignment is the admin's, spec 002 §2);
 * a QA already in the customer's slots may stay. Runs after assertUsersOfRole has share-locked the QAs.
 */
async function assertLeadsOwnQas(tx: Db, lead: SessionUser, customerId: number, qaIds: number[]) {
  const held = await tx
    .select({ id: customerQas.qaId })
    .from(customerQas)
    .where(eq(customerQas.customerId, customerId));
  const added = [...new Set(qaIds)].filter((id) => !held.some((h) => h.id === id));
  if (added.length === 0) return;
  const own = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, added), eq(users.assignedToLeadId, lead.id)));
  if (own.length !== added.length) throw new AppError('FORBIDDEN', MSG.qaNotInYourTeam, 'assign_qa');
}

/** Validates the slots against the final role and slot count; returns the ids to store, or undefined to keep. */
async function checkSlots(
  tx: Db,
  viewer: SessionUser,
  body: UpdateUserBody,
  current: UserRow,
  role: Role,
  extraSlot: boolean,
) {
  if (body.assign_qa) {
    const slots = extraSlot ? QA_SLOTS_EXTRA : QA_SLOTS;
    if (body.assign_qa.length > slots)
      throw new AppError('VALIDATION', fill(MSG.qaSlotsMax, { slots: String(slots) }), 'assign_qa');
    if (new Set(body.assign_qa).size !== body.assign_qa.length)
      throw new AppError('VALIDATION', MSG.qaChosenTwice, 'assign_qa');
    await assertUsersOfRole(tx, body.assign_qa, 'qa', 'assign_qa', 'QA');
    if (viewer.role === 'team-lead') await assertLeadsOwnQas(tx, viewer, current.id, body.assign_qa);
  } else if (role === 'customer' && !extraSlot && current.extraQaSlot) {
    // Taking the extra slot away must not leave four QA in three slots.
    const [held] = await tx.select({ n: count() }).from(customerQas).where(eq(customerQas.customerId, current.id));
    if ((held?.n ?? 0) > QA_SLOTS)
      throw new AppError('VALIDATION', fill(MSG.qaSlotsMax, { slots: String(QA_SLOTS) }), 'extra_qa_slot');
  }
  if (body.assign_yt_helper) {
    if (new Set(body.assign_yt_helper).size !== body.assign_yt_helper.length)
      throw new AppError('VALIDATION', MSG.ytHelperChosenTwice, 'assign_yt_helper');
    await assertUsersOfRole(tx, body.assign_yt_helper, 'yt-helper', 'assign_yt_helper', 'YouTube helper');
  }
}

/** The column values for the fields sent, after the rules that need the current row. */
async function columnsFor(tx: Db, viewer: SessionUser, body: UpdateUserBody, current: UserRow): Promise<UserUpdate> {
  const role = body.client_type ?? current.clientType;
  const roleChanged = role !== current.clientType;
  if (role !== 'customer') {
    const customerField = CUSTOMER_ONLY_FIELDS.find((f) => body[f] !== undefined);
    if (customerField) throw new AppError('VALIDATION', MSG.customersOnlySetting, customerField);
  }
  if (
    body.useremail &&
    body.useremail !== current.useremail.toLowerCase() &&
    (await emailInUse(tx, body.useremail, current.id))
  )
    throw new AppError('EMAIL_TAKEN', undefined, 'useremail');

  const set: UserUpdate = {};
  // A new type clears the team lead unless a fitting one comes with it (spec 002 §4).
  const lead = body.assigned_to_lead_id !== undefined ? body.assigned_to_lead_id : roleChanged ? null : undefined;
  if (lead !== undefined) {
    if (lead !== null) {
      const leadRole = TEAM_LEAD_ROLE_FOR[role];
      if (!leadRole) throw new AppError('VALIDATION', MSG.noTeamLeadForRole, 'assigned_to_lead_id');
      await assertUsersOfRole(tx, [lead], leadRole, 'assigned_to_lead_id', 'team lead');
    }
    set.assignedToLeadId = lead;
  }

  const plan = body.subscription_type ?? current.subscriptionType;
  const custom = body.custom_subscription !== undefined ? body.custom_subscription : current.customSubscription;
  if (body.subscription_type !== undefined || body.custom_subscription !== undefined) {
    if (plan === 'custom' && custom === null) throw new AppError('VALIDATION', customPlanRange, 'custom_subscription');
    set.subscriptionType = plan;
    set.customSubscription = plan === 'custom' ? custom : null;
  }
  const extraSlot = body.extra_qa_slot ?? current.extraQaSlot;
  await checkSlots(tx, viewer, body, current, role, extraSlot);

  if (body.firstname !== undefined) set.firstname = body.firstname;
  if (body.lastname !== undefined) set.lastname = body.lastname;
  if (body.useremail !== undefined) set.useremail = body.useremail;
  if (body.secondary_email !== undefined) set.secondaryEmail = body.secondary_email || null;
  if (body.dropbox_email !== undefined) set.dropboxEmail = body.dropbox_email || null;
  if (body.timezone !== undefined) set.timezone = body.timezone;
  if (body.client_type !== undefined) set.clientType = body.client_type;
  if (body.extra_qa_slot !== undefined) set.extraQaSlot = body.extra_qa_slot;
  if (body.done_video_limit !== undefined) set.doneVideoLimit = body.done_video_limit;
  if (body.request_limit !== undefined) set.requestLimit = body.request_limit;
  if (body.has_subtitles !== undefined) set.hasSubtitles = toFlag(body.has_subtitles);
  if (body.has_youtube_helper !== undefined) set.hasYoutubeHelper = toFlag(body.has_youtube_helper);
  if (body.billing_date !== undefined) set.billingDate = new Date(body.billing_date);
  if (body.team_notes !== undefined) set.teamNotes = body.team_notes || null;
  if (body.loudness_target !== undefined) set.loudnessTarget = body.loudness_target;
  if (body.approval_rule !== undefined) set.approvalRule = body.approval_rule;
  if (body.download_policy !== undefined) set.downloadPolicy = body.download_policy;
  if (body.mailPreferences) set.mailPreferences = mergedMailPreferences(current, body.mailPreferences);
  Object.assign(set, detailColumns(body));
  // Turning the helper plan on (or filling the brief) decides whether the customer is sent to /profile.
  set.isYtFieldsFilled = ytFieldsFilledAfter(current, set);
  return set;
}

/** A user leaving a role (or deleted) leaves the slots and the team that role held; a deleted customer keeps theirs. */
async function leaveRole(tx: Db, id: number, from: Role, to: Role | 'deleted') {
  if (from === to) return;
  if (from === 'customer' && to !== 'deleted') {
    await tx.delete(customerQas).where(eq(customerQas.customerId, id));
    await tx.delete(customerYtHelpers).where(eq(customerYtHelpers.customerId, id));
  }
  if (from === 'qa') await tx.delete(customerQas).where(eq(customerQas.qaId, id));
  if (from === 'yt-helper') await tx.delete(customerYtHelpers).where(eq(customerYtHelpers.helperId, id));
  if (LEAD_ROLES.includes(from))
    await tx.update(users).set({ assignedToLeadId: null }).where(eq(users.assignedToLeadId, id));
}

/** PUT /api/user/:id: the fields sent, each allowed to the caller, or nothing at all. */
export async function updateUser(ctx: AppContext, viewer: SessionUser, id: number, body: UpdateUserBody) {
  const seen = await visibleUser(ctx.db, viewer, id, { profile: true });
  const fields = sentFields(body);
  const allowed = editableUserFields({ id: viewer.id, role: viewer.role }, { id, role: seen.clientType });
  const refused = fields.find((f) => !allowed.includes(f));
  if (refused) throw new AppError('FORBIDDEN', fill(MSG.fieldNotYours, { field: refused }), refused);

  const { row, roleChanged } = await ctx.db.transaction(async (tx) => {
    const current = await lockedUser(tx, id);
    // The role may have changed since the check above; the lock makes this answer final.
    if (current.clientType !== seen.clientType) throw new AppError('FORBIDDEN');
    const set = await columnsFor(tx, viewer, body, current);
    const role = body.client_type ?? current.clientType;
    await leaveRole(tx, id, current.clientType, role);
    if (body.assign_qa) {
      await tx.delete(customerQas).where(eq(customerQas.customerId, id));
      if (body.assign_qa.length > 0)
        await tx.insert(customerQas).values(body.assign_qa.map((qaId, slot) => ({ customerId: id, qaId, slot })));
    }
    if (body.assign_yt_helper) {
      await tx.delete(customerYtHelpers).where(eq(customerYtHelpers.customerId, id));
      if (body.assign_yt_helper.length > 0)
        await tx
          .insert(customerYtHelpers)
          .values(body.assign_yt_helper.map((helperId, slot) => ({ customerId: id, helperId, slot })));
    }
    const [row] = await tx
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    const roleChanged = role !== current.clientType;
    // A new role means new access: the user signs in again and gets it.
    if (roleChanged) await signOutUserSessions(tx, id);
    return { row: row!, roleChanged };
  });
  if (roleChanged) await announceSignOut(ctx, id);
  else forgetUserSessions(ctx.db, id);
  return {
    message: fill(MSG.userUpdated, { name: `${row.firstname} ${row.lastname}` }),
    user: await toUserView(ctx.db, row, isStaff(viewer.role), { details: true }),
  };
}

/** DELETE /api/user/:id: marks the user deleted and ends their sessions; cards and history stay. */
export async function deleteUser(ctx: AppContext, viewer: SessionUser, id: number) {
  await visibleUser(ctx.db, viewer, id);
  if (id === viewer.id) throw new AppError('FORBIDDEN', MSG.notOwnRoleOrAccount);
  await ctx.db.transaction(async (tx) => {
    const current = await lockedUser(tx, id);
    await tx.update(users).set({ isDeleted: true, updatedAt: new Date() }).where(eq(users.id, id));
    // A deleted QA, helper or lead no longer holds anyone's slot or team.
    await leaveRole(tx, id, current.clientType, 'deleted');
    await signOutUserSessions(tx, id);
  });
  await announceSignOut(ctx, id);
  return { success: true, message: MSG.userDeleted };
}

/** A customer the admin names, locked for a subscription change. */
async function lockedCustomer(tx: Db, id: number): Promise<UserRow> {
  const row = await lockedUser(tx, id);
  if (row.clientType !== 'customer') throw new AppError('VALIDATION', MSG.subscriptionCustomersOnly, 'id');
  return row;
}

const subscriptionOf = (row: UserRow, message: string) => ({
  success: true,
  message,
  is_active_subscription: row.isActiveSubscription,
  billing_date: row.billingDate?.toISOString() ?? null,
});

/** POST /api/user/:id/toggleUserSubscription: sets the state sent, or flips it. */
export async function toggleSubscription(
  ctx: AppContext,
  viewer: SessionUser,
  id: number,
  body: z.infer<typeof toggleSubscriptionBody>,
) {
  await visibleUser(ctx.db, viewer, id);
  if (body.client_id !== undefined && body.client_id !== id)
    throw new AppError('VALIDATION', MSG.clientIdMismatch, 'client_id');
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockedCustomer(tx, id);
    const next =
      body.is_active_subscription === undefined ? !current.isActiveSubscription : toFlag(body.is_active_subscription);
    const [row] = await tx
      .update(users)
      .set({ isActiveSubscription: next, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row!;
  });
  return subscriptionOf(row, MSG.statusUpdated);
}

/** POST /api/user/:id/renewSubscription: active again, with a new billing period from now (DESIGN §4). */
export async function renewSubscription(ctx: AppContext, viewer: SessionUser, id: number) {
  await visibleUser(ctx.db, viewer, id);
  const row = await ctx.db.transaction(async (tx) => {
    await lockedCustomer(tx, id);
    const now = new Date();
    const [row] = await tx
      .update(users)
      .set({ isActiveSubscription: true, billingDate: now, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row!;
  });
  return subscriptionOf(row, MSG.subscriptionRenewed);
}

/** GET /api/user/:id/average-rating: a customer's cards, or the cards a QA was rated on (spec 002 §9: 2 decimals). */
export async function averageRating(ctx: AppContext, viewer: SessionUser, id: number) {
  const user = await visibleUser(ctx.db, viewer, id, { profile: true });
  const base = ctx.db.select({ mean: avg(cardRatings.rating), n: count() }).from(cardRatings);
  const [agg] =
    user.clientType === 'customer'
      ? await base.innerJoin(cards, eq(cards.id, cardRatings.cardId)).where(eq(cards.clientId, id))
      : await base.where(eq(cardRatings.assignedQaId, id));
  const n = agg?.n ?? 0;
  const mean = n > 0 ? Number(agg?.mean ?? 0) : 0;
  return { average_rating: Math.round(mean * 100) / 100, rated_videos: n };
}
