import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userTokens } from '../../db/schema.js';
import { hashToken, newToken } from '../../platform/tokens.js';

type Purpose = 'verify_email' | 'password_reset';
export const TOKEN_TTL_MS: Record<Purpose, number> = { verify_email: 48 * 3_600_000, password_reset: 3_600_000 };

/** Issues a one-time mailed token; earlier unused ones of the same purpose stop working. */
export async function issueUserToken(db: Db, userId: number, purpose: Purpose, email: string): Promise<string> {
  const token = newToken();
  const now = new Date();
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  await db.insert(userTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    email,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/** Marks a live token used and returns it, or null; the UPDATE makes a token single-use under races. */
export async function consumeUserToken(db: Db, token: string, purpose: Purpose) {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userTokens.userId, email: userTokens.email });
  return row ?? null;
}
