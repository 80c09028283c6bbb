import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, SCREEN_PREFS_COOKIE, SIGNED_IN_HINT_COOKIE } from '@cutroom/domain';
import { sessions, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, latestMail, seedWithSessions, tokenFromMail } from '../../test/helpers.js';
import { DEMO_PASSWORD } from '../seed/demo-seed.js';
import { SESSION_COOKIE } from '../../platform/auth.js';
import { SESSION_CACHE_MS } from '../../platform/session-cache.js';
import { hashToken } from '../../platform/tokens.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;

beforeAll(async () => {
  t = await createTestApp();
  accounts = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('signup, verification and login', () => {
  const person = { firstname: 'Nina', lastname: 'New', email: 'Nina.New@example.com', password: 'a-long-password' };

  it('creates a customer, mails a verification link, refuses login until verified', async () => {
    const signup = await post('/api/signup', { ...person, referral: 'Google' });
    expect(signup.statusCode).toBe(201);
    expect(signup.json()).toMatchObject({ message: MSG.signupSuccessVerify, client_id: expect.any(Number) });

    const early = await post('/api/login', { useremail: person.email, password: person.password });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ error_message: MSG.emailNotVerified, code: 'EMAIL_NOT_VERIFIED' });

    const token = tokenFromMail(latestMail(t.dataDir, 'nina.new@example.com'), '/verify-email');
    const verify = await post('/api/verify-email-address', { emailToken: token });
    expect(verify.json()).toEqual({ status: true, message: MSG.verifySuccess });
    const reused = await post('/api/verify-email-address', { emailToken: token });
    expect(reused.statusCode).toBe(400);

    const login = await post('/api/login', { useremail: 'nina.new@EXAMPLE.com', password: person.password });
    expect(login.statusCode).toBe(200);
    const body = login.json<{ access_token: string; client_type: string }>();
    expect(body.client_type).toBe('customer');
    expect(body.access_token.length).toBeGreaterThanOrEqual(22);

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(body.access_token) });
    expect(me.json()).toMatchObject({
      useremail: 'nina.new@example.com',
      client_type: 'customer',
      is_profile_completed: false,
    });
  });

  it('answers a malformed verification token as it answers an unknown one, with no validator text', async () => {
    for (const emailToken of ['abc', 'x'.repeat(201), 'an-unknown-but-well-formed-token']) {
      const res = await post('/api/verify-email-address', { emailToken });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_message).toBe(MSG.verifyTokenInvalid);
    }
  });

  it('rejects a duplicate email and names bad fields', async () => {
    const dup = await post('/api/signup', person);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('EMAIL_TAKEN');

    const bad = await post('/api/signup', { ...person, email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION',
      field: 'email',
      error_message: 'Please enter a valid email address',
    });

    const noSource = await post('/api/signup', { ...person, email: 'x@example.com', referral: 'Other' });
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json()).toMatchObject({ field: 'otherreferral', error_message: 'Please mention source' });
  });

  it('settles simultaneous signups with one email: one account, the rest 409', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => post('/api/signup', { ...person, email: 'racer@example.com' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it("answers a wrong password with the catalogue's message and no token", async () => {
    const res = await post('/api/login', { useremail: accounts.admin.email, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error_message: MSG.loginFailed, code: 'BAD_CREDENTIALS' });
    const unknown = await post('/api/login', { useremail: 'nobody@example.com', password: 'whatever' });
    expect(unknown.json()).toEqual({ error_message: MSG.loginFailed, code: 'BAD_CREDENTIALS' });
  });

  it('gives the web app an httpOnly SameSite cookie and no token', async () => {
    const res = await post(
      '/api/login',
      { useremail: accounts.qa.email, password: DEMO_PASSWORD, remember_me: false },
      { 'x-requested-with': 'cutroom-web' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ client_type: 'qa', timezone: 'America/New_York' });
    const cookie = res.cookies.find((c) => c.name === 'cutroom_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.maxAge).toBeUndefined();

    const cookieHeader = { cookie: `cutroom_session=${cookie.value}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: cookieHeader });
    expect(me.json().client_type).toBe('qa');
    // An unsafe call riding only on the cookie, without the web app's header, is refused.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: cookieHeader,
      payload: { firstname: 'X' },
    });
    expect(forged.statusCode).toBe(403);
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: { ...cookieHeader, 'x-requested-with': 'cutroom-web' },
      payload: { firstname: 'Quincy' },
    });
    expect(real.statusCode).toBe(200);
    expect(real.json().user.firstname).toBe('Quincy');
  });

  it('sets a readable signed-in hint beside the session cookie, and clears it on logout and when the session is refused (issue 18)', async () => {
    const web = { 'x-requested-with': 'cutroom-web' };
    const res = await post(
      '/api/login',
      { useremail: accounts.lead.email, password: DEMO_PASSWORD, remember_me: true },
      web,
    );
    const session = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const hint = res.cookies.find((c) => c.name === SIGNED_IN_HINT_COOKIE)!;
    // The page may read the hint, so it holds no secret; it lives as long as the session cookie.
    expect(hint).toMatchObject({ value: '1', sameSite: 'Strict', path: '/', maxAge: session.maxAge });
    expect(hint.httpOnly).toBeUndefined();
    expect(session.maxAge).toBeGreaterThan(0);

    // A live session that comes without the hint (a session from before it) gets it back on any response.
    const bare = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `${SESSION_COOKIE}=${session.value}` },
    });
    expect(bare.statusCode).toBe(200);
    expect(bare.cookies.find((c) => c.name === SIGNED_IN_HINT_COOKIE)?.value).toBe('1');
    // With the board's stored preferences' mirror, which a live session keeps.
    const prefs = `${SCREEN_PREFS_COOKIE}=${encodeURIComponent('{"viewType":"normal"}')}`;
    const both = { cookie: `${SESSION_COOKIE}=${session.value}; ${SIGNED_IN_HINT_COOKIE}=1; ${prefs}` };
    const quiet = await t.app.inject({ method: 'GET', url: '/api/me', headers: both });
    expect(quiet.cookies).toEqual([]);

    const logout = await post('/api/logout', {}, { ...both, ...web });
    expect(logout.statusCode).toBe(200);
    const cleared = (reply: typeof logout, name: string) =>
      reply.cookies.find((c) => c.name === name && c.value === '' && new Date(c.expires!).getTime() < Date.now());
    expect(cleared(logout, SESSION_COOKIE)).toBeDefined();
    expect(cleared(logout, SIGNED_IN_HINT_COOKIE)).toBeDefined();
    expect(cleared(logout, SCREEN_PREFS_COOKIE)).toBeDefined();

    // The browser kept both (a second tab): the refused session's 401 takes the hint away, the contract unchanged.
    const refused = await t.app.inject({ method: 'GET', url: '/api/me', headers: both });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error_message: MSG.notLoggedIn, code: 'UNAUTHENTICATED' });
    expect(cleared(refused, SIGNED_IN_HINT_COOKIE)).toBeDefined();
    expect(cleared(refused, SCREEN_PREFS_COOKIE)).toBeDefined();
    // A hint with no session cookie at all goes too; a visit with neither is left alone.
    const orphan = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `${SIGNED_IN_HINT_COOKIE}=1` },
    });
    expect(cleared(orphan, SIGNED_IN_HINT_COOKIE)).toBeDefined();
    expect(cleared(orphan, SCREEN_PREFS_COOKIE)).toBeUndefined();
    // A mirror left with no session at all goes on the next visit.
    const stale = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: prefs } });
    expect(cleared(stale, SCREEN_PREFS_COOKIE)).toBeDefined();
    const none = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(none.cookies).toEqual([]);
  });

  it('takes the Bearer scheme in any case, as RFC 9110 says', async () => {
    const { token } = accounts.admin;
    for (const scheme of ['Bearer', 'bearer', 'BEARER'])
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `${scheme} ${token}` } }))
          .statusCode,
      ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Basic ${token}` } })).statusCode,
    ).toBe(401);
  });

  it('logout revokes the token', async () => {
    const login = await post('/api/login', { useremail: accounts.editor.email, password: DEMO_PASSWORD });
    const token = login.json<{ access_token: string }>().access_token;
    expect((await post('/api/logout', {}, bearer(token))).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error_message: MSG.notLoggedIn, code: 'UNAUTHENTICATED' });
  });

  it('expires idle and absolutely expired sessions', async () => {
    const idle = await post('/api/login', {
      useremail: accounts.lead.email,
      password: DEMO_PASSWORD,
      remember_me: false,
    });
    const idleToken = idle.json<{ access_token: string }>().access_token;
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 13 * 3_600_000) })
      .where(eq(sessions.userId, accounts.lead.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(idleToken) })).statusCode).toBe(401);

    const old = await post('/api/login', { useremail: accounts.helper.email, password: DEMO_PASSWORD });
    const oldToken = old.json<{ access_token: string }>().access_token;
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, accounts.helper.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(oldToken) })).statusCode).toBe(401);
  });
});

describe('session cache', () => {
  it('reuses a resolved session for a few seconds; logout on this instance ends it at once', async () => {
    const login = await post('/api/login', { useremail: accounts.qa.email, password: DEMO_PASSWORD });
    const token = login.json<{ access_token: string }>().access_token;
    const me = () => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);

    // Revoked behind the app's back, as another instance would: honoured once the cached entry ages out.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      await t.database.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect((await me()).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + SESSION_CACHE_MS + 1);
      expect((await me()).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }

    const again = await post('/api/login', { useremail: accounts.qa.email, password: DEMO_PASSWORD });
    const second = again.json<{ access_token: string }>().access_token;
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(second) })).statusCode).toBe(200);
    expect((await post('/api/logout', {}, bearer(second))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(second) })).statusCode).toBe(401);
  });
});

describe('password reset and change', () => {
  it('mails a one-time link that sets a new password and signs out every session', async () => {
    const missing = await post('/api/user/password-reset', { email: 'ghost@example.com' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_message).toBe(MSG.resetEmailMissing);

    const sent = await post('/api/user/password-reset', { email: accounts.customer2.email });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toContain(MSG.resetSuccess);
    const token = tokenFromMail(latestMail(t.dataDir, accounts.customer2.email), '/password-reset');
    expect(latestMail(t.dataDir, accounts.customer2.email)).toContain('http://localhost:3000/password-reset?token=');

    const short = await post('/api/user/password-reset/confirm', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('password');

    const done = await post('/api/user/password-reset/confirm', { token, password: 'brand-new-secret' });
    expect(done.json()).toEqual({ message: MSG.passwordSet });
    expect((await post('/api/user/password-reset/confirm', { token, password: 'another-secret' })).statusCode).toBe(
      400,
    );

    const oldSession = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accounts.customer2.token) });
    expect(oldSession.statusCode).toBe(401);
    expect(
      (await post('/api/login', { useremail: accounts.customer2.email, password: DEMO_PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/login', { useremail: accounts.customer2.email, password: 'brand-new-secret' })).statusCode,
    ).toBe(200);
  });

  it('a password change keeps the current session and ends the others', async () => {
    const first = await post('/api/login', { useremail: accounts.customer.email, password: DEMO_PASSWORD });
    const second = await post('/api/login', { useremail: accounts.customer.email, password: DEMO_PASSWORD });
    const [a, b] = [first.json().access_token as string, second.json().access_token as string];
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/change-password',
      headers: bearer(a),
      payload: { password: 'changed-secret' },
    });
    expect(res.json()).toEqual({ status: true, message: MSG.passwordChanged });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(a) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(b) })).statusCode).toBe(401);
  });

  it('only an admin sets another user’s password, which becomes temporary', async () => {
    const byQa = await t.app.inject({
      method: 'PUT',
      url: '/api/change-password',
      headers: bearer(accounts.qa.token),
      payload: { client_id: accounts.editor.id, password: 'hijack-attempt' },
    });
    expect(byQa.statusCode).toBe(404);
    const byAdmin = await t.app.inject({
      method: 'PUT',
      url: '/api/change-password',
      headers: bearer(accounts.admin.token),
      payload: { client_id: accounts.editor.id, password: 'temporary-pass' },
    });
    expect(byAdmin.statusCode).toBe(200);
    const [editor] = await t.database.db.select().from(users).where(eq(users.id, accounts.editor.id));
    expect(editor!.isTemporaryPassword).toBe(true);
  });
});

describe('profile basics', () => {
  it('keeps a new email pending until its link is followed', async () => {
    const { token } = accounts.helperLead;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: bearer(token),
      payload: { useremail: 'hana.new@example.com', timezone: 'Asia/Manila' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      useremail: accounts.helperLead.email,
      pending_email: 'hana.new@example.com',
      timezone: 'Asia/Manila',
    });
    const link = tokenFromMail(latestMail(t.dataDir, 'hana.new@example.com'), '/verify-email');
    await post('/api/verify-email-address', { emailToken: link });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ useremail: 'hana.new@example.com', pending_email: null });
  });

  it("completes a customer's registration once the Gdrive or Dropbox email is given", async () => {
    await post('/api/signup', {
      firstname: 'Reg',
      lastname: 'Istrant',
      email: 'reg@example.com',
      password: 'long-enough-pw',
    });
    const user = (await t.database.db.select().from(users).where(eq(users.useremail, 'reg@example.com')))[0]!;
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const token = (await post('/api/login', { useremail: 'reg@example.com', password: 'long-enough-pw' })).json()
      .access_token as string;
    const profile = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/user/profile', headers: bearer(token), payload });

    const invalid = await profile({ dropbox_email: 'not-mail' });
    expect(invalid.json()).toMatchObject({ field: 'dropbox_email', error_message: MSG.dropboxEmailInvalid });
    expect((await profile({ firstname: 'Regina' })).json().user.is_profile_completed).toBe(false);
    const done = await profile({ dropbox_email: 'Footage@Example.com' });
    expect(done.json().user).toMatchObject({ is_profile_completed: true, dropbox_email: 'footage@example.com' });
  });

  it('refuses an unknown time zone and an email someone else has', async () => {
    const zone = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: bearer(accounts.qa.token),
      payload: { timezone: 'Mars/Base' },
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toMatchObject({ field: 'timezone', error_message: 'Unknown time zone' });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: bearer(accounts.qa.token),
      payload: { useremail: accounts.admin.email },
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe('abuse limits', () => {
  it('limits login attempts per account and address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push((await post('/api/login', { useremail: 'target@example.com', password: `guess-${i}` })).statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
