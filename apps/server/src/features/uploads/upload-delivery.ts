import { and, eq } from 'drizzle-orm';
import { MSG } from '@cutroom/domain';
import type { Tx } from '../../db/client.js';
import { customerUploads } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { isVideoMime } from '../../platform/file-types.js';
import { fileUrl } from '../../platform/storage.js';
import { trackStoredVideo } from '../media-pipeline/public.js';

/**
 * A finished video upload of the card's customer, delivered to the card instead of a link (issue 49): the
 * link the card stores (our storage's URL of its key, absolute on PUBLIC_URL so it passes as a link when sent
 * back, e.g. as the done move's done_link) and its media asset, queued for the pipeline on first
 * sight. Anything else — unknown, unfinished, another customer's, not a video — is a 400 naming upload_id.
 * The row is locked FOR SHARE until the caller's transaction ends, so it can't be deleted or changed
 * between this check and the card's write.
 */
export async function deliverableUpload(tx: Tx, publicUrl: string, uploadId: number, customerId: number) {
  const [row] = await tx
    .select({ key: customerUploads.key, contentType: customerUploads.contentType })
    .from(customerUploads)
    .where(
      and(
        eq(customerUploads.id, uploadId),
        eq(customerUploads.customerId, customerId),
        eq(customerUploads.status, 'complete'),
      ),
    )
    .limit(1)
    .for('share');
  if (!row || !isVideoMime(row.contentType)) throw new AppError('VALIDATION', MSG.uploadNotDeliverable, 'upload_id');
  return { url: publicUrl + fileUrl(row.key), key: row.key, assetId: await trackStoredVideo(tx, row.key) };
}
