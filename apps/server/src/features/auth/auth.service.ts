import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG } from '@cutroom/domain';
import type { changePasswordBody, loginBody, passwordResetConfirmBody, signupBody } from '@cutroom/domain/schemas';
import { lockUser } from '../../db/locks.js';
import { users } from '../../db/schema.js';
import {
  announceSignOut,
  createSession,
  forgetUserSessions,
  sessionIsLive,
  signOutUserSessions,
  type SessionUser,
} from '../../platform/auth.js';
import { createAttemptLimiter, loginDelayMs, type CounterStore } from '../../platform/attempt-limiter.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { emailInUse, toUserView } from '../users/public.js';
import { sendPasswordResetMail, sendVerificationMail } from './auth-mail.js';
import { consumeUserToken, issueUserToken, userTokenIsLive } from './user-tokens.js';

const MINUTE = 60_000;

/**
 * Login and reset limits on top of the per-address call limits set on the routes; one set per app.
 * Guessing one account from one address stops after 10 tries, but only for that address, so an
 * attacker can't lock the owner out; guesses from many addresses are slowed by a growing delay.
 */
export function createAccountLimits(store: CounterStore) {
  return {
    /** Attempts per account and address; a success clears it. */
    loginPair: createAttemptLimiter(store, { name: 'login-pair', max: 10, windowMs: 15 * MINUTE }),
    /** Failed logins per address in a minute: counts failures only, so an office behind one address signs in freely. */
    loginBurst: createAttemptLimiter(store, { name: 'login-burst', max: 30, windowMs: MINUTE }),
    /** Failed logins per address over every account: a password spray. */
    loginAddress: createAttemptLimiter(store, { name: 'login-address', max: 100, windowMs: 15 * MINUTE }),
    /** Failed logins per account from anywhere: never refuses, sets the delay. */
    loginAccount: createAttemptLimiter(store, {
      name: 'login-account',
      max: Number.POSITIVE_INFINITY,
      windowMs: 15 * MINUTE,
    }),
    reset: createAttemptLimiter(store, { name: 'reset', max: 5, windowMs: 60 * MINUTE }),
  };
}
type AccountLimits = ReturnType<typeof createAccountLimits>;

const findByEmail = async (ctx: AppContext, email: string) =>
  (
    await ctx.db
      .select()
      .from(users)
      .where(sql`lower(${users.useremail}) = ${email}`)
      .limit(1)
  )[0];

export async function signup(ctx: AppContext, body: z.infer<typeof signupBody>) {
  if (await emailInUse(ctx.db, body.email)) throw new AppError('EMAIL_TAKEN', undefined, 'email');
  const passwordHash = await hashPassword(body.password);
  const [created] = await ctx.db
    .insert(users)
    .values({
      clientType: 'customer',
      firstname: body.firstname,
      lastname: body.lastname,
      useremail: body.email,
      passwordHash,
      dropboxEmail: body.dropbox_email || null,
      secondaryEmail: body.secondary_email || null,
      referral: body.referral ?? null,
      otherreferral: body.otherreferral || null,
      subscriptionType: 'single',
      billingDate: new Date(),
    })
    .returning({ id: users.id });
  const token = await issueUserToken(ctx.db, created!.id, 'verify_email', body.email);
  await sendVerificationMail(ctx, body.email, body.firstname, token);
  return { message: MSG.signupSuccessVerify, client_id: created!.id };
}

export async function verifyEmail(ctx: AppContext, emailToken: string) {
  // One transaction: the user stays locked from the token's use to the address change, so an
  // address changed again meanwhile is neither confirmed nor dropped.
  await ctx.db.transaction(async (tx) => {
    const used = await consumeUserToken(tx, emailToken, 'verify_email');
    if (!used) throw new AppError('TOKEN_INVALID', undefined, 'emailToken');
    const [user] = await tx.select().from(users).where(eq(users.id, used.userId)).limit(1);
    if (!user) throw new AppError('TOKEN_INVALID', undefined, 'emailToken');
    const confirmsPending = user.pendingEmail?.toLowerCase() === used.email;
    if (confirmsPending && (await emailInUse(tx, used.email, user.id))) throw new AppError('EMAIL_TAKEN');
    await tx
      .update(users)
      .set({
        emailVerifiedAt: new Date(),
        updatedAt: new Date(),
        ...(confirmsPending ? { useremail: used.email, pendingEmail: null } : {}),
      })
      .where(eq(users.id, user.id));
  });
  return { status: true, message: MSG.verifySuccess };
}

export async function login(
  ctx: AppContext,
  limits: AccountLimits,
  body: z.infer<typeof loginBody>,
  client: { address: string; userAgent: string | undefined },
) {
  const pair = `${body.useremail}|${client.address}`;
  await limits.loginBurst.check(client.address);
  await limits.loginAddress.check(client.address);
  await limits.loginPair.hit(pair);
  await sleep(loginDelayMs(await limits.loginAccount.count(body.useremail)));
  const user = await findByEmail(ctx, body.useremail);
  const ok = await verifyPassword(user && !user.isDeleted ? user.passwordHash : undefined, body.password);
  if (!user || !ok) {
    await limits.loginBurst.hit(client.address);
    await limits.loginAddress.hit(client.address);
    await limits.loginAccount.hit(body.useremail);
    throw new AppError('BAD_CREDENTIALS');
  }
  if (!user.emailVerifiedAt) {
    // Not signed in, and it sends mail: counts against the address like a wrong password.
    await limits.loginBurst.hit(client.address);
    const token = await issueUserToken(ctx.db, user.id, 'verify_email', user.useremail);
    await sendVerificationMail(ctx, user.useremail, user.firstname, token);
    throw new AppError('EMAIL_NOT_VERIFIED');
  }
  await limits.loginPair.reset(pair);
  await limits.loginAccount.reset(body.useremail);
  const remember = body.remember_me ?? true;
  const token = await ctx.db.transaction(async (tx) => {
    // A password change or reset that landed after the check signed everyone out: this login must not outlive it.
    const [current] = await tx
      .select({ passwordHash: users.passwordHash, isDeleted: users.isDeleted })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!current || current.isDeleted || current.passwordHash !== user.passwordHash)
      throw new AppError('BAD_CREDENTIALS');
    const issued = await createSession(tx, user.id, remember, client.userAgent);
    await tx.update(users).set({ lastLoginTime: new Date() }).where(eq(users.id, user.id));
    return issued;
  });
  return { token, remember, client_type: user.clientType, timezone: user.timezone };
}

export async function requestPasswordReset(ctx: AppContext, limits: AccountLimits, email: string) {
  await limits.reset.hit(email);
  const user = await findByEmail(ctx, email);
  if (!user || user.isDeleted) throw new AppError('EMAIL_UNKNOWN', undefined, 'email');
  const token = await issueUserToken(ctx.db, user.id, 'password_reset', user.useremail);
  await sendPasswordResetMail(ctx, user.useremail, user.firstname, token);
  return { message: `${MSG.resetSuccess}. ${MSG.resetInstructions}` };
}

export async function confirmPasswordReset(ctx: AppContext, body: z.infer<typeof passwordResetConfirmBody>) {
  // A dead link is refused before the costly hash; its one use is decided under the user's lock below.
  if (!(await userTokenIsLive(ctx.db, body.token, 'password_reset')))
    throw new AppError('RESET_TOKEN_INVALID', undefined, 'token');
  const passwordHash = await hashPassword(body.password);
  const userId = await ctx.db.transaction(async (tx) => {
    const used = await consumeUserToken(tx, body.token, 'password_reset');
    if (!used) throw new AppError('RESET_TOKEN_INVALID', undefined, 'token');
    // Following the mailed link also proves the address.
    await tx
      .update(users)
      .set({
        passwordHash,
        isTemporaryPassword: false,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, used.userId));
    await signOutUserSessions(tx, used.userId);
    return used.userId;
  });
  // Signed out above, with the new password; this tells every instance's caches and streams.
  await announceSignOut(ctx, userId);
  return { message: MSG.passwordSet };
}

/** Own password (other sessions are signed out), or an admin setting someone's temporary one. */
export async function changePassword(ctx: AppContext, viewer: SessionUser, body: z.infer<typeof changePasswordBody>) {
  const targetId = body.client_id ?? viewer.id;
  const own = targetId === viewer.id;
  if (!own && viewer.role !== 'admin') throw new AppError('NOT_FOUND');
  // An admin still on a temporary password sets their own before anyone else's.
  if (!own && viewer.temporaryPassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
  const passwordHash = await hashPassword(body.password);
  const keep = own ? viewer.sessionId : undefined;
  await ctx.db.transaction(async (tx) => {
    // Under the user's lock, a session signed out by a change that came first can't change it again.
    const [target] = await lockUser(tx, targetId);
    if (!target) throw new AppError('NOT_FOUND');
    if (own && !(await sessionIsLive(tx, viewer.sessionId))) throw new AppError('UNAUTHENTICATED');
    await tx
      .update(users)
      .set({ passwordHash, isTemporaryPassword: !own, updatedAt: new Date() })
      .where(eq(users.id, targetId));
    await signOutUserSessions(tx, targetId, keep);
  });
  // Signed out above, in the same step; this tells every instance's caches and streams.
  await announceSignOut(ctx, targetId, keep);
  // The kept session's cached copy still says "temporary"; the next call reads the new flag.
  forgetUserSessions(ctx.db, targetId);
  return { status: true, message: MSG.passwordChanged };
}

/** The caller as the session needs them; `details` adds a customer's profile details for the profile page. */
export async function me(ctx: AppContext, viewer: SessionUser, options = { details: false }) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, viewer.id)).limit(1);
  if (!row) throw new AppError('UNAUTHENTICATED');
  return toUserView(ctx.db, row, viewer.role !== 'customer', options);
}
