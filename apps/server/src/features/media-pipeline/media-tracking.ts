import { and, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mediaAssets, mediaFiles } from '../../db/schema.js';
import { keyOfUrl } from '../media/public.js';

/**
 * The stored video behind a delivered link, queued for the pipeline on first sight: its asset id, or null
 * for a link elsewhere (Dropbox, Drive) or a stored file that isn't a video. Absolute links to /files/…
 * count as ours, as they do for guest links: the key itself names the file.
 */
export async function trackVideo(db: Db, url: string): Promise<number | null> {
  let key: string | null;
  try {
    key = keyOfUrl(new URL(url, 'http://relative.invalid').pathname);
  } catch {
    return null;
  }
  if (!key) return null;
  const [file] = await db
    .select({ key: mediaFiles.key })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.key, key), like(mediaFiles.contentType, 'video/%')))
    .limit(1);
  if (!file) return null;
  return trackStoredVideo(db, key);
}

/** A stored video's asset, queued on first sight; the same key always has the same asset (its outputs are shared). */
export async function trackStoredVideo(db: Db, key: string): Promise<number> {
  const [asset] = await db
    .insert(mediaAssets)
    .values({ sourceKey: key })
    .onConflictDoUpdate({ target: mediaAssets.sourceKey, set: { sourceKey: sql`excluded.source_key` } })
    .returning({ id: mediaAssets.id });
  return asset!.id;
}
