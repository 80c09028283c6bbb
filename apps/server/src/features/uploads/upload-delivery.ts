import { and, eq } from 'drizzle-orm';
import { MSG } from '@cutroom/domain';
import type { Tx } from '../../db/client.js';
import { cardVideos, cards, customerUploads, mediaAssets } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { isVideoMime } from '../../platform/file-types.js';
import { fileUrl } from '../../platform/storage.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';
import { trackStoredVideo } from '../media-pipeline/public.js';
import { mayReadUploadedFile } from './uploads.service.js';

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

/**
 * The finished upload behind /files/<key>, if the caller may read it there: they reach its folder, or see a
 * card that delivers it (its asset, set only by a checked `upload_id`: a link typed to someone else's key
 * grants nothing). Null otherwise, as for a key that doesn't exist.
 */
export async function readableUpload(ctx: AppContext, viewer: SessionUser, key: string) {
  const [row] = await ctx.db
    .select({ contentType: customerUploads.contentType })
    .from(customerUploads)
    .where(and(eq(customerUploads.key, key), eq(customerUploads.status, 'complete')))
    .limit(1);
  if (!row) return null;
  if (await mayReadUploadedFile(ctx, viewer, key)) return row;
  const [card] = await ctx.db
    .select({ id: cards.id })
    .from(cards)
    .innerJoin(cardVideos, eq(cardVideos.cardId, cards.id))
    .innerJoin(mediaAssets, eq(mediaAssets.id, cardVideos.assetId))
    .where(and(eq(mediaAssets.sourceKey, key), visibleCardsWhere(viewer)))
    .limit(1);
  return card ? row : null;
}

/** The stored type of a finished upload's key (read through a signed link on the files origin), or null. */
export async function finishedUploadType(ctx: AppContext, key: string) {
  const [row] = await ctx.db
    .select({ contentType: customerUploads.contentType })
    .from(customerUploads)
    .where(and(eq(customerUploads.key, key), eq(customerUploads.status, 'complete')))
    .limit(1);
  return row?.contentType ?? null;
}

/** Uploads' part of ctx.files (platform/stored-files.ts): who reads an upload page file, and as which type. */
export const uploadFileReaders = (ctx: AppContext) => ({
  uploadFor: async (viewer: SessionUser, key: string) => (await readableUpload(ctx, viewer, key))?.contentType ?? null,
  uploadFolderHolds: (viewer: SessionUser, key: string) => mayReadUploadedFile(ctx, viewer, key),
  uploadType: (key: string) => finishedUploadType(ctx, key),
});
