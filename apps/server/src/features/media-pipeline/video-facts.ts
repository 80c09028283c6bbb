import { and, asc, eq } from 'drizzle-orm';
import { versionKey, type Rate, type VersionMapOf } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { cardVideos, mediaAssets } from '../../db/schema.js';

/** What the media pipeline knows of one of a card's videos, for timing notes and markers. */
export interface VideoFacts {
  /** The longest of its deliveries (every version and kind): a note may name any moment of any of them. */
  duration: number | null;
  /** The frame rate of its newest delivery that the pipeline has probed. */
  rate: Rate | null;
}

/**
 * The facts of video `number` (the tab a note names, 1 first, counted in each version by position), or of
 * all the card's videos when the note names none. Links outside our storage have none: null and null.
 */
export async function videoFacts(
  db: Db,
  cardId: number,
  number: number | null,
  /** Only this delivered version (0 first), when given. */
  version?: number,
): Promise<VideoFacts> {
  const rows = await db
    .select({ kind: cardVideos.kind, version: cardVideos.version, probe: mediaAssets.probe })
    .from(cardVideos)
    .leftJoin(mediaAssets, eq(mediaAssets.id, cardVideos.assetId))
    .where(eq(cardVideos.cardId, cardId))
    .orderBy(asc(cardVideos.version), asc(cardVideos.position), asc(cardVideos.id));
  const seen = new Map<string, number>();
  let duration: number | null = null;
  let rate: Rate | null = null;
  for (const row of rows) {
    const group = `${row.kind}-${row.version}`;
    const position = (seen.get(group) ?? 0) + 1;
    seen.set(group, position);
    if ((number !== null && number > 0 && position !== number) || !row.probe) continue;
    if (version !== undefined && (row.kind !== 'done' || row.version !== version)) continue;
    duration = Math.max(duration ?? 0, row.probe.duration);
    // Rows come oldest version first, so the last probed one is the newest delivery.
    rate = { num: row.probe.fpsNum, den: row.probe.fpsDen };
  }
  return { duration, rate };
}

/** The card's delivered versions and when each video of them came, as the domain's versionOfNote reads them. */
export async function deliveredVersions(db: Db, cardId: number): Promise<VersionMapOf<{ created_at: string }>> {
  const rows = await db
    .select({ version: cardVideos.version, createdAt: cardVideos.createdAt })
    .from(cardVideos)
    .where(and(eq(cardVideos.cardId, cardId), eq(cardVideos.kind, 'done')));
  const map: VersionMapOf<{ created_at: string }> = {};
  for (const row of rows) (map[versionKey(row.version)] ??= []).push({ created_at: row.createdAt.toISOString() });
  return map;
}
