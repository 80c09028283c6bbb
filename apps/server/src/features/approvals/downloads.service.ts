import { and, asc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { DOWNLOAD_LINK_MINUTES, DOWNLOAD_TEXT, fill } from '@cutroom/domain';
import type { downloadQuery, signedDownloadQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { cardVideos, mediaAssets } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { attachmentHeaders, fileStem } from '../../platform/download.js';
import { AppError } from '../../platform/errors.js';
import { FILE_FORMATS, formatOfKey } from '../../platform/file-types.js';
import { sendStored } from '../../platform/stored-files.js';
import { signedLinks } from '../../platform/signed-links.js';
import { loadVisibleCard } from '../../kernel/card-access.js';
import type { CardRow } from '../../kernel/card-view.js';
import { originalLocked } from '../../kernel/card-approval.js';
import { shownOutputs } from '../../kernel/media-view.js';
import { videoKeyOf } from '../media/public.js';

type DownloadQuery = z.output<typeof downloadQuery>;
/** A file to hand out: its key, the name the browser saves it under and its type. */
interface Downloadable {
  key: string;
  fileName: string;
  mime: string;
}

/** A delivered video of a version (by number, in delivery order) with its media asset; 400 when there is none. */
export async function deliveredVideo(db: Db, cardId: number, query: DownloadQuery) {
  const rows = await db
    .select({ url: cardVideos.videoUrl, asset: mediaAssets })
    .from(cardVideos)
    .leftJoin(mediaAssets, eq(mediaAssets.id, cardVideos.assetId))
    .where(and(eq(cardVideos.cardId, cardId), eq(cardVideos.kind, 'done'), eq(cardVideos.version, query.video_version)))
    .orderBy(asc(cardVideos.position), asc(cardVideos.id));
  const row = rows[query.video_number - 1];
  if (!row) {
    const words = { version: String(query.video_version + 1), number: String(query.video_number) };
    throw new AppError('VALIDATION', fill(DOWNLOAD_TEXT.noVideo, words), 'video_version');
  }
  return row;
}
export type DeliveredVideo = Awaited<ReturnType<typeof deliveredVideo>>;

/** The name a download is saved under: the card's title, the version and the file's own extension. */
const saveName = (title: string, query: DownloadQuery, suffix: string, ext: string) =>
  `${fileStem(title)}-v${query.video_version + 1}${query.video_number > 1 ? `-${query.video_number}` : ''}${suffix}${ext}`;

/** A video type by its MIME type, for a stored key without an extension (an upload page file). */
const formatOfMime = (mime: string) => Object.values(FILE_FORMATS).find((f) => f.mime === mime);

/**
 * The original as delivered: its stored file, the pipeline's copy of a link elsewhere once fetched (issue 49),
 * or null for a link elsewhere not fetched (Dropbox, Drive), which stays the place to get it.
 */
export async function originalOf(ctx: AppContext, video: DeliveredVideo, title: string, query: DownloadQuery) {
  const { asset } = video;
  const key =
    videoKeyOf(video.url, asset?.sourceKey) ?? (asset?.sourceUrl && asset.importedAt ? asset.sourceKey : null);
  if (!key) return null;
  // A portal upload's type is its key's extension; an upload page file's, its row's; a fetched link's, its name's.
  const named = formatOfKey(key) ?? (asset?.sourceUrl ? formatOfKey(new URL(asset.sourceUrl).pathname) : undefined);
  const mime = named?.mime ?? (await ctx.files.uploadType(key)) ?? 'application/octet-stream';
  const ext = (named ?? formatOfMime(mime))?.ext;
  return { key, mime, fileName: saveName(title, query, '', ext ? `.${ext}` : '') } satisfies Downloadable;
}

/** The largest review copy the pipeline made of the video, or null while there is none. */
export function reviewCopyOf(video: DeliveredVideo, title: string, query: DownloadQuery): Downloadable | null {
  const outputs = video.asset ? shownOutputs(video.asset) : null;
  // An empty list (a ready asset with no picture) has no review copy: reduce from null, never throw.
  const largest = outputs?.proxies.reduce<(typeof outputs.proxies)[number] | null>(
    (a, b) => (a && a.height >= b.height ? a : b),
    null,
  );
  if (!largest) return null;
  return { key: largest.key, mime: 'video/mp4', fileName: saveName(title, query, '-review', '.mp4') };
}

/** A watermarked guest's copy (issue 52) as a download, named as the review copy with its mark said. */
export const markedCopyFile = (key: string, title: string, query: DownloadQuery): Downloadable => ({
  key,
  mime: 'video/mp4',
  fileName: saveName(title, query, '-marked', '.mp4'),
});

const linkPayload = (file: Downloadable) => `download\n${file.key}\n${file.fileName}\n${file.mime}`;

/**
 * A short-lived link to a stored file as an attachment: S3's own signed link, else our signed download route,
 * whose signature is the right to read that one key under that name, so it works in a new tab or a download manager.
 */
export async function downloadLink(ctx: AppContext, file: Downloadable) {
  const seconds = DOWNLOAD_LINK_MINUTES * 60;
  const disposition = attachmentHeaders(file.fileName, file.mime)['content-disposition'];
  if (ctx.storage.signedGet) {
    const url = await ctx.storage.signedGet(file.key, { mime: file.mime, disposition });
    return { url, expires_at: new Date(Date.now() + seconds * 1000).toISOString() };
  }
  const signed = (await signedLinks(ctx.config)).sign(linkPayload(file), seconds);
  const parts = new URLSearchParams({ key: file.key, name: file.fileName, type: file.mime });
  return {
    url: `/api/download?${parts.toString()}&${signed.query}`,
    expires_at: new Date(signed.expires * 1000).toISOString(),
  };
}

/**
 * Refuses the original of a version to the customer's side (the customer, or a guest of theirs) while their
 * originals unlock on approval and the version's round (or the card's completion) has not approved it.
 */
export async function checkOriginalUnlocked(ctx: AppContext, row: CardRow, version: number) {
  if (await originalLocked(ctx.db, row, version))
    throw new AppError('ORIGINAL_LOCKED', fill(DOWNLOAD_TEXT.locked, { version: String(version + 1) }));
}

/** The original of a version as a short-lived link, or a link elsewhere as it is. */
export async function originalLink(ctx: AppContext, video: DeliveredVideo, title: string, query: DownloadQuery) {
  const original = await originalOf(ctx, video, title, query);
  return original ? downloadLink(ctx, original) : { url: video.url, expires_at: null };
}

/** GET /api/card/:id/download: the original of a delivered version for whoever sees the card; staff are never locked out. */
export async function cardDownload(ctx: AppContext, viewer: SessionUser, cardId: number, query: DownloadQuery) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  const video = await deliveredVideo(ctx.db, cardId, query);
  if (viewer.role === 'customer') await checkOriginalUnlocked(ctx, row, query.video_version);
  return originalLink(ctx, video, row.card.cardTitle, query);
}

/** GET /api/download: the file while its signed link lasts; a changed or spent link is not found. */
export async function sendDownload(ctx: AppContext, reply: FastifyReply, query: z.output<typeof signedDownloadQuery>) {
  const file = { key: query.key, fileName: query.name, mime: query.type };
  if (!(await signedLinks(ctx.config)).valid(linkPayload(file), query.expires, query.sig))
    throw new AppError('NOT_FOUND', DOWNLOAD_TEXT.expired);
  const disposition = attachmentHeaders(file.fileName, file.mime)['content-disposition'];
  return sendStored(reply, ctx.storage, file.key, { mime: file.mime, disposition, maxAgeS: 0 });
}
