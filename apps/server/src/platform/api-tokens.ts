import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '@cutroom/domain';
import type { Db } from '../db/client.js';
import { apiTokens, users } from '../db/schema.js';
import type { SessionUser } from './session-user.js';
import { hashToken, newToken } from './tokens.js';

/** last_used_at is written at most this often, so calls don't all turn into writes. */
const TOUCH_EVERY_MS = 60_000;

export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);
export const newApiToken = () => `${API_TOKEN_PREFIX}${newToken()}`;

/**
 * The creator an API token acts as, with its scopes; null when revoked or the creator is gone.
 * Not cached: a revocation takes effect on the very next call.
 */
export async function resolveApiToken(
  db: Db,
  token: string,
): Promise<{ user: SessionUser; scopes: readonly ApiTokenScope[] } | null> {
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      scopes: apiTokens.scopes,
      id: users.id,
      role: users.clientType,
      firstname: users.firstname,
      lastname: users.lastname,
      timezone: users.timezone,
      temporaryPassword: users.isTemporaryPassword,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt), eq(users.isDeleted, false)))
    .limit(1);
  if (!row) return null;
  const now = new Date();
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, row.tokenId),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - TOUCH_EVERY_MS))),
      ),
    );
  const { tokenId: _t, scopes, ...user } = row;
  // No session behind it: session-only calls (logout, the event stream) are outside every scope anyway.
  return { user: { ...user, sessionId: 0 }, scopes };
}
