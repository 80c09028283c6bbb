import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import {
  DEFAULT_ANALYTICS_PERIOD,
  MSG,
  analyticsRanges,
  summarizeDays,
  todayIn,
  type AnalyticsPeriod,
} from '@cutroom/domain';
import { googleTokens, oauthStates } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { SecretBoxError, open, seal } from '../../platform/secret-box.js';
import { visibleUser } from '../users/public.js';
import {
  authorizationUrl,
  exchangeCode,
  fetchDailyReport,
  oauthClient,
  revokeGrant,
  type Credentials,
  type GoogleConfig,
  type GoogleTokens,
} from './google-client.js';

/** A sign-in must come back within this long, once (docs/youtube-analytics.md). */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');
/** Associated data binding each sealed value to its owner and field, so rows can't be swapped. */
const context = (userId: number, field: 'access' | 'refresh' | 'verifier') => `google:${userId}:${field}`;

function googleOf(ctx: AppContext): GoogleConfig {
  if (!ctx.config.google) throw new AppError('ANALYTICS_NOT_CONFIGURED');
  return ctx.config.google;
}

/**
 * The customer whose channel a call is about: the clientId the caller may see (their profile
 * visibility), or the calling customer's own; staff must name one. Anyone else's answers 404.
 */
async function targetCustomer(ctx: AppContext, viewer: SessionUser, clientId: number | undefined): Promise<number> {
  if (clientId === undefined) {
    if (viewer.role !== 'customer') throw new AppError('VALIDATION', MSG.analyticsChooseCustomer, 'clientId');
    return viewer.id;
  }
  const row = await visibleUser(ctx.db, viewer, clientId, { profile: true });
  if (row.clientType !== 'customer' || row.isDeleted) throw new AppError('NOT_FOUND');
  return row.id;
}

export async function analyticsStatus(ctx: AppContext, viewer: SessionUser, clientId: number | undefined) {
  const target = await targetCustomer(ctx, viewer, clientId);
  const [row] = await ctx.db
    .select({ userId: googleTokens.userId })
    .from(googleTokens)
    .where(eq(googleTokens.userId, target));
  return { configured: !!ctx.config.google, connected: !!row, can_connect: target === viewer.id };
}

/** GET /api/google-auth-url: a fresh state and PKCE verifier, kept (hashed / sealed) for the caller's return. */
export async function startSignIn(ctx: AppContext, viewer: SessionUser) {
  const google = googleOf(ctx);
  const client = oauthClient(google, ctx.config.publicUrl);
  const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
  const state = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    // Only the newest sign-in of a user stays pending; stale ones of anyone go.
    await tx
      .delete(oauthStates)
      .where(
        or(eq(oauthStates.userId, viewer.id), lt(oauthStates.createdAt, new Date(Date.now() - OAUTH_STATE_TTL_MS))),
      );
    await tx.insert(oauthStates).values({
      stateHash: hashState(state),
      userId: viewer.id,
      codeVerifier: seal(google.encryptionKey, codeVerifier, context(viewer.id, 'verifier')),
    });
  });
  return { url: authorizationUrl(client, state, codeChallenge!) };
}

const sealedTokens = (google: GoogleConfig, userId: number, tokens: GoogleTokens | Credentials) => ({
  accessToken: seal(google.encryptionKey, tokens.access_token!, context(userId, 'access')),
  refreshToken: tokens.refresh_token
    ? seal(google.encryptionKey, tokens.refresh_token, context(userId, 'refresh'))
    : null,
  expiresAt: tokens.expiry_date ? new Date(tokens.expiry_date) : null,
  scope: tokens.scope ?? null,
});

async function storeTokens(ctx: AppContext, google: GoogleConfig, userId: number, tokens: GoogleTokens | Credentials) {
  const values = sealedTokens(google, userId, tokens);
  await ctx.db
    .insert(googleTokens)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: googleTokens.userId,
      set: {
        accessToken: values.accessToken,
        // Google sends a refresh token with the first grant only: keep the one we have.
        refreshToken: sql`coalesce(excluded.refresh_token, ${googleTokens.refreshToken})`,
        expiresAt: values.expiresAt,
        scope: sql`coalesce(excluded.scope, ${googleTokens.scope})`,
        updatedAt: new Date(),
      },
    });
}

/** POST /api/google-access-token: the caller's fresh, unused state, the code exchanged, the tokens sealed and kept. */
export async function connectGoogle(
  ctx: AppContext,
  viewer: SessionUser,
  body: { code: string; state: string },
  zone: string,
  log: FastifyBaseLogger,
) {
  const google = googleOf(ctx);
  const [pending] = await ctx.db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, hashState(body.state)), eq(oauthStates.userId, viewer.id)))
    .returning();
  if (!pending || pending.createdAt.getTime() < Date.now() - OAUTH_STATE_TTL_MS) {
    throw new AppError('OAUTH_STATE_INVALID', undefined, 'state');
  }
  let verifier: string;
  try {
    verifier = open(google.encryptionKey, pending.codeVerifier, context(viewer.id, 'verifier'));
  } catch (err) {
    if (err instanceof SecretBoxError) throw new AppError('OAUTH_STATE_INVALID', undefined, 'state');
    throw err;
  }
  const client = oauthClient(google, ctx.config.publicUrl);
  const tokens = await exchangeCode(client, body.code, verifier, log);
  await storeTokens(ctx, google, viewer.id, tokens);
  const read = await readAnalytics(ctx, viewer, undefined, DEFAULT_ANALYTICS_PERIOD, zone, log);
  return { ...read, analytics: { newAnalytics: read.newAnalytics, oldAnalytics: read.oldAnalytics } };
}

/** DELETE /api/delete-tokens: revoke at Google (best effort), then forget the tokens. */
export async function disconnectGoogle(ctx: AppContext, viewer: SessionUser, log: FastifyBaseLogger) {
  const [row] = await ctx.db.delete(googleTokens).where(eq(googleTokens.userId, viewer.id)).returning();
  await ctx.db.delete(oauthStates).where(eq(oauthStates.userId, viewer.id));
  const google = ctx.config.google;
  if (row && google) {
    try {
      // Revoking the refresh token ends the whole grant; the access token alone only itself.
      const token = row.refreshToken
        ? open(google.encryptionKey, row.refreshToken, context(viewer.id, 'refresh'))
        : open(google.encryptionKey, row.accessToken, context(viewer.id, 'access'));
      await revokeGrant(oauthClient(google, ctx.config.publicUrl), token, log);
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
    }
  }
  return { message: MSG.googleDisconnected };
}

/**
 * A refreshed access token, written only over the tokens it was refreshed from: a sign-in or a disconnect
 * that came meanwhile wins (an upsert would bring back a row the customer just removed).
 */
async function storeRefreshed(
  ctx: AppContext,
  google: GoogleConfig,
  userId: number,
  readAs: string,
  tokens: Credentials,
) {
  const values = sealedTokens(google, userId, tokens);
  await ctx.db
    .update(googleTokens)
    .set({
      accessToken: values.accessToken,
      refreshToken: sql`coalesce(${values.refreshToken}, ${googleTokens.refreshToken})`,
      expiresAt: values.expiresAt,
      scope: sql`coalesce(${values.scope}, ${googleTokens.scope})`,
      updatedAt: new Date(),
    })
    .where(and(eq(googleTokens.userId, userId), eq(googleTokens.accessToken, readAs)));
}

/**
 * Our copy of a customer's tokens, opened, with the sealed access token as read (the later writes are
 * conditional on it); unreadable ones (another key) count as none and are dropped.
 */
async function loadCredentials(
  ctx: AppContext,
  google: GoogleConfig,
  userId: number,
): Promise<{ credentials: Credentials; readAs: string } | null> {
  const [row] = await ctx.db.select().from(googleTokens).where(eq(googleTokens.userId, userId));
  if (!row) return null;
  try {
    const credentials: Credentials = {
      access_token: open(google.encryptionKey, row.accessToken, context(userId, 'access')),
      refresh_token: row.refreshToken ? open(google.encryptionKey, row.refreshToken, context(userId, 'refresh')) : null,
      expiry_date: row.expiresAt?.getTime() ?? null,
      scope: row.scope ?? undefined,
    };
    return { credentials, readAs: row.accessToken };
  } catch (err) {
    if (!(err instanceof SecretBoxError)) throw err;
    await ctx.db.delete(googleTokens).where(eq(googleTokens.userId, userId));
    return null;
  }
}

const notConnected = (viewer: SessionUser, target: number) =>
  new AppError(
    'ANALYTICS_NOT_CONNECTED',
    target === viewer.id ? MSG.analyticsSignIn : MSG.analyticsCustomerNotConnected,
  );

/** GET /api/getYTAnalytics/{period}: the period's figures and the equal period's before it, from one daily report. */
export async function readAnalytics(
  ctx: AppContext,
  viewer: SessionUser,
  clientId: number | undefined,
  period: AnalyticsPeriod,
  zone: string,
  log: FastifyBaseLogger,
) {
  const target = await targetCustomer(ctx, viewer, clientId);
  const google = googleOf(ctx);
  const stored = await loadCredentials(ctx, google, target);
  if (!stored) throw notConnected(viewer, target);

  const client = oauthClient(google, ctx.config.publicUrl);
  client.setCredentials(stored.credentials);
  let refreshed: Credentials | undefined;
  client.on('tokens', (tokens: Credentials) => (refreshed = tokens));

  const { current, previous } = analyticsRanges(period, todayIn(zone));
  const outcome = await fetchDailyReport(
    client,
    google,
    { startDate: (previous ?? current).startDate, endDate: current.endDate },
    log,
  );
  if (outcome.ok || outcome.failure !== 'invalid_grant') {
    if (refreshed?.access_token) await storeRefreshed(ctx, google, target, stored.readAs, refreshed);
  }
  if (!outcome.ok) {
    if (outcome.failure === 'invalid_grant' || outcome.failure === 'unauthorized') {
      // The customer revoked access (or it lapsed): these tokens are dead, so forget them, unless a new sign-in replaced them meanwhile.
      await ctx.db
        .delete(googleTokens)
        .where(and(eq(googleTokens.userId, target), eq(googleTokens.accessToken, stored.readAs)));
      throw notConnected(viewer, target);
    }
    throw new AppError('GOOGLE_UNAVAILABLE', outcome.failure === 'forbidden' ? MSG.googleRefused : undefined);
  }
  const inRange = (day: string, r: { startDate: string; endDate: string }) => day >= r.startDate && day <= r.endDate;
  return {
    period,
    newAnalytics: summarizeDays(outcome.days.filter((d) => inRange(d.day, current))),
    oldAnalytics: previous ? summarizeDays(outcome.days.filter((d) => inRange(d.day, previous))) : null,
    range: current,
    previousRange: previous,
  };
}
