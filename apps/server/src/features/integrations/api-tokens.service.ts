import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ApiTokenView, createApiTokenBody } from '@cutroom/domain/schemas';
import { INTEGRATION_MSG } from '@cutroom/domain';
import type { z } from 'zod';
import { apiTokens, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import { newApiToken } from '../../platform/api-tokens.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashToken } from '../../platform/tokens.js';

/** Enough of the token to recognise it in a list, far too little to use it. */
const PREFIX_CHARS = 10;

const columns = {
  token: apiTokens,
  firstname: users.firstname,
  lastname: users.lastname,
};
type Row = { token: typeof apiTokens.$inferSelect; firstname: string | null; lastname: string | null };

const viewOf = ({ token: t, firstname, lastname }: Row): ApiTokenView => ({
  id: t.id,
  name: t.name,
  scopes: t.scopes,
  prefix: t.prefix,
  created_by: t.createdBy,
  created_by_name: [firstname, lastname].filter(Boolean).join(' '),
  created_at: t.createdAt.toISOString(),
  last_used_at: t.lastUsedAt?.toISOString() ?? null,
  revoked_at: t.revokedAt?.toISOString() ?? null,
});

export async function listApiTokens(ctx: AppContext) {
  const rows = await ctx.db
    .select(columns)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .orderBy(desc(apiTokens.id));
  return { api_tokens: rows.map(viewOf) };
}

export async function createApiToken(ctx: AppContext, viewer: SessionUser, body: z.output<typeof createApiTokenBody>) {
  const token = newApiToken();
  const [row] = await ctx.db
    .insert(apiTokens)
    .values({
      name: body.name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, PREFIX_CHARS),
      scopes: body.scopes,
      createdBy: viewer.id,
    })
    .returning();
  const view = viewOf({ token: row!, firstname: viewer.firstname, lastname: viewer.lastname });
  return { message: INTEGRATION_MSG.apiTokenCreated, api_token_id: row!.id, token, api_token: view };
}

/** Revoking twice is no error; the first revocation time stays. */
export async function revokeApiToken(ctx: AppContext, id: number) {
  const [revoked] = await ctx.db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (!revoked) {
    const [exists] = await ctx.db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.id, id));
    if (!exists) throw new AppError('NOT_FOUND');
  }
  return { message: INTEGRATION_MSG.apiTokenRevoked };
}
