import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  MSG,
  YT_ANALYTICS_SCOPE,
  analyticsRanges,
  summarizeDays,
  todayIn,
  type AnalyticsPeriod,
  type DayMetrics,
} from '@cutroom/domain';
import { googleTokens, oauthStates } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions, type DemoKey } from '../../test/helpers.js';
import { open } from '../../platform/secret-box.js';
import { fakeDayMetrics, startFakeGoogle, type FakeGoogle } from '../../test/fake-google.js';

let fake: FakeGoogle;
let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
let key: Buffer;
const ZONE = 'America/New_York';

beforeAll(async () => {
  fake = await startFakeGoogle({ accessTokenSeconds: 3600 });
  const env = fake.env();
  key = Buffer.from(env.TOKEN_ENCRYPTION_KEY!, 'hex');
  t = await createTestApp(env);
  accounts = await seedWithSessions(t.database.db);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const as = (who: DemoKey) => ({ ...bearer(accounts[who].token), 'user-time-zone': ZONE });
const inject = (who: DemoKey, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });

/** The browser's part: follow the authorization URL to the fake, which redirects back with code and state. */
async function authorize(who: DemoKey = 'customer') {
  const start = await inject(who, 'GET', '/api/google-auth-url');
  expect(start.statusCode).toBe(200);
  const url = new URL(start.json<{ url: string }>().url);
  const back = await fetch(url, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const location = new URL(back.headers.get('location')!);
  return {
    authUrl: url,
    location,
    code: location.searchParams.get('code')!,
    state: location.searchParams.get('state')!,
  };
}
async function connect(who: DemoKey = 'customer') {
  const { code, state } = await authorize(who);
  return inject(who, 'POST', '/api/google-access-token', { code, state });
}

/** What the fake's deterministic days sum to over a period, as the server must answer. */
function expected(period: AnalyticsPeriod) {
  const { current, previous } = analyticsRanges(period, todayIn(ZONE));
  const days = (r: { startDate: string; endDate: string }) => {
    const out: DayMetrics[] = [];
    for (
      let d = new Date(`${r.startDate}T00:00:00Z`);
      d <= new Date(`${r.endDate}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + 1)
    )
      out.push(fakeDayMetrics(d.toISOString().slice(0, 10)));
    return out;
  };
  return {
    newAnalytics: summarizeDays(days(current)),
    oldAnalytics: previous ? summarizeDays(days(previous)) : null,
    range: current,
    previousRange: previous,
  };
}

const noSecrets = (text: string) => {
  for (const secret of fake.secrets) expect(text).not.toContain(secret);
};

describe('Google sign-in', () => {
  it('sends the customer to Google with PKCE S256, a state, read-only scope and our redirect page', async () => {
    const { authUrl, location } = await authorize();
    expect(authUrl.origin + authUrl.pathname).toBe(`${fake.base}/o/oauth2/v2/auth`);
    expect(authUrl.searchParams.get('client_id')).toBe(fake.clientId);
    expect(authUrl.searchParams.get('redirect_uri')).toBe('http://localhost:3000/oauth/google');
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('scope')).toBe(YT_ANALYTICS_SCOPE);
    expect(authUrl.searchParams.get('access_type')).toBe('offline');
    expect(authUrl.toString()).not.toContain(fake.clientSecret);
    expect(location.pathname).toBe('/oauth/google');
    // Only the state's hash is kept, and the verifier is sealed.
    const rows = await t.database.db.select().from(oauthStates);
    expect(rows.some((r) => r.stateHash === authUrl.searchParams.get('state'))).toBe(false);
    expect(rows.every((r) => r.codeVerifier.startsWith('v1.'))).toBe(true);
  });

  it('exchanges the code, stores the tokens sealed, and answers with the 7-day analytics', async () => {
    const res = await connect();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ period: '7days', ...expected('7days') });
    const { newAnalytics, oldAnalytics } = expected('7days');
    expect(body.analytics).toEqual({ newAnalytics, oldAnalytics });
    noSecrets(res.body);
    const [row] = await t.database.db.select().from(googleTokens).where(eq(googleTokens.userId, accounts.customer.id));
    expect(row!.accessToken.startsWith('v1.')).toBe(true);
    expect(row!.refreshToken!.startsWith('v1.')).toBe(true);
    noSecrets(JSON.stringify(row));
    const status = await inject('customer', 'GET', '/api/yt-analytics/status');
    expect(status.json()).toEqual({ configured: true, connected: true, can_connect: true });
  });

  it('refuses a state that is used, another user’s, stale or made up (400, nothing stored)', async () => {
    const first = await authorize('customer');
    expect((await inject('customer', 'POST', '/api/google-access-token', first)).statusCode).toBe(200);
    const again = await inject('customer', 'POST', '/api/google-access-token', first);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'OAUTH_STATE_INVALID', field: 'state' });

    const theirs = await authorize('customer');
    const stolen = await inject('customer2', 'POST', '/api/google-access-token', theirs);
    expect(stolen.json()).toMatchObject({ code: 'OAUTH_STATE_INVALID' });

    const stale = await authorize('customer2');
    await t.database.db.update(oauthStates).set({ createdAt: new Date(Date.now() - 11 * 60_000) });
    const late = await inject('customer2', 'POST', '/api/google-access-token', stale);
    expect(late.json()).toMatchObject({ code: 'OAUTH_STATE_INVALID' });
    const made = await inject('customer2', 'POST', '/api/google-access-token', { code: 'x', state: 'made-up' });
    expect(made.statusCode).toBe(400);
    const stored = await t.database.db
      .select()
      .from(googleTokens)
      .where(eq(googleTokens.userId, accounts.customer2.id));
    expect(stored).toEqual([]);
  });

  it('lets only one of two simultaneous returns with the same state through', async () => {
    const { code, state } = await authorize('customer2');
    const replies = await Promise.all(
      [1, 2].map(() => inject('customer2', 'POST', '/api/google-access-token', { code, state })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(fake.calls.token).toBeGreaterThan(0);
    await inject('customer2', 'DELETE', '/api/delete-tokens');
  });

  it('refuses a wrong code as a failed sign-in (400), and missing fields by name', async () => {
    const { state } = await authorize('customer2');
    const res = await inject('customer2', 'POST', '/api/google-access-token', { code: '4/not-issued', state });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'GOOGLE_SIGN_IN_FAILED' });
    const missing = await inject('customer2', 'POST', '/api/google-access-token', { state: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'code' });
  });

  it('answers 424, never 5xx, when the token endpoint is down, fails or answers garbage; the state is spent', async () => {
    for (const failure of ['down', '500', 'garbage'] as const) {
      const { code, state } = await authorize('customer2');
      fake.failures.token = failure;
      const res = await inject('customer2', 'POST', '/api/google-access-token', { code, state });
      fake.reset();
      expect(res.statusCode, failure).toBe(424);
      expect(res.json()).toMatchObject({ code: 'GOOGLE_UNAVAILABLE' });
      expect(res.body).not.toContain('provider stack trace');
      expect(res.body).not.toContain('<html>');
      noSecrets(res.body);
      expect((await inject('customer2', 'POST', '/api/google-access-token', { code, state })).statusCode).toBe(400);
    }
  });
});

describe('GET /api/getYTAnalytics/{period}', () => {
  beforeAll(async () => {
    fake.reset();
    const status = await inject('customer', 'GET', '/api/yt-analytics/status');
    if (!status.json<{ connected: boolean }>().connected) expect((await connect()).statusCode).toBe(200);
  });

  it.each(['7days', '30days', '6months', '9months'] as const)('%s: the period and the one before it', async (p) => {
    const res = await inject('customer', 'GET', `/api/getYTAnalytics/${p}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ period: p, ...expected(p) });
    if (p === '9months') expect(res.json().oldAnalytics).toBeNull();
  });

  it('refuses another period by name (400)', async () => {
    const res = await inject('customer', 'GET', '/api/getYTAnalytics/12months');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', field: 'period' });
    const bad = await inject('admin', 'GET', `/api/getYTAnalytics/7days?clientId=abc`);
    expect(bad.statusCode).toBe(400);
  });

  it('lets staff who see the customer read; others get 404; staff must name the customer', async () => {
    const url = `/api/getYTAnalytics/30days?clientId=${accounts.customer.id}`;
    // The demo customer's QA, their lead and their YouTube helper see the profile, so the figures too.
    for (const who of ['admin', 'lead', 'qa', 'helper'] as const) {
      const res = await inject(who, 'GET', url);
      expect(res.statusCode, who).toBe(200);
      expect(res.json()).toEqual({ period: '30days', ...expected('30days') });
    }
    for (const who of ['editor', 'customer2'] as const) {
      expect((await inject(who, 'GET', url)).statusCode, who).toBe(404);
    }
    // A staff id is no customer.
    expect((await inject('admin', 'GET', `/api/getYTAnalytics/7days?clientId=${accounts.qa.id}`)).statusCode).toBe(404);
    const unnamed = await inject('admin', 'GET', '/api/getYTAnalytics/7days');
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ field: 'clientId' });
    const status = await inject('admin', 'GET', `/api/yt-analytics/status?clientId=${accounts.customer.id}`);
    expect(status.json()).toEqual({ configured: true, connected: true, can_connect: false });
  });

  it('tells a customer without tokens to sign in, and the admin that the customer has not', async () => {
    const own = await inject('customer2', 'GET', '/api/getYTAnalytics/7days');
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({
      code: 'ANALYTICS_NOT_CONNECTED',
      error_message: 'Sign In to get analytics data',
    });
    const admin = await inject('admin', 'GET', `/api/getYTAnalytics/7days?clientId=${accounts.customer2.id}`);
    expect(admin.json()).toMatchObject({ error_message: 'No analytics found as customer not logged in' });
  });

  it('refreshes an expired access token through the library and stores the new one', async () => {
    const [before] = await t.database.db
      .select()
      .from(googleTokens)
      .where(eq(googleTokens.userId, accounts.customer.id));
    fake.expireAccessTokens();
    await t.database.db
      .update(googleTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(googleTokens.userId, accounts.customer.id));
    const refreshes = fake.calls.refresh;
    const res = await inject('customer', 'GET', '/api/getYTAnalytics/7days');
    expect(res.statusCode).toBe(200);
    expect(fake.calls.refresh).toBe(refreshes + 1);
    const [after] = await t.database.db
      .select()
      .from(googleTokens)
      .where(eq(googleTokens.userId, accounts.customer.id));
    expect(after!.accessToken).not.toBe(before!.accessToken);
    const refresh = `google:${accounts.customer.id}:refresh`;
    expect(open(key, after!.refreshToken!, refresh)).toBe(open(key, before!.refreshToken!, refresh));
    expect(after!.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    // The next read uses the stored token without refreshing.
    expect((await inject('customer', 'GET', '/api/getYTAnalytics/7days')).statusCode).toBe(200);
    expect(fake.calls.refresh).toBe(refreshes + 1);
  });

  it('answers 424 with a clear message, never 5xx or the provider’s body, when the reports endpoint fails', async () => {
    for (const failure of ['down', '500', 'garbage', '403'] as const) {
      fake.failures.reports = failure;
      const res = await inject('customer', 'GET', '/api/getYTAnalytics/7days');
      expect(res.statusCode, failure).toBe(424);
      expect(res.json()).toMatchObject({ code: 'GOOGLE_UNAVAILABLE' });
      expect(res.body).not.toMatch(/stack trace|<html>|API not enabled/);
      noSecrets(res.body);
    }
    fake.reset();
    // Still connected: a provider outage does not drop the tokens.
    expect((await inject('customer', 'GET', '/api/getYTAnalytics/7days')).statusCode).toBe(200);
  });

  it('answers 424 when the refresh fails at Google, keeping the tokens', async () => {
    fake.expireAccessTokens();
    await t.database.db
      .update(googleTokens)
      .set({ expiresAt: new Date(0) })
      .where(eq(googleTokens.userId, accounts.customer.id));
    fake.failures.token = '500';
    const res = await inject('customer', 'GET', '/api/getYTAnalytics/7days');
    expect(res.statusCode).toBe(424);
    fake.reset();
    expect((await inject('customer', 'GET', '/api/getYTAnalytics/7days')).statusCode).toBe(200);
  });

  it('forgets the tokens and says "not connected" (409) when Google answers invalid_grant on refresh', async () => {
    fake.expireAccessTokens();
    await t.database.db
      .update(googleTokens)
      .set({ expiresAt: new Date(0) })
      .where(eq(googleTokens.userId, accounts.customer.id));
    fake.revokeAllGrants();
    const res = await inject('customer', 'GET', '/api/getYTAnalytics/7days');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ANALYTICS_NOT_CONNECTED' });
    expect(
      await t.database.db.select().from(googleTokens).where(eq(googleTokens.userId, accounts.customer.id)),
    ).toEqual([]);
  });

  it('forgets tokens sealed with another key instead of failing', async () => {
    expect((await connect('customer')).statusCode).toBe(200);
    await t.database.db
      .update(googleTokens)
      .set({ accessToken: 'v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })
      .where(eq(googleTokens.userId, accounts.customer.id));
    const res = await inject('customer', 'GET', '/api/getYTAnalytics/7days');
    expect(res.statusCode).toBe(409);
  });
});

describe('DELETE /api/delete-tokens', () => {
  it('revokes the grant at Google and deletes our tokens; only the customer may', async () => {
    expect((await connect('customer')).statusCode).toBe(200);
    expect((await inject('admin', 'DELETE', '/api/delete-tokens')).statusCode).toBe(403);
    const revokes = fake.calls.revoke;
    const res = await inject('customer', 'DELETE', '/api/delete-tokens');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Google account disconnected' });
    expect(fake.calls.revoke).toBe(revokes + 1);
    expect(
      await t.database.db.select().from(googleTokens).where(eq(googleTokens.userId, accounts.customer.id)),
    ).toEqual([]);
    const status = await inject('customer', 'GET', '/api/yt-analytics/status');
    expect(status.json()).toMatchObject({ connected: false });
  });

  it('still disconnects when Google is down (revoking is best effort)', async () => {
    expect((await connect('customer')).statusCode).toBe(200);
    fake.failures.revoke = 'down';
    const res = await inject('customer', 'DELETE', '/api/delete-tokens');
    expect(res.statusCode).toBe(200);
    expect(
      await t.database.db.select().from(googleTokens).where(eq(googleTokens.userId, accounts.customer.id)),
    ).toEqual([]);
  });
});

describe('without Google credentials', () => {
  it('says what the admin must configure (409), and the status says not configured', async () => {
    const bare = await createTestApp();
    try {
      const seeded = await seedWithSessions(bare.database.db);
      const headers = bearer(seeded.customer.token);
      const status = await bare.app.inject({ method: 'GET', url: '/api/yt-analytics/status', headers });
      expect(status.json()).toEqual({ configured: false, connected: false, can_connect: true });
      for (const [method, url] of [
        ['GET', '/api/google-auth-url'],
        ['GET', '/api/getYTAnalytics/7days'],
      ] as const) {
        const res = await bare.app.inject({ method, url, headers });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ code: 'ANALYTICS_NOT_CONFIGURED' });
        // A customer reads a plain sentence; the server's variable names are for the admin's setup help (issue 33).
        expect(res.json().error_message).toBe(MSG.analyticsNotConfigured);
        expect(res.json().error_message).not.toContain('GOOGLE_');
      }
      const del = await bare.app.inject({ method: 'DELETE', url: '/api/delete-tokens', headers });
      expect(del.statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
