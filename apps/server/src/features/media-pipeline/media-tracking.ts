import { createHash } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { LINK_IMPORT_PAGE_HOSTS } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { mediaAssets, mediaFiles } from '../../db/schema.js';
import { keyOfUrl } from '../media/public.js';

/**
 * The asset behind a delivered link, queued for the pipeline on first sight: the stored video a link to
 * /files/… names (absolute links count as ours, as they do for guest links: the key itself names the file),
 * or, for a link elsewhere (Dropbox, Drive, any http(s) address), a fetch of it into the customer's storage
 * first (issue 49). Null for a stored file that isn't a video, a page host, or a link that isn't a URL.
 */
export async function trackVideo(db: Db, url: string, customerId: number | null): Promise<number | null> {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://relative.invalid');
  } catch {
    return null;
  }
  const key = keyOfUrl(parsed.pathname);
  if (key) {
    const [file] = await db
      .select({ key: mediaFiles.key })
      .from(mediaFiles)
      .where(and(eq(mediaFiles.key, key), like(mediaFiles.contentType, 'video/%')))
      .limit(1);
    return file ? trackStoredVideo(db, key) : null;
  }
  if (customerId === null || !isImportable(parsed)) return null;
  return trackLinkVideo(db, parsed.href, customerId);
}

/** A link the pipeline fetches: http(s) on a named host, not a video site's page (YouTube, Vimeo play there). */
const isImportable = (url: URL) =>
  (url.protocol === 'https:' || url.protocol === 'http:') &&
  url.hostname !== 'relative.invalid' &&
  !LINK_IMPORT_PAGE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));

/**
 * A link's asset, one per customer and link (the quota charged is that customer's). A link delivered again
 * after its fetch failed (the editor fixed its sharing) is tried afresh.
 */
async function trackLinkVideo(db: Db, url: string, customerId: number): Promise<number> {
  const digest = createHash('sha256').update(url).digest('hex').slice(0, 40);
  const [asset] = await db
    .insert(mediaAssets)
    .values({ sourceKey: `imports/${customerId}/${digest}`, sourceUrl: url, ownerId: customerId })
    .onConflictDoUpdate({
      target: mediaAssets.sourceKey,
      set: {
        status: sql`case when ${mediaAssets.failedAt} is null then ${mediaAssets.status} else 'queued' end`,
        attempts: sql`case when ${mediaAssets.failedAt} is null then ${mediaAssets.attempts} else 0 end`,
        error: sql`case when ${mediaAssets.failedAt} is null then ${mediaAssets.error} else null end`,
        progress: sql`case when ${mediaAssets.failedAt} is null then ${mediaAssets.progress} else 0 end`,
        nextAttemptAt: sql`case when ${mediaAssets.failedAt} is null then ${mediaAssets.nextAttemptAt} else now() end`,
        failedAt: sql`null`,
      },
    })
    .returning({ id: mediaAssets.id });
  return asset!.id;
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
