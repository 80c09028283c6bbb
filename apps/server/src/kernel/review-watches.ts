import { and, asc, eq, sql } from 'drizzle-orm';
import { mergeRanges, watchedShare, type PlayedRange } from '@cutroom/domain';
import type { Db } from '../db/client.js';
import { cardVideos, mediaAssets, reviewWatches } from '../db/schema.js';

/** A version's length: its first video's, as the media pipeline probed it; null for a link elsewhere or unprobed. */
export async function versionDuration(db: Db, cardId: number, version: number): Promise<number | null> {
  const [row] = await db
    .select({ duration: sql<number | null>`(${mediaAssets.probe} ->> 'duration')::float8` })
    .from(cardVideos)
    .innerJoin(mediaAssets, eq(mediaAssets.id, cardVideos.assetId))
    .where(and(eq(cardVideos.cardId, cardId), eq(cardVideos.kind, 'done'), eq(cardVideos.version, version)))
    .orderBy(asc(cardVideos.position))
    .limit(1);
  return row?.duration ?? null;
}

const ofReviewer = (cardId: number, version: number, reviewer: string) =>
  and(eq(reviewWatches.cardId, cardId), eq(reviewWatches.videoVersion, version), eq(reviewWatches.reviewer, reviewer));

/** What a viewer has played of a version, merged; empty when they played nothing. */
export async function playedRanges(db: Db, cardId: number, version: number, reviewer: string): Promise<PlayedRange[]> {
  const [row] = await db
    .select({ ranges: reviewWatches.ranges })
    .from(reviewWatches)
    .where(ofReviewer(cardId, version, reviewer));
  return row?.ranges ?? [];
}

/** Ranges played, their share of the version and its length, as the watched calls give them. */
export const coverageOf = (ranges: PlayedRange[], duration: number | null) => ({
  ranges,
  watched: watchedShare(ranges, duration),
  duration,
});

/** What a viewer played of a version, with its share and the version's length. */
export async function coverage(db: Db, cardId: number, version: number, reviewer: string) {
  const [ranges, duration] = await Promise.all([
    playedRanges(db, cardId, version, reviewer),
    versionDuration(db, cardId, version),
  ]);
  return coverageOf(ranges, duration);
}

/**
 * Adds ranges to what the viewer played of the version, in one transaction: the stored ranges are merged
 * with the new ones under the row's lock, so two reports at once both count.
 */
export async function addPlayed(db: Db, cardId: number, version: number, reviewer: string, ranges: PlayedRange[]) {
  return db.transaction(async (tx) => {
    await tx
      .insert(reviewWatches)
      .values({ cardId, videoVersion: version, reviewer, ranges: [] })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ id: reviewWatches.id, ranges: reviewWatches.ranges })
      .from(reviewWatches)
      .where(ofReviewer(cardId, version, reviewer))
      .for('update');
    const merged = mergeRanges([...row!.ranges, ...ranges]);
    await tx.update(reviewWatches).set({ ranges: merged, updatedAt: new Date() }).where(eq(reviewWatches.id, row!.id));
    return coverageOf(merged, await versionDuration(tx, cardId, version));
  });
}
