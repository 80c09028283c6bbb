import { and, eq, inArray, or } from 'drizzle-orm';
import {
  MSG,
  OWN_FILE_PATTERN,
  UPLOAD_PURPOSES,
  mayEditCustomerDetails,
  type Role,
  type UploadPurpose,
} from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { lockUser } from '../../db/locks.js';
import { mediaFiles, users } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import type { SessionUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { formatOfKey } from '../../platform/file-types.js';
import { visibleUser } from '../users/public.js';

const FILES_PREFIX = '/files/';
/** The storage key behind one of our file URLs, or null for anything else. */
export const keyOfUrl = (url: string | null | undefined) =>
  url && OWN_FILE_PATTERN.test(url) ? url.slice(FILES_PREFIX.length) : null;

/**
 * The stored file behind a delivered video's link: /files/<key>, relative or under whatever origin the
 * deliverer's browser had (the key itself is the capability, as on /files). Null for a link elsewhere.
 */
export function videoKeyOf(url: string, assetKey?: string | null): string | null {
  try {
    const pathname = new URL(url, 'http://relative.invalid').pathname;
    // An upload page file delivered by upload_id (issue 49): its key is the asset's, set only by that check.
    if (assetKey && pathname === `/files/${assetKey}`) return assetKey;
    return keyOfUrl(pathname);
  } catch {
    return null;
  }
}

/**
 * The upload behind `url`, if `ownerId` uploaded it for one of `purposes`, or as a general 'media' upload
 * (spec 002 §7 names no purpose) whose bytes are of a kind those purposes take. The bytes were judged at
 * upload, so an avatar can only be an image whatever the client says about it.
 */
export async function ownUpload(
  db: Db,
  ownerId: number,
  url: string,
  purposes: readonly UploadPurpose[],
  field: string,
) {
  const key = keyOfUrl(url);
  const [file] = key
    ? await db
        .select()
        .from(mediaFiles)
        .where(
          and(
            eq(mediaFiles.key, key),
            eq(mediaFiles.ownerId, ownerId),
            inArray(mediaFiles.purpose, [...purposes, 'media']),
          ),
        )
        .limit(1)
        // Held until the caller's transaction ends: a discard of this file waits, then sees it in use.
        .for('share')
    : [];
  const kind = file && formatOfKey(file.key)?.kind;
  const fits =
    file &&
    (file.purpose !== 'media' ||
      (kind !== undefined && purposes.some((p) => (UPLOAD_PURPOSES[p].kinds as readonly string[]).includes(kind))));
  if (!file || !fits) throw new AppError('VALIDATION', MSG.uploadFileAgain, field);
  return file;
}

/** Removes an upload that nothing points to any more: its row (freeing quota) and its bytes. */
export async function discardUpload(ctx: AppContext, url: string | null | undefined) {
  const key = keyOfUrl(url);
  if (!key) return;
  const removed = await ctx.db.transaction(async (tx) => {
    // The row first: a profile save pointing at this file holds it (ownUpload) until it commits.
    const [file] = await tx
      .select({ key: mediaFiles.key })
      .from(mediaFiles)
      .where(eq(mediaFiles.key, key))
      .for('update');
    if (!file) return false;
    // Still someone's avatar or reference file (e.g. set twice, or again meanwhile): keep it.
    const [inUse] = await tx
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.profileImg, url!), eq(users.refThumbnailsFile, url!)))
      .limit(1);
    if (inUse) return false;
    await tx.delete(mediaFiles).where(eq(mediaFiles.key, key));
    return true;
  });
  if (removed) await ctx.storage.remove(key);
}

/** POST /api/user/uploadThumbnailFile: the customer's thumbnail reference file is now this upload ('' clears it). */
export async function setThumbnailFile(ctx: AppContext, viewer: SessionUser, url: string, customerId: number) {
  const target = await visibleUser(ctx.db, viewer, customerId);
  if (!mayEditCustomerDetails(viewer, { id: target.id, role: target.clientType })) throw new AppError('FORBIDDEN');
  const old = await ctx.db.transaction(async (tx) => {
    if (url) await ownUpload(tx, viewer.id, url, ['thumbnail'], 'ref_thumbnails_file');
    await lockUser(tx, customerId);
    const [current] = await tx.select({ file: users.refThumbnailsFile }).from(users).where(eq(users.id, customerId));
    await tx
      .update(users)
      .set({ refThumbnailsFile: url || null, updatedAt: new Date() })
      .where(eq(users.id, customerId));
    return current?.file;
  });
  if (old !== url) await discardUpload(ctx, old);
  return { message: MSG.fileUpdated, ref_thumbnails_file: url || null };
}

/**
 * POST /api/delete/media: removes an avatar or thumbnail reference file and clears what pointed at it.
 * Its uploader may, and whoever may edit the profile that holds it; anyone else gets 404.
 */
export async function deleteProfileFile(ctx: AppContext, viewer: SessionUser, url: string) {
  const key = keyOfUrl(url);
  const [file] = key ? await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.key, key)).limit(1) : [];
  if (!file) throw new AppError('NOT_FOUND');
  const holders = await ctx.db
    .select({ id: users.id, role: users.clientType })
    .from(users)
    .where(or(eq(users.profileImg, url), eq(users.refThumbnailsFile, url)));
  const mayEdit = (h: { id: number; role: Role }) => h.id === viewer.id || mayEditCustomerDetails(viewer, h);
  if (file.ownerId !== viewer.id && !holders.some(mayEdit)) throw new AppError('NOT_FOUND');
  // A general upload made someone's avatar (the spec's purpose-less upload) is a profile file too.
  if (file.purpose !== 'avatar' && file.purpose !== 'thumbnail' && holders.length === 0)
    throw new AppError('VALIDATION', MSG.profileFileOnly, 'url');
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ profileImg: null }).where(eq(users.profileImg, url));
    await tx.update(users).set({ refThumbnailsFile: null }).where(eq(users.refThumbnailsFile, url));
  });
  await discardUpload(ctx, url);
  return { message: MSG.fileRemoved };
}
