import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How one endpoint of the fake misbehaves: closes the connection, answers 500, or answers non-JSON. */
export type FakeFailure = 'down' | '500' | 'garbage';
export interface FakeGoogleOptions {
  clientId?: string;
  clientSecret?: string;
  /** Lifetime of issued access tokens, seconds (short, so refreshing is exercised). */
  accessTokenSeconds?: number;
}

interface Grant {
  refreshToken: string;
  scope: string;
  revoked: boolean;
}
interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
  used: boolean;
}

/** A day's deterministic figures: the same date always gives the same numbers. */
export function fakeDayMetrics(date: string) {
  const n = Number(date.replaceAll('-', '')) % 97;
  return {
    views: 100 + n,
    subscribersGained: n % 7,
    subscribersLost: n % 3,
    estimatedMinutesWatched: 200 + 2 * n,
    averageViewDuration: 60 + (n % 30),
    averageViewPercentage: 30 + (n % 20),
  };
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const token = (prefix: string) => `${prefix}-${randomBytes(18).toString('base64url')}`;
const daysBetween = (start: string, end: string) => {
  const days: string[] = [];
  for (let d = new Date(`${start}T00:00:00Z`); d <= new Date(`${end}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    days.push(d.toISOString().slice(0, 10));
    if (days.length > 1000) break;
  }
  return days;
};

/**
 * A loopback stand-in for Google's OAuth 2.0 endpoints and the YouTube Analytics reports endpoint,
 * strict where Google is (client, redirect URI, PKCE S256, one-use codes, bearer tokens), with
 * switchable failures. Tests and the e2e run point GOOGLE_*_URL and YT_ANALYTICS_URL at it.
 */
export async function startFakeGoogle(options: FakeGoogleOptions = {}) {
  const clientId = options.clientId ?? 'fake-client-id.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? `fake-secret-${randomBytes(8).toString('hex')}`;
  const codes = new Map<string, PendingCode>();
  const grants = new Map<string, Grant>();
  /** access token → its grant's refresh token and expiry (ms). */
  const accessTokens = new Map<string, { refreshToken: string; expiresAt: number }>();
  const failures: {
    token?: FakeFailure | 'invalid_grant';
    reports?: FakeFailure | '401' | '403';
    revoke?: FakeFailure;
  } = {};
  const calls = { token: 0, refresh: 0, reports: 0, revoke: 0 };
  /** Every secret handed out, so a test can show none of them reached a reply or a log. */
  const secrets: string[] = [clientSecret];
  let accessTokenSeconds = options.accessTokenSeconds ?? 3600;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  /** Applies a configured failure; true when it answered. */
  const fail = (res: http.ServerResponse, failure: string | undefined) => {
    if (failure === 'down') {
      res.socket?.destroy();
      return true;
    }
    if (failure === '500') {
      send(res, 500, { error: 'internal', leaked: 'provider stack trace' });
      return true;
    }
    if (failure === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html>not json at all');
      return true;
    }
    return false;
  };
  const issueAccess = (refreshToken: string) => {
    const accessToken = token('ya29.fake');
    accessTokens.set(accessToken, { refreshToken, expiresAt: Date.now() + accessTokenSeconds * 1000 });
    secrets.push(accessToken);
    return accessToken;
  };
  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => resolve(body));
    });

  async function handleToken(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    if (fail(res, failures.token)) return;
    if (failures.token === 'invalid_grant') return send(res, 400, { error: 'invalid_grant', error_description: 'Bad' });
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return send(res, 401, { error: 'invalid_client' });
    }
    if (form.get('grant_type') === 'authorization_code') {
      calls.token += 1;
      const pending = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (
        !pending ||
        pending.used ||
        pending.redirectUri !== form.get('redirect_uri') ||
        s256(verifier) !== pending.challenge
      ) {
        return send(res, 400, { error: 'invalid_grant', error_description: 'Bad code or verifier' });
      }
      pending.used = true;
      const refreshToken = token('1//fake-refresh');
      secrets.push(refreshToken);
      grants.set(refreshToken, { refreshToken, scope: pending.scope, revoked: false });
      return send(res, 200, {
        access_token: issueAccess(refreshToken),
        refresh_token: refreshToken,
        expires_in: accessTokenSeconds,
        scope: pending.scope,
        token_type: 'Bearer',
      });
    }
    if (form.get('grant_type') === 'refresh_token') {
      calls.refresh += 1;
      const grant = grants.get(form.get('refresh_token') ?? '');
      if (!grant || grant.revoked) return send(res, 400, { error: 'invalid_grant', error_description: 'Revoked' });
      return send(res, 200, {
        access_token: issueAccess(grant.refreshToken),
        expires_in: accessTokenSeconds,
        scope: grant.scope,
        token_type: 'Bearer',
      });
    }
    return send(res, 400, { error: 'unsupported_grant_type' });
  }

  function handleAuth(url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    const problems = [
      q.get('client_id') !== clientId && 'unknown client_id',
      !/^https?:\/\//.test(redirectUri) && 'bad redirect_uri',
      q.get('response_type') !== 'code' && 'response_type must be code',
      q.get('code_challenge_method') !== 'S256' && 'code_challenge_method must be S256',
      !q.get('code_challenge') && 'code_challenge missing',
      !q.get('state') && 'state missing',
      !q.get('scope') && 'scope missing',
    ].filter(Boolean);
    if (problems.length > 0) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      return res.end(`fake Google refused the sign-in: ${problems.join(', ')}`);
    }
    const code = token('4/fake-code');
    secrets.push(code);
    codes.set(code, {
      clientId,
      redirectUri,
      challenge: q.get('code_challenge')!,
      scope: q.get('scope')!,
      used: false,
    });
    // Google shows a consent screen; the fake consents at once.
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state')!);
    back.searchParams.set('scope', q.get('scope')!);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function handleReports(url: URL, req: http.IncomingMessage, res: http.ServerResponse) {
    calls.reports += 1;
    if (fail(res, failures.reports)) return;
    if (failures.reports === '403') return send(res, 403, { error: { code: 403, message: 'API not enabled' } });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const known = accessTokens.get(bearer);
    const grant = known && grants.get(known.refreshToken);
    if (failures.reports === '401' || !known || known.expiresAt < Date.now() || !grant || grant.revoked) {
      return send(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
    }
    const q = url.searchParams;
    const metrics = (q.get('metrics') ?? '').split(',');
    const start = q.get('startDate') ?? '';
    const end = q.get('endDate') ?? '';
    if (q.get('ids') !== 'channel==MINE' || q.get('dimensions') !== 'day' || !start || !end) {
      return send(res, 400, { error: { code: 400, message: 'bad query' } });
    }
    const rows = daysBetween(start, end).map((day) => {
      const m = fakeDayMetrics(day) as Record<string, number>;
      return [day, ...metrics.map((name) => m[name] ?? 0)];
    });
    send(res, 200, {
      kind: 'youtubeAnalytics#resultTable',
      columnHeaders: [
        { name: 'day', columnType: 'DIMENSION', dataType: 'STRING' },
        ...metrics.map((name) => ({ name, columnType: 'METRIC', dataType: 'INTEGER' })),
      ],
      rows,
    });
  }

  async function handleRevoke(url: URL, req: http.IncomingMessage, res: http.ServerResponse) {
    calls.revoke += 1;
    const value = url.searchParams.get('token') ?? new URLSearchParams(await readBody(req)).get('token') ?? '';
    if (fail(res, failures.revoke)) return;
    const grant = grants.get(value) ?? grants.get(accessTokens.get(value)?.refreshToken ?? '');
    if (!grant) return send(res, 400, { error: 'invalid_token' });
    grant.revoked = true;
    send(res, 200, {});
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-google');
    const route = `${req.method} ${url.pathname}`;
    const done = (p: unknown) =>
      void Promise.resolve(p).catch(() => {
        if (!res.headersSent) send(res, 500, { error: 'fake crashed' });
      });
    if (route === 'GET /o/oauth2/v2/auth') return done(handleAuth(url, res));
    if (route === 'POST /token') return done(handleToken(req, res));
    if (route === 'POST /revoke') return done(handleRevoke(url, req, res));
    if (route === 'GET /v2/reports') return done(handleReports(url, req, res));
    send(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    clientId,
    clientSecret,
    /** The server's environment for this fake (with a fresh encryption key). */
    env: (): Record<string, string> => ({
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTH_URL: `${base}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_REVOKE_URL: `${base}/revoke`,
      YT_ANALYTICS_URL: base,
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    }),
    failures,
    calls,
    secrets,
    setAccessTokenSeconds: (seconds: number) => (accessTokenSeconds = seconds),
    /** Every access token issued so far stops working, as an hour later. */
    expireAccessTokens: () => accessTokens.forEach((t) => (t.expiresAt = 0)),
    /** The user revoked the grant in their Google account. */
    revokeAllGrants: () => grants.forEach((g) => (g.revoked = true)),
    reset: () => {
      for (const key of Object.keys(failures)) delete failures[key as keyof typeof failures];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;
