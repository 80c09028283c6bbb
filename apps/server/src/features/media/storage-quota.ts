import { and, eq, gte, isNotNull, or, sum } from 'drizzle-orm';
import { MSG, UPLOAD_ABANDONED_MS, fill, formatBytes } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { lockUser } from '../../db/locks.js';
import { customerUploads, mediaAssets, mediaFiles } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';

/**
 * An upload-page row that takes space: finished, being finished (a claim, even a dead one, until the sweep), or
 * unfinished and not yet abandoned. Canceled and refused uploads have no row.
 */
export const holdsSpace = (now: Date) =>
  or(
    eq(customerUploads.status, 'complete'),
    isNotNull(customerUploads.completedAt),
    gte(customerUploads.createdAt, new Date(now.getTime() - UPLOAD_ABANDONED_MS)),
  );

/**
 * The bytes counted against a user's STORAGE_QUOTA_MB (issue 33): their /api/media files, the files of their
 * upload-page folder and what that folder's unfinished uploads declared, and the delivery links fetched
 * for their cards (issue 49: stored, or declared while they come).
 */
export async function usedBytes(db: Db, userId: number, now = new Date()): Promise<number> {
  const [media] = await db
    .select({ n: sum(mediaFiles.bytes) })
    .from(mediaFiles)
    .where(eq(mediaFiles.ownerId, userId));
  const [uploads] = await db
    .select({ n: sum(customerUploads.bytes) })
    .from(customerUploads)
    .where(and(eq(customerUploads.customerId, userId), holdsSpace(now)));
  const [imports] = await db
    .select({ n: sum(mediaAssets.sourceBytes) })
    .from(mediaAssets)
    .where(eq(mediaAssets.ownerId, userId));
  return Number(media?.n ?? 0) + Number(uploads?.n ?? 0) + Number(imports?.n ?? 0);
}

/** The refusal of a file that doesn't fit, saying how much is left. */
export const quotaFull = (quotaBytes: number, used: number, field: string) =>
  new AppError(
    'STORAGE_QUOTA',
    fill(MSG.storageQuotaFull, { left: formatBytes(Math.max(0, quotaBytes - used)), quota: formatBytes(quotaBytes) }),
    field,
  );

/**
 * Runs `write` in a transaction holding the user's row once `bytes` more fit their quota: every writer to one
 * quota (a media file, an upload-page start) queues on that lock, so parallel ones can't pass it together.
 */
export function withinQuota<T>(
  db: Db,
  claim: { userId: number; quotaBytes: number; bytes: number; field: string },
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockUser(tx, claim.userId);
    const used = await usedBytes(tx, claim.userId);
    if (used + claim.bytes > claim.quotaBytes) throw quotaFull(claim.quotaBytes, used, claim.field);
    return write(tx);
  });
}
