import { and, eq } from 'drizzle-orm';
import { MEDIA_FAILURE, MEDIA_MAX_ATTEMPTS, fill, formatBytes } from '@cutroom/domain';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { lockUser } from '../../db/locks.js';
import { mediaAssets } from '../../db/schema.js';
import { ownOrigins, type Guard } from '../../platform/outbound-guard.js';
import type { Storage } from '../../platform/storage.js';
import { usedBytes } from '../media/public.js';
import { ToolStopped } from './ffmpeg.js';
import { LinkUnreachable, importLink } from './link-import.js';
import { MediaFailure } from './media-failure.js';

/** How delivery links are fetched: the guard, this server's origins, UPLOAD_MAX_MB and the quota. */
export interface LinkImportSettings {
  guard: Guard;
  ownOrigins: string[];
  maxBytes: number;
  quotaBytes: number;
  /** No byte for this long ends a fetch. */
  stallMs: number;
}

export const linkImportSettings = (config: Config): LinkImportSettings => ({
  guard: { allowLoopback: config.media.linkImportAllowLoopback, ownPort: config.port },
  ownOrigins: ownOrigins(config),
  maxBytes: config.uploads.maxBytes,
  quotaBytes: config.storageQuotaBytes,
  stallMs: 60_000,
});

type AssetRow = typeof mediaAssets.$inferSelect;

/** Why a connection failed, in words (a DNS miss, a refusal, a reset), for the last try's sentence. */
function networkDetail(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return "its address doesn't resolve";
  if (code === 'ECONNREFUSED') return 'its server refused the connection';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'its server closed the connection';
  if (code === 'ETIMEDOUT') return 'its server did not answer';
  if (e instanceof LinkUnreachable) return e.message;
  return 'the connection failed';
}

/**
 * Fetches an asset's delivery link into its source key, once (issue 49); afterwards the job goes on as for
 * any stored video. The bytes count against the card's customer's quota from the moment their size is known.
 * A failure leaves nothing stored or counted; a network failure is retried, and says so after the last try.
 */
export async function fetchLinkSource(
  ctx: { db: Db; storage: Storage; linkImport: LinkImportSettings },
  row: AssetRow,
  attempt: number,
  signal: AbortSignal,
  onProgress: (percent: number) => void,
): Promise<void> {
  if (row.sourceUrl === null || row.importedAt !== null) return;
  const { db, storage, linkImport: settings } = ctx;
  const mine = and(eq(mediaAssets.id, row.id), eq(mediaAssets.attempts, attempt));
  const owner = row.ownerId;
  const quotaFailure = (size: number | null, used: number) =>
    new MediaFailure(
      fill(MEDIA_FAILURE.linkQuota, {
        size: size === null ? 'size unknown' : formatBytes(size),
        left: formatBytes(Math.max(0, settings.quotaBytes - used)),
        quota: formatBytes(settings.quotaBytes),
      }),
    );
  // Under the owner's lock, as every writer to one quota: two fetches can't both take the last room.
  let usedByOthers = 0;
  const claim = (bytes: number | null) =>
    db.transaction(async (tx) => {
      if (owner === null) return settings.maxBytes;
      await lockUser(tx, owner);
      await tx.update(mediaAssets).set({ sourceBytes: null }).where(eq(mediaAssets.id, row.id));
      usedByOthers = await usedBytes(tx, owner);
      if ((bytes ?? 1) + usedByOthers > settings.quotaBytes) throw quotaFailure(bytes, usedByOthers);
      if (bytes !== null) await tx.update(mediaAssets).set({ sourceBytes: bytes }).where(mine);
      return settings.quotaBytes - usedByOthers;
    });

  // A killed attempt may have left part of the file.
  await storage.remove(row.sourceKey);
  try {
    const { bytes } = await importLink({
      link: row.sourceUrl,
      key: row.sourceKey,
      storage,
      guard: settings.guard,
      ownOrigins: settings.ownOrigins,
      maxBytes: settings.maxBytes,
      reserve: claim,
      overQuota: (bytes) => quotaFailure(bytes, usedByOthers),
      signal,
      onProgress,
      stallMs: settings.stallMs,
    });
    // A size learnt only at the end is checked, and counted, now.
    await claim(bytes);
    await db.update(mediaAssets).set({ importedAt: new Date(), sourceBytes: bytes }).where(mine);
  } catch (e) {
    await storage.remove(row.sourceKey).catch(() => {});
    await db.update(mediaAssets).set({ sourceBytes: null }).where(mine);
    if (signal.aborted) throw signal.reason;
    if (e instanceof MediaFailure || e instanceof ToolStopped) throw e;
    if (attempt >= MEDIA_MAX_ATTEMPTS)
      throw new MediaFailure(
        fill(MEDIA_FAILURE.linkUnreachable, { detail: networkDetail(e), attempts: String(attempt) }),
      );
    throw e;
  }
}
