import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG } from '@cutroom/domain';
import { userTokens, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';
import { createSession } from '../../platform/auth.js';
import { verifyPassword } from '../../platform/passwords.js';
import { issueUserToken } from '../../features/auth/user-tokens.js';
import { errorCodes, fireAtOnce, RACERS, statusesOf, winners } from './fire.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

// Each racer comes from its own address, so the per-address limits of public routes don't answer first.
const post = (url: string, payload: object, i: number, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.7.0.${i + 1}` });
const userOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

let userSeq = 0;
/** A customer straight in the database, with a session of their own. */
async function newUser(values: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await t.database.db
    .insert(users)
    .values({
      clientType: 'customer',
      firstname: 'Rae',
      lastname: 'Racer',
      useremail: `racer${++userSeq}@example.com`,
      passwordHash: 'not-a-login',
      ...values,
    })
    .returning();
  return { ...user!, token: await createSession(t.database.db, user!.id, false, 'test') };
}

const sessionsOf = (userId: number, n: number) =>
  Promise.all(Array.from({ length: n }, () => createSession(t.database.db, userId, false, 'test')));
const changePassword = (token: string, password: string) =>
  t.app.inject({ method: 'PUT', url: '/api/change-password', headers: bearer(token), payload: { password } });
async function passwordsThatWork(userId: number, passwords: string[]) {
  const { passwordHash } = await userOf(userId);
  const works = await Promise.all(passwords.map((p) => verifyPassword(passwordHash, p)));
  return passwords.filter((_, i) => works[i]);
}

const liveTokens = (userId: number, purpose: 'verify_email' | 'password_reset') =>
  t.database.db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    );

/** A waiting address has exactly one live link, mailed to that address; none is live without one. */
async function expectOneLinkForPending(userId: number) {
  const { pendingEmail } = await userOf(userId);
  const live = await liveTokens(userId, 'verify_email');
  expect(live.map((l) => l.email)).toEqual(pendingEmail ? [pendingEmail] : []);
}

describe('account races, 20 at once', () => {
  it('signup and admin creation with one email: one account, the rest are told the email is taken', async () => {
    const email = 'same.email@example.com';
    const person = { firstname: 'Sam', lastname: 'Same', password: 'a-long-password' };
    const replies = await fireAtOnce((i) =>
      i % 2
        ? post('/api/signup', { ...person, email: i % 4 === 1 ? email.toUpperCase() : email }, i)
        : post('/api/user', { ...person, email, customer_type: 'editor' }, i, bearer(a.admin.token)),
    );
    statusesOf(replies);
    expect(winners(replies)).toHaveLength(1);
    expect(errorCodes(replies)).toEqual({ EMAIL_TAKEN: RACERS - 1 });
    expect(replies.find((r) => r.statusCode === 409)!.json().error_message).toBe(MSG.emailTaken);
    const accounts = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.useremail}) = ${email}`);
    expect(accounts).toHaveLength(1);
  });

  it('an email verification link used 20 times: one verifies, the rest are told the link is dead', async () => {
    const user = await newUser();
    const token = await issueUserToken(t.database.db, user.id, 'verify_email', user.useremail);
    const replies = await fireAtOnce((i) => post('/api/verify-email-address', { emailToken: token }, i));
    statusesOf(replies);
    expect(winners(replies)).toHaveLength(1);
    expect(errorCodes(replies)).toEqual({ TOKEN_INVALID: RACERS - 1 });
    expect((await userOf(user.id)).emailVerifiedAt).not.toBeNull();
  });

  it("a password reset link used 20 times with 20 passwords: one sets it, and it is that one's password", async () => {
    const user = await newUser();
    const token = await issueUserToken(t.database.db, user.id, 'password_reset', user.useremail);
    const passwords = Array.from({ length: RACERS }, (_, i) => `new-password-${i}`);
    const replies = await fireAtOnce((i) =>
      post('/api/user/password-reset/confirm', { token, password: passwords[i] }, i),
    );
    statusesOf(replies);
    expect(winners(replies)).toHaveLength(1);
    expect(errorCodes(replies)).toEqual({ RESET_TOKEN_INVALID: RACERS - 1 });
    const { passwordHash } = await userOf(user.id);
    const won = winners(replies)[0]!;
    expect(await verifyPassword(passwordHash, passwords[won]!)).toBe(true);
    expect(await verifyPassword(passwordHash, passwords[(won + 1) % RACERS]!)).toBe(false);
  });

  it('20 email changes at once: the address left waiting is the one with the only live link', async () => {
    const user = await newUser();
    const replies = await fireAtOnce((i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/profile',
        headers: bearer(user.token),
        payload: { useremail: `changed${i}.${user.id}@example.com` },
      }),
    );
    expect(statusesOf(replies)).toEqual(Array<number>(RACERS).fill(200));
    expect((await userOf(user.id)).pendingEmail).toMatch(/^changed\d+\./);
    await expectOneLinkForPending(user.id);
  });

  it('verifying an address while it is changed again: never confirms a replaced address, never loses the new one', async () => {
    const user = await newUser({ pendingEmail: 'first.choice@example.com' });
    const token = await issueUserToken(t.database.db, user.id, 'verify_email', 'first.choice@example.com');
    const replies = await fireAtOnce((i) =>
      i % 2
        ? post('/api/verify-email-address', { emailToken: token }, i)
        : t.app.inject({
            method: 'POST',
            url: '/api/user/profile',
            headers: bearer(user.token),
            payload: { useremail: `second${i}.choice@example.com` },
          }),
    );
    statusesOf(replies);
    const verified = winners(replies).filter((i) => i % 2).length;
    expect(verified).toBeLessThanOrEqual(1);
    const row = await userOf(user.id);
    // Every change was answered 200, so one of them is the address left waiting.
    expect(row.pendingEmail).toMatch(/^second\d+\.choice@example\.com$/);
    expect(row.useremail).toBe(verified ? 'first.choice@example.com' : user.useremail);
    await expectOneLinkForPending(user.id);
  });

  it('password changes from 20 sessions at once: the first wins and signs the others out, which then fail', async () => {
    const user = await newUser();
    const tokens = await sessionsOf(user.id, RACERS);
    const passwords = tokens.map((_, i) => `changed-password-${i}`);
    const replies = await fireAtOnce((i) => changePassword(tokens[i]!, passwords[i]!));
    statusesOf(replies);
    expect(winners(replies)).toHaveLength(1);
    expect(errorCodes(replies)).toEqual({ UNAUTHENTICATED: RACERS - 1 });
    expect(await passwordsThatWork(user.id, passwords)).toEqual([passwords[winners(replies)[0]!]]);
  });

  it('a reset link used while old sessions change the password: the reset is the password left', async () => {
    const user = await newUser();
    const tokens = await sessionsOf(user.id, RACERS / 2);
    const resetToken = await issueUserToken(t.database.db, user.id, 'password_reset', user.useremail);
    const passwords = Array.from({ length: RACERS }, (_, i) => `raced-password-${i}`);
    const replies = await fireAtOnce((i) =>
      i % 2
        ? post('/api/user/password-reset/confirm', { token: resetToken, password: passwords[i] }, i)
        : changePassword(tokens[i / 2]!, passwords[i]!),
    );
    statusesOf(replies);
    const resets = winners(replies).filter((i) => i % 2);
    expect(resets).toHaveLength(1);
    // A reset signs every session out, so no change from one of them can land after it.
    expect(await passwordsThatWork(user.id, passwords)).toEqual([passwords[resets[0]!]]);
  });
});
