import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockUser } from '../../db/locks.js';
import { userTokens } from '../../db/schema.js';
import { hashToken, newToken } from '../../platform/tokens.js';

type Purpose = 'verify_email' | 'password_reset';
export const TOKEN_TTL_MS: Record<Purpose, number> = { verify_email: 48 * 3_600_000, password_reset: 3_600_000 };

/** Issues a one-time mailed token; earlier unused ones of the same purpose stop working. */
export async function issueUserToken(db: Db, userId: number, purpose: Purpose, email: string): Promise<string> {
  const token = newToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    // Under the lock, of two issued at once the later one is the only one left live.
    await lockUser(tx, userId);
    await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
    await tx.insert(userTokens).values({
      tokenHash: hashToken(token),
      userId,
      purpose,
      email,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
    });
  });
  return token;
}

/** Whether a token could still be used; only a cheap early answer, consumeUserToken decides. */
export async function userTokenIsLive(db: Db, token: string, purpose: Purpose): Promise<boolean> {
  const [row] = await db
    .select({ id: userTokens.id })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Marks a live token used and returns it, or null; the UPDATE makes a token single-use under races.
 * Its user stays locked until the caller's transaction ends, if the caller passes one.
 */
export async function consumeUserToken(db: Db, token: string, purpose: Purpose) {
  const tokenHash = hashToken(token);
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ userId: userTokens.userId })
      .from(userTokens)
      .where(eq(userTokens.tokenHash, tokenHash))
      .limit(1);
    if (!owner) return null;
    await lockUser(tx, owner.userId);
    const [row] = await tx
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(userTokens.tokenHash, tokenHash),
          eq(userTokens.purpose, purpose),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: userTokens.userId, email: userTokens.email });
    return row ?? null;
  });
}
