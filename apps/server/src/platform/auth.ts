import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
// The cookie plugin's request and reply typings, for programs that import this file without app.ts.
import type {} from '@fastify/cookie';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  SCREEN_PREFS_COOKIE,
  SIGNED_IN_HINT_COOKIE,
  type ApiTokenScope,
  type Role,
  INTEGRATION_MSG,
} from '@cutroom/domain';
import { scopeOfRoute } from '@cutroom/domain/contract';
import { isApiToken, resolveApiToken } from './api-tokens.js';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { AppError } from './errors.js';
import { revokes, type EventBus, type Revocation } from './events.js';
import { SESSION_CACHE_MS, sessionCacheOf } from './session-cache.js';
import { hashToken, newToken } from './tokens.js';
import type { SessionUser } from './session-user.js';

export type { SessionUser } from './session-user.js';

export const SESSION_COOKIE = 'cutroom_session';
/** The web app sends this header; it asks for the cookie session and proves a same-origin caller. */
export const WEB_CLIENT_HEADER = 'x-requested-with';
export const WEB_CLIENT_VALUE = 'cutroom-web';

const HOUR = 3_600_000;
export const SESSION_LIMITS = {
  remember: { idleMs: 7 * 24 * HOUR, absoluteMs: 30 * 24 * HOUR },
  session: { idleMs: 12 * HOUR, absoluteMs: 24 * HOUR },
} as const;
/** last_seen_at is written at most this often, so reads don't turn into writes. */
const TOUCH_EVERY_MS = 60_000;

/** Who may call a route; every route states it in `config.access`. */
export type Access = 'public' | 'user' | readonly Role[];

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    authVia: 'cookie' | 'bearer' | 'apiToken' | null;
    /** An API token's scopes (authVia 'apiToken'): the routes it may call beyond its creator's role check. */
    apiScopes: readonly ApiTokenScope[] | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** The contract's whileTemporaryPassword: callable before a temporary password is changed. */
    whileTemporaryPassword?: true;
    /** Its service refuses too many attempts with 429 (login counts failures only), so OpenAPI lists it. */
    limitedInService?: true;
  }
}

export async function createSession(db: Db, userId: number, remember: boolean, userAgent: string | undefined) {
  const token = newToken();
  const limits = remember ? SESSION_LIMITS.remember : SESSION_LIMITS.session;
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    remember,
    expiresAt: new Date(Date.now() + limits.absoluteMs),
    userAgent: userAgent?.slice(0, 300),
  });
  return token;
}

/** A session row (joined with its user) that may still be used: not revoked, not expired, user not deleted. */
const sessionUsable = (now: Date) =>
  and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now), eq(users.isDeleted, false));

/** What ending a session touches: the table, and every instance's cache and open streams. */
interface SessionStore {
  db: Db;
  events: EventBus;
}

/** Forgets the ended sessions here at once, and tells the other instances (and this one's streams). */
async function announce({ db, events }: SessionStore, revocation: Revocation) {
  forgetRevoked(db, revocation);
  await events.revoke(revocation);
}

export function forgetRevoked(db: Db, revocation: Revocation) {
  sessionCacheOf(db).forget((user) => revokes(revocation, { userId: user.id, sessionId: user.sessionId }));
}

export async function revokeSession(store: SessionStore, session: { userId: number; sessionId: number }) {
  await store.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.sessionId));
  await announce(store, session);
}

/** Signs a user's sessions out (all, or all but one); in a transaction when the caller passes one. */
export async function signOutUserSessions(db: Db, userId: number, keepSessionId?: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : sql`${sessions.id} <> ${keepSessionId}`,
      ),
    );
}

/** Tells every instance's caches and streams that a user's sessions (all, or all but one) ended. */
export const announceSignOut = (store: SessionStore, userId: number, keepSessionId?: number) =>
  announce(store, { userId, exceptSessionId: keepSessionId });

/** Revokes all of a user's sessions, optionally keeping one, and says so everywhere. */
export async function revokeUserSessions(store: SessionStore, userId: number, keepSessionId?: number) {
  await signOutUserSessions(store.db, userId, keepSessionId);
  await announceSignOut(store, userId, keepSessionId);
}

/** Whether a session may still be used: a long-lived stream asks this now and then. */
export async function sessionIsLive(db: Db, sessionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), sessionUsable(new Date())))
    .limit(1);
  return !!row;
}

/** Drops a user's cached sessions, so a changed name, zone or revocation is seen on the next call. */
export function forgetUserSessions(db: Db, userId: number) {
  sessionCacheOf(db).forget((user) => user.id === userId);
}

async function resolveSession(db: Db, token: string): Promise<SessionUser | null> {
  const now = new Date();
  const tokenHash = hashToken(token);
  const cache = sessionCacheOf(db);
  const cached = cache.get(tokenHash, now.getTime());
  if (cached) return cached;
  const epoch = cache.epoch;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      remember: sessions.remember,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      id: users.id,
      role: users.clientType,
      firstname: users.firstname,
      lastname: users.lastname,
      timezone: users.timezone,
      temporaryPassword: users.isTemporaryPassword,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), sessionUsable(now)))
    .limit(1);
  if (!row) return null;
  const idleMs = row.remember ? SESSION_LIMITS.remember.idleMs : SESSION_LIMITS.session.idleMs;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (idleFor > idleMs) return null;
  if (idleFor > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  const { remember: _r, lastSeenAt: _l, expiresAt, ...user } = row;
  cache.set(tokenHash, user, Math.min(now.getTime() + SESSION_CACHE_MS, expiresAt.getTime()), epoch);
  return user;
}

/** Deletes expired and long-revoked sessions; run at start and hourly. */
export async function pruneSessions(db: Db) {
  const weekAgo = new Date(Date.now() - 7 * 24 * HOUR);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, new Date()), lt(sessions.revokedAt, weekAgo)));
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isWebClient(request: FastifyRequest): boolean {
  return request.headers[WEB_CLIENT_HEADER] === WEB_CLIENT_VALUE;
}

export function setSessionCookie(reply: FastifyReply, token: string, remember: boolean, secure: boolean) {
  const lifetime = remember ? { maxAge: SESSION_LIMITS.remember.absoluteMs / 1000 } : {};
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: '/', ...lifetime });
  setSignedInHint(reply, secure, lifetime);
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: '/' });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { sameSite: 'strict', secure, path: '/' });
  clearScreenPrefs(reply, secure);
}

/**
 * The board's stored preferences go with the session, as the page clears them from its storage (web
 * lib/storage.ts); their cookie mirror (written by the page) is cleared here too, where it cannot be missed.
 */
function clearScreenPrefs(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SCREEN_PREFS_COOKIE, { sameSite: 'lax', secure, path: '/' });
}

/** The page may read this one: it says a session cookie was given, nothing more (no secret in it). */
function setSignedInHint(reply: FastifyReply, secure: boolean, lifetime: { maxAge?: number } = {}) {
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { httpOnly: false, sameSite: 'strict', secure, path: '/', ...lifetime });
}

/**
 * The hint follows the cookie session on every response: given back when a live session comes without it
 * (a session from before the hint, a browser that dropped it), taken away when no session is usable, with
 * the stored preferences' mirror.
 */
function syncSignedInHint(request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  const hinted = request.cookies[SIGNED_IN_HINT_COOKIE] !== undefined;
  const signedIn = request.authVia === 'cookie';
  if (signedIn && !hinted) setSignedInHint(reply, secure);
  else if (!signedIn && hinted) reply.clearCookie(SIGNED_IN_HINT_COOKIE, { sameSite: 'strict', secure, path: '/' });
  if (!signedIn && request.cookies[SCREEN_PREFS_COOKIE] !== undefined) clearScreenPrefs(reply, secure);
}

/** The scheme of `Authorization: Bearer <token>`, in any case (RFC 9110 §11.1: schemes are case-insensitive). */
const BEARER = /^bearer +/i;

/** Resolves the caller on every request and enforces each route's `config.access`. */
export function registerAuth(app: FastifyInstance, db: Db, { secureCookie }: { secureCookie: boolean }) {
  app.decorateRequest('user', null);
  app.decorateRequest('authVia', null);
  app.decorateRequest('apiScopes', null);

  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    const bearer = header && BEARER.test(header) ? header.replace(BEARER, '').trim() : undefined;
    const cookie = request.cookies[SESSION_COOKIE];
    const token = bearer || cookie;
    if (bearer && isApiToken(bearer) && bearer.length <= 200) {
      const resolved = await resolveApiToken(db, bearer);
      if (resolved) {
        request.user = resolved.user;
        request.authVia = 'apiToken';
        request.apiScopes = resolved.scopes;
      }
    } else if (token && token.length <= 200) {
      request.user = await resolveSession(db, token);
      if (request.user) request.authVia = bearer ? 'bearer' : 'cookie';
    }
    if (!bearer) syncSignedInHint(request, reply, secureCookie);
  });

  app.addHook('preValidation', async (request) => {
    if (request.is404) return;
    const access: Access = request.routeOptions.config.access ?? 'user';
    // Default deny, public routes included: an API token calls only what its scopes open (contract/integrations.ts).
    if (request.authVia === 'apiToken') {
      const scope = scopeOfRoute(request.method, request.routeOptions.url ?? '');
      if (!scope || !request.apiScopes?.includes(scope))
        throw new AppError('FORBIDDEN', INTEGRATION_MSG.apiTokenScopeDenied);
    }
    if (access === 'public') return;
    if (!request.user) throw new AppError('UNAUTHENTICATED');
    // A cookie rides along with any request, so unsafe ones must prove they come from our own page.
    if (request.authVia === 'cookie' && !SAFE_METHODS.has(request.method) && !isWebClient(request)) {
      throw new AppError('FORBIDDEN');
    }
    if (access !== 'user' && !access.includes(request.user.role)) throw new AppError('FORBIDDEN');
    // A temporary password is changed before anything else is written (reads stay open for the pages).
    if (
      request.user.temporaryPassword &&
      !SAFE_METHODS.has(request.method) &&
      !request.routeOptions.config.whileTemporaryPassword
    )
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
  });
}

/** An onRoute hook for plugins whose routes are public files (API docs, the web app's assets). */
export function makePublic(route: RouteOptions) {
  route.config = { ...route.config, access: 'public' };
}

/** The caller of an authenticated route (the preValidation hook has already refused anonymous calls). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}
