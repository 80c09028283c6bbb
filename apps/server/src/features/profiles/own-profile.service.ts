import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import { CUSTOMER_DETAIL_KEYS, MSG, REFERRALS_WITH_SOURCE } from '@cutroom/domain';
import type { profileBody } from '@cutroom/domain/schemas';
import { users } from '../../db/schema.js';
import { forgetUserSessions, type SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { sendVerificationMail, issueUserToken } from '../auth/public.js';
import { discardUpload, ownUpload } from '../media/public.js';
import {
  emailInUse,
  toUserView,
  detailColumns,
  mergedMailPreferences,
  ytFieldsFilledAfter,
  type UserUpdate,
} from '../users/public.js';

/** 'How did you find us?' and its source: Affiliate and Other need one (spec 002 §2); other choices drop it. */
function referralColumns(current: typeof users.$inferSelect, body: z.infer<typeof profileBody>): UserUpdate {
  if (body.referral === undefined && body.otherreferral === undefined) return {};
  const referral = body.referral !== undefined ? body.referral || null : current.referral;
  const needsSource = referral !== null && REFERRALS_WITH_SOURCE.includes(referral);
  const source = needsSource ? (body.otherreferral ?? current.otherreferral ?? '') || null : null;
  if (needsSource && !source) throw new AppError('VALIDATION', MSG.mentionSource, 'otherreferral');
  return { referral, otherreferral: source };
}

/** The own profile: what was sent changes at once; a new email waits in pending_email until its link is followed. */
export async function updateOwnProfile(ctx: AppContext, viewer: SessionUser, body: z.infer<typeof profileBody>) {
  // Under the user's lock, the address left waiting and its one live link change together.
  const { row, newEmail, token, oldAvatar } = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, viewer.id)).for('update');
    if (!current) throw new AppError('UNAUTHENTICATED');
    const isCustomer = current.clientType === 'customer';
    const detailField = [...CUSTOMER_DETAIL_KEYS, 'referral' as const, 'otherreferral' as const].find(
      (k) => body[k] !== undefined,
    );
    if (!isCustomer && detailField) throw new AppError('VALIDATION', MSG.customersOnlySetting, detailField);
    const newEmail = body.useremail && body.useremail !== current.useremail.toLowerCase() ? body.useremail : undefined;
    if (newEmail && (await emailInUse(tx, newEmail, viewer.id)))
      throw new AppError('EMAIL_TAKEN', undefined, 'useremail');
    if (body.profile_img) await ownUpload(tx, viewer.id, body.profile_img, ['avatar'], 'profile_img');

    const set: UserUpdate = {
      ...(body.firstname !== undefined ? { firstname: body.firstname } : {}),
      ...(body.lastname !== undefined ? { lastname: body.lastname } : {}),
      ...(body.timezone !== undefined ? { timezone: body.timezone } : {}),
      ...(body.dropbox_email !== undefined ? { dropboxEmail: body.dropbox_email } : {}),
      ...(body.secondary_email !== undefined ? { secondaryEmail: body.secondary_email || null } : {}),
      ...(body.mailPreferences ? { mailPreferences: mergedMailPreferences(current, body.mailPreferences) } : {}),
      ...(body.show_portal_video !== undefined ? { showPortalVideo: body.show_portal_video } : {}),
      ...(body.profile_img !== undefined ? { profileImg: body.profile_img || null } : {}),
      ...(newEmail ? { pendingEmail: newEmail } : {}),
      ...detailColumns(body),
      ...referralColumns(current, body),
    };
    // A customer's registration is complete once the footage-sharing email is known.
    set.isProfileCompleted = !isCustomer || !!(body.dropbox_email ?? current.dropboxEmail);
    set.isYtFieldsFilled = ytFieldsFilledAfter(current, set);
    const [row] = await tx
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, viewer.id))
      .returning();
    const token = newEmail ? await issueUserToken(tx, viewer.id, 'verify_email', newEmail) : undefined;
    const replaced = body.profile_img !== undefined && current.profileImg !== row!.profileImg;
    return { row: row!, newEmail, token, oldAvatar: replaced ? current.profileImg : null };
  });
  forgetUserSessions(ctx.db, viewer.id);
  await discardUpload(ctx, oldAvatar);
  if (newEmail && token) await sendVerificationMail(ctx, newEmail, row.firstname, token);
  const message =
    Object.keys(body).length === 1 && body.profile_img !== undefined ? MSG.avatarUpdated : MSG.profileUpdated;
  return { message, user: await toUserView(ctx.db, row, viewer.role !== 'customer', { details: true }) };
}
