import type { FastifyBaseLogger } from 'fastify';
import { CodeChallengeMethod, OAuth2Client, type Credentials } from 'google-auth-library';
import { z } from 'zod';
import {
  GOOGLE_REDIRECT_PATH,
  MSG,
  YT_ANALYTICS_SCOPE,
  YT_REPORT_METRICS,
  type DayMetrics,
  type DayRange,
} from '@cutroom/domain';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';

export type GoogleConfig = NonNullable<Config['google']>;
/** A Google call that hangs is as good as down: the tab says so instead of waiting. */
const GOOGLE_TIMEOUT_MS = 10_000;

/** The library's OAuth client on our configured endpoints (tests point them at a loopback fake). */
export function oauthClient(google: GoogleConfig, publicUrl: string): OAuth2Client {
  return new OAuth2Client({
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    redirectUri: `${publicUrl}${GOOGLE_REDIRECT_PATH}`,
    endpoints: {
      oauth2AuthBaseUrl: google.authUrl,
      oauth2TokenUrl: google.tokenUrl,
      oauth2RevokeUrl: google.revokeUrl,
    },
    transporterOptions: { timeout: GOOGLE_TIMEOUT_MS },
    // A 401 on a token we think is fresh (revoked early, clock skew) gets one refresh and one retry.
    forceRefreshOnFailure: true,
  });
}

/** The authorization URL for a state and PKCE challenge: read-only analytics, offline so a refresh token comes. */
export function authorizationUrl(client: OAuth2Client, state: string, codeChallenge: string): string {
  return client.generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: [YT_ANALYTICS_SCOPE],
    state,
    code_challenge: codeChallenge,
    code_challenge_method: CodeChallengeMethod.S256,
  });
}

/** What went wrong at Google, without its body, headers or tokens (GaxiosError carries all three). */
type Failure = 'invalid_grant' | 'unauthorized' | 'forbidden' | 'unavailable';
function classify(err: unknown): { failure: Failure; status?: number; code?: string } {
  const e = err as { response?: { status?: unknown; data?: unknown }; code?: unknown } | undefined;
  const status = typeof e?.response?.status === 'number' ? e.response.status : undefined;
  const data = e?.response?.data as { error?: unknown } | undefined;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  if (data && typeof data === 'object' && data.error === 'invalid_grant') return { failure: 'invalid_grant', status };
  if (status === 401) return { failure: 'unauthorized', status };
  if (status === 403) return { failure: 'forbidden', status };
  return { failure: 'unavailable', status, code };
}

/** Logs a failed Google call by its status and error code only: never the error object, which holds tokens. */
export function googleFailure(err: unknown, log: FastifyBaseLogger, call: string): Failure {
  const { failure, status, code } = classify(err);
  log.warn({ google: { call, failure, status, code } }, 'Google call failed');
  return failure;
}

const tokenReply = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).nullish(),
  expiry_date: z.number().nullish(),
  scope: z.string().nullish(),
});
export type GoogleTokens = z.infer<typeof tokenReply>;

/** Exchanges the authorization code with its PKCE verifier; a refused code is the user's (400), the rest Google's (424). */
export async function exchangeCode(
  client: OAuth2Client,
  code: string,
  codeVerifier: string,
  log: FastifyBaseLogger,
): Promise<GoogleTokens> {
  let tokens: unknown;
  try {
    tokens = (await client.getToken({ code, codeVerifier })).tokens;
  } catch (err) {
    const failure = googleFailure(err, log, 'token exchange');
    throw new AppError(failure === 'unavailable' ? 'GOOGLE_UNAVAILABLE' : 'GOOGLE_SIGN_IN_FAILED');
  }
  const parsed = tokenReply.safeParse(tokens);
  if (!parsed.success) {
    log.warn({ google: { call: 'token exchange', failure: 'malformed reply' } }, 'Google call failed');
    throw new AppError('GOOGLE_UNAVAILABLE');
  }
  const scopes = parsed.data.scope?.split(' ') ?? [YT_ANALYTICS_SCOPE];
  if (!scopes.includes(YT_ANALYTICS_SCOPE)) throw new AppError('GOOGLE_SIGN_IN_FAILED', MSG.googleScopeMissing);
  return parsed.data;
}

const reportReply = z.object({
  columnHeaders: z.array(z.object({ name: z.string() })),
  rows: z.array(z.array(z.union([z.string(), z.number()]))).optional(),
});

export type ReportOutcome =
  { ok: true; days: (DayMetrics & { day: string })[] } | { ok: false; failure: Failure | 'malformed' };

/**
 * One day-by-day report over a range from the YouTube Analytics API v2. The library adds the bearer
 * token and refreshes it first when it has expired (the client emits the new tokens).
 */
export async function fetchDailyReport(
  client: OAuth2Client,
  google: GoogleConfig,
  range: DayRange,
  log: FastifyBaseLogger,
): Promise<ReportOutcome> {
  const url = new URL(`${google.analyticsUrl}/v2/reports`);
  url.search = new URLSearchParams({
    ids: 'channel==MINE',
    startDate: range.startDate,
    endDate: range.endDate,
    metrics: YT_REPORT_METRICS.join(','),
    dimensions: 'day',
    sort: 'day',
  }).toString();
  let data: unknown;
  try {
    data = (await client.request({ url: url.toString(), timeout: GOOGLE_TIMEOUT_MS, retry: false })).data;
  } catch (err) {
    return { ok: false, failure: googleFailure(err, log, 'analytics report') };
  }
  const parsed = reportReply.safeParse(data);
  const names = parsed.data?.columnHeaders.map((h) => h.name) ?? [];
  const dayAt = names.indexOf('day');
  if (!parsed.success || dayAt < 0) {
    log.warn({ google: { call: 'analytics report', failure: 'malformed reply' } }, 'Google call failed');
    return { ok: false, failure: 'malformed' };
  }
  const days: (DayMetrics & { day: string })[] = [];
  for (const row of parsed.data.rows ?? []) {
    const day = row[dayAt];
    if (typeof day !== 'string') return { ok: false, failure: 'malformed' };
    const metrics = {} as DayMetrics;
    for (const metric of YT_REPORT_METRICS) {
      const at = names.indexOf(metric);
      const value = at < 0 ? 0 : Number(row[at]);
      if (!Number.isFinite(value)) return { ok: false, failure: 'malformed' };
      metrics[metric] = value;
    }
    days.push({ day, ...metrics });
  }
  return { ok: true, days };
}

/** Revokes a grant at Google; best effort (the caller deletes our copy whatever happens). */
export async function revokeGrant(client: OAuth2Client, token: string, log: FastifyBaseLogger): Promise<void> {
  try {
    await client.revokeToken(token);
  } catch (err) {
    googleFailure(err, log, 'revoke');
  }
}

export type { Credentials };
