import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { calendarDay } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { aiUsage } from '../../db/schema.js';

/** The limit counts per UTC day, the same for every instance and zone. */
export const usageDay = (now = new Date()) => calendarDay(now, 'UTC');

/**
 * Counts one generation if the user is under the limit, in one atomic upsert, so two concurrent calls
 * can't both take the last one. Gives the count after this one, or null when the limit is reached.
 */
export async function takeGeneration(db: Db, userId: number, limit: number, day = usageDay()): Promise<number | null> {
  const [row] = await db
    .insert(aiUsage)
    .values({ userId, day, generations: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.userId, aiUsage.day],
      set: { generations: sql`${aiUsage.generations} + 1` },
      setWhere: lt(aiUsage.generations, limit),
    })
    .returning({ generations: aiUsage.generations });
  return row?.generations ?? null;
}

/** Gives back a generation the provider failed to deliver (time-out, 429, outage, unreadable answer). */
export async function refundGeneration(db: Db, userId: number, day: string): Promise<void> {
  await db
    .update(aiUsage)
    .set({ generations: sql`${aiUsage.generations} - 1` })
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, day), gt(aiUsage.generations, 0)));
}

export async function usedToday(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ generations: aiUsage.generations })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, usageDay())));
  return row?.generations ?? 0;
}
