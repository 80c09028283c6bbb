import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  bareType,
  fill,
  formatBytes,
  MSG,
  partBytes,
  TABLE_PAGE_SIZE,
  typeAllowed,
  typedFileName,
  UPLOAD_ABANDONED_MS,
  UPLOAD_DOWNLOAD_SECONDS,
  UPLOAD_MSG,
  UPLOAD_PART_URL_SECONDS,
  uploadFileName,
  uploadFileStem,
  uploadPartPlan,
} from '@cutroom/domain';
import type {
  UploadedFile,
  completeUploadBody,
  listUploadsQuery,
  startUploadBody,
  uploadFoldersQuery,
} from '@cutroom/domain/schemas';
import { cards, customerUploads, mediaAssets, users } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import type { SessionUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { FILE_FORMATS, SNIFF_BYTES, isVideoMime, sniffFormats } from '../../platform/file-types.js';
import { PartTooLarge, type MultipartStore } from '../../platform/storage-multipart.js';
import { likeTerm, nameOrEmail, profileUsersWhere } from '../users/public.js';
import { holdsSpace, withinQuota } from '../media/public.js';
import { trackStoredVideo } from '../media-pipeline/public.js';
import { toMediaView } from '../../kernel/media-view.js';
import type { SignedLinks } from '../../platform/signed-links.js';

type UploadRow = typeof customerUploads.$inferSelect;

export interface UploadsDeps {
  ctx: AppContext;
  store: MultipartStore;
  links: SignedLinks;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Any failure of the storage service that isn't ours to explain: logged, answered in words, never a 5xx. */
async function stored<T>(deps: UploadsDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof AppError) throw e;
    deps.log.warn({ err: e }, 'upload storage call failed');
    throw new AppError('FILE_REFUSED', UPLOAD_MSG.uploadStorageDown);
  }
}

/**
 * Whose folders a caller may reach: admin every customer, staff the customers they may open (the
 * customers list's rule), an editor also the customers of cards assigned to them (their raw footage),
 * a customer their own.
 */
function foldersWhere(viewer: SessionUser) {
  const seen = profileUsersWhere(viewer);
  if (viewer.role !== 'editor') return seen;
  return or(
    seen,
    inArray(users.id, sql`(select ${cards.clientId} from ${cards} where ${cards.assignedTo} = ${viewer.id})`),
  );
}
const liveCustomer = and(eq(users.clientType, 'customer'), eq(users.isDeleted, false));

/** The customer's folder if the caller may reach it (404 otherwise, DESIGN §3). */
async function assertFolder(ctx: AppContext, viewer: SessionUser, customerId: number) {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, customerId), liveCustomer, foldersWhere(viewer)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
}

/** Whether a finished upload page file with this storage key lies in a folder the caller may reach. */
export async function mayReadUploadedFile(ctx: AppContext, viewer: SessionUser, key: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: customerUploads.id })
    .from(customerUploads)
    .innerJoin(users, eq(users.id, customerUploads.customerId))
    .where(
      and(eq(customerUploads.key, key), eq(customerUploads.status, 'complete'), liveCustomer, foldersWhere(viewer)),
    )
    .limit(1);
  return Boolean(row);
}

/** The folders the upload page's picker offers, searched by name or email. */
export async function uploadFolders(ctx: AppContext, viewer: SessionUser, query: z.output<typeof uploadFoldersQuery>) {
  const term = likeTerm(query.search);
  const rows = await ctx.db
    .select({ client_id: users.id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(and(liveCustomer, foldersWhere(viewer), term ? nameOrEmail(term) : undefined))
    .orderBy(users.firstname, users.lastname, users.id)
    .limit(query.limit);
  return { customers: rows.map((r) => ({ client_id: r.client_id, fullname: `${r.firstname} ${r.lastname}`.trim() })) };
}

/** An upload in a folder the caller may reach. */
async function visibleUpload(ctx: AppContext, viewer: SessionUser, id: number): Promise<UploadRow> {
  const [row] = await ctx.db.select().from(customerUploads).where(eq(customerUploads.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  await assertFolder(ctx, viewer, row.customerId);
  return row;
}

async function pendingUpload(ctx: AppContext, viewer: SessionUser, id: number) {
  const row = await visibleUpload(ctx, viewer, id);
  if (row.status !== 'pending' || !row.storageUploadId || !row.partSize)
    throw new AppError('VALIDATION', UPLOAD_MSG.uploadFinished);
  return { ...row, storageUploadId: row.storageUploadId, partSize: row.partSize };
}

/** An unfinished upload that may still go on: an abandoned one no longer counts against the quota (issue 33). */
async function liveUpload(ctx: AppContext, viewer: SessionUser, id: number) {
  const row = await pendingUpload(ctx, viewer, id);
  if (!row.completedAt && row.createdAt.getTime() < Date.now() - UPLOAD_ABANDONED_MS)
    throw new AppError('VALIDATION', UPLOAD_MSG.uploadAbandoned);
  return row;
}

const planOf = (row: { bytes: number; partSize: number }) => ({
  partSize: row.partSize,
  partCount: Math.max(1, Math.ceil(row.bytes / row.partSize)),
});

function assertPartNumbers(numbers: number[], partCount: number) {
  if (numbers.some((n) => n > partCount))
    throw new AppError(
      'VALIDATION',
      fill(UPLOAD_MSG.uploadPartOutOfRange, { count: String(partCount) }),
      'part_numbers',
    );
}

/**
 * POST /api/uploads: checks size, declared type and the customer's storage quota, names the file (spec 002 §5)
 * and opens the upload. The declared size counts against the quota from here on (issue 33).
 */
export async function startUpload(deps: UploadsDeps, viewer: SessionUser, body: z.output<typeof startUploadBody>) {
  const { ctx, store } = deps;
  const limits = ctx.config.uploads;
  await assertFolder(ctx, viewer, body.customer_id);
  if (body.size > limits.maxBytes)
    throw new AppError(
      'VALIDATION',
      fill(UPLOAD_MSG.uploadTooLarge, { size: formatBytes(limits.maxBytes), got: formatBytes(body.size) }),
      'size',
    );
  // A browser that doesn't know a type (.mxf, .ts) sends none or octet-stream: the bytes decide at complete.
  if (!UNDECLARED.has(bareType(body.content_type)) && !typeAllowed(body.content_type, limits.types))
    throw new AppError(
      'VALIDATION',
      fill(UPLOAD_MSG.uploadTypeRefused, { type: body.content_type.slice(0, 60), types: limits.types.join(', ') }),
      'content_type',
    );
  const plan = uploadPartPlan(body.size);
  const quota = { userId: body.customer_id, quotaBytes: ctx.config.storageQuotaBytes, bytes: body.size, field: 'size' };
  const created = await withinQuota(ctx.db, quota, async (tx) => {
    // The name carries the time to the millisecond; two same-named files in one millisecond take the next.
    for (let at = Date.now(), tries = 0; tries < 20; at++, tries++) {
      const fileName = uploadFileName(body.file_name, new Date(at));
      const [row] = await tx
        .insert(customerUploads)
        .values({
          customerId: body.customer_id,
          // No extension: the sender's may lie, and the bytes decide the name's at complete.
          key: `uploads/${body.customer_id}/${uploadFileStem(fileName)}`,
          fileName,
          bytes: body.size,
          contentType: body.content_type.toLowerCase().slice(0, 200),
          uploadedBy: viewer.id,
          partSize: plan.partSize,
        })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
    }
    throw new AppError('BUSY');
  });
  const storageUploadId = await stored(deps, () => store.start(created.key)).catch(async (e: unknown) => {
    await ctx.db.delete(customerUploads).where(eq(customerUploads.id, created.id));
    throw e;
  });
  await ctx.db.update(customerUploads).set({ storageUploadId }).where(eq(customerUploads.id, created.id));
  return {
    upload_id: created.id,
    key: created.key,
    file_name: created.fileName,
    part_size: plan.partSize,
    part_count: plan.partCount,
  };
}

const partPayload = (id: number, n: number, userId: number) => `part:${id}:${n}:${userId}`;
const filePayload = (id: number) => `file:${id}`;

/** POST /api/uploads/:id/part-urls: presigned S3 part URLs, or signed URLs of our own part route. */
export async function partUrls(deps: UploadsDeps, viewer: SessionUser, id: number, numbers: number[]) {
  const { ctx, store, links } = deps;
  const row = await liveUpload(ctx, viewer, id);
  assertPartNumbers(numbers, planOf(row).partCount);
  const expiresAt = new Date(Date.now() + UPLOAD_PART_URL_SECONDS * 1000).toISOString();
  const unique = [...new Set(numbers)];
  const urls = await stored(deps, () =>
    Promise.all(
      unique.map(async (n) => ({
        part_number: n,
        url: store.presignPart
          ? await store.presignPart(row.key, row.storageUploadId, n, UPLOAD_PART_URL_SECONDS)
          : `/api/uploads/${id}/parts/${n}?${links.sign(partPayload(id, n, viewer.id), UPLOAD_PART_URL_SECONDS).query}`,
        expires_at: expiresAt,
      })),
    ),
  );
  return { urls };
}

/** PUT /api/uploads/:id/parts/:n (local disk): the signed URL and the session both have to agree. */
export async function putPart(
  deps: UploadsDeps,
  viewer: SessionUser,
  input: { id: number; n: number; expires: number; sig: string; body: unknown },
) {
  const { ctx, store, links } = deps;
  const row = await liveUpload(ctx, viewer, input.id);
  if (!store.writePart) throw new AppError('NOT_FOUND');
  if (!links.valid(partPayload(input.id, input.n, viewer.id), input.expires, input.sig))
    throw new AppError('FORBIDDEN', UPLOAD_MSG.uploadLinkInvalid);
  const plan = planOf(row);
  assertPartNumbers([input.n], plan.partCount);
  const body = input.body as Readable | undefined;
  if (!body || typeof body.pipe !== 'function') throw new AppError('VALIDATION', UPLOAD_MSG.uploadSendBytes, 'body');
  const expected = partBytes(plan, row.bytes, input.n);
  const wrongSize = (got: string) =>
    new AppError(
      'VALIDATION',
      fill(UPLOAD_MSG.uploadPartWrongSize, { n: String(input.n), bytes: String(expected), got }),
      'body',
    );
  const part = await store.writePart(row.storageUploadId, input.n, body, expected).catch((e: unknown) => {
    if (e instanceof PartTooLarge) {
      body.resume();
      throw wrongSize(`more`);
    }
    // A body that ends mid-part is the sender's dropped connection.
    if (body.errored || (e as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE')
      throw new AppError('FILE_REFUSED', MSG.uploadInterrupted, 'body');
    throw e;
  });
  // A short part stays stored but counts as missing: the resume list leaves it out and complete refuses it.
  if (part.size !== expected) throw wrongSize(String(part.size));
  return { part_number: part.partNumber, size: part.size, etag: part.etag };
}

/** GET /api/uploads/:id/parts: what the storage holds, so a resumed upload sends only the rest. */
export async function storedParts(deps: UploadsDeps, viewer: SessionUser, id: number) {
  const { ctx, store } = deps;
  const row = await liveUpload(ctx, viewer, id);
  const plan = planOf(row);
  const parts = await stored(deps, () => store.listParts(row.key, row.storageUploadId));
  return {
    upload_id: row.id,
    size: row.bytes,
    part_size: plan.partSize,
    part_count: plan.partCount,
    parts:
      parts
        ?.filter((p) => p.partNumber <= plan.partCount && p.size === partBytes(plan, row.bytes, p.partNumber))
        .map((p) => ({ part_number: p.partNumber, size: p.size, etag: p.etag })) ?? null,
  };
}

/** PDF and ZIP: the upload page takes them, but /files never serves them, so FILE_FORMATS leaves them out. */
const PDF = { mime: 'application/pdf', ext: 'pdf' };
const ZIP = { mime: 'application/zip', ext: 'zip' };

/** What a browser declares for a file whose type it doesn't know. */
const UNDECLARED = new Set(['', 'application/octet-stream']);

/** The format of a file's first bytes that the upload page takes, or null (the formats the portal tells apart). */
function allowedFormatOf(head: Buffer, allowed: readonly string[]): { mime: string; ext: string } | null {
  const candidates: { mime: string; ext: string }[] = sniffFormats(head).map((name) => FILE_FORMATS[name]);
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') candidates.push(PDF);
  if (
    head.length >= 4 &&
    head[0] === 0x50 &&
    head[1] === 0x4b &&
    [0x0304, 0x0506, 0x0708].includes(head.readUInt16BE(2))
  )
    candidates.push(ZIP);
  return candidates.find((format) => typeAllowed(format.mime, allowed)) ?? null;
}

/**
 * How long a complete's claim on an upload holds: joining and checking a 5 GiB file ends well inside it, and
 * the claim of an instance that died while joining runs out.
 */
export const COMPLETE_CLAIM_MS = 15 * 60_000;

/** A pending upload no complete holds now: its claim (completed_at while pending) is absent or ran out. */
const unclaimed = (now: Date) =>
  or(
    isNull(customerUploads.completedAt),
    lte(customerUploads.completedAt, new Date(now.getTime() - COMPLETE_CLAIM_MS)),
  );

/**
 * Takes the upload for one complete, on any instance: a second complete, or a cancel, meanwhile gets a 409.
 * In the row, not in memory, as two instances behind a balancer can each be asked to complete it.
 */
async function claimCompletion(ctx: AppContext, id: number) {
  const now = new Date();
  const [claimed] = await ctx.db
    .update(customerUploads)
    .set({ completedAt: now })
    .where(and(eq(customerUploads.id, id), eq(customerUploads.status, 'pending'), unclaimed(now), holdsSpace(now)))
    .returning({ id: customerUploads.id });
  if (!claimed) throw new AppError('STALE_MOVE', UPLOAD_MSG.uploadBusy);
}

/** Lets the upload be completed (its parts sent again) or canceled after a complete that did not finish. */
const releaseCompletion = (ctx: AppContext, id: number) =>
  ctx.db
    .update(customerUploads)
    .set({ completedAt: null })
    .where(and(eq(customerUploads.id, id), eq(customerUploads.status, 'pending')));

/**
 * POST /api/uploads/:id/complete: joins the parts, then checks what was stored. A wrong total or a
 * type the bytes don't bear out deletes the file and the upload (400); a missing part leaves the upload
 * open for the part to be sent again.
 */
export async function completeUpload(
  deps: UploadsDeps,
  viewer: SessionUser,
  id: number,
  body: z.output<typeof completeUploadBody>,
) {
  const { ctx, store } = deps;
  const row = await liveUpload(ctx, viewer, id);
  const plan = planOf(row);
  const numbers = body.parts.map((p) => p.part_number).sort((a, b) => a - b);
  if (numbers.length !== plan.partCount || numbers.some((n, i) => n !== i + 1))
    throw new AppError(
      'VALIDATION',
      fill(UPLOAD_MSG.uploadPartsIncomplete, { count: String(plan.partCount) }),
      'parts',
    );
  await claimCompletion(ctx, id);
  let finished = false;
  try {
    const parts = body.parts.map((p) => ({ partNumber: p.part_number, etag: p.etag.replace(/"/g, '') }));
    if (store.kind === 'local') await assertLocalParts(deps, row, plan, parts);
    await stored(deps, () => store.complete(row.key, row.storageUploadId, parts)).catch((e: unknown) => {
      const name = (e as { name?: string }).name;
      // S3: an ETag that isn't the stored part's, or a part too small: the upload stays open to fix it.
      if (name === 'InvalidPart' || name === 'InvalidPartOrder' || name === 'EntityTooSmall')
        throw new AppError('VALIDATION', fill(UPLOAD_MSG.uploadPartMissing, { n: '?' }), 'parts');
      throw e;
    });
    const discard = async (error: AppError): Promise<never> => {
      await stored(deps, () => store.remove(row.key)).catch(() => {});
      await ctx.db.delete(customerUploads).where(eq(customerUploads.id, row.id));
      finished = true;
      throw error;
    };
    const size = await stored(deps, () => store.size(row.key));
    if (size !== row.bytes)
      await discard(
        new AppError(
          'VALIDATION',
          fill(UPLOAD_MSG.uploadSizeMismatch, { got: String(size ?? 0), size: String(row.bytes) }),
          'parts',
        ),
      );
    const head = await stored(deps, () => store.head(row.key, SNIFF_BYTES));
    const format = allowedFormatOf(head, ctx.config.uploads.types);
    if (!format)
      return await discard(
        new AppError(
          'VALIDATION',
          fill(UPLOAD_MSG.uploadContentRefused, { types: ctx.config.uploads.types.join(', ') }),
          'content_type',
        ),
      );
    const [done] = await ctx.db
      .update(customerUploads)
      .set({
        status: 'complete',
        contentType: format.mime,
        // Named by the detected type, as /api/media names its keys: a PNG sent as x.html downloads as x-….png.
        fileName: typedFileName(row.fileName, format.ext),
        completedAt: new Date(),
        storageUploadId: null,
      })
      .where(and(eq(customerUploads.id, row.id), eq(customerUploads.status, 'pending')))
      .returning();
    if (!done) throw new AppError('VALIDATION', UPLOAD_MSG.uploadFinished);
    finished = true;
    // A video goes through the media pipeline, so the upload page can show its poster and play its proxy.
    if (isVideoMime(format.mime)) await trackStoredVideo(ctx.db, done.key);
    return { message: MSG.uploadComplete, file: (await filesByIds(ctx, [done.id]))[0]! };
  } finally {
    if (!finished) await releaseCompletion(ctx, id);
  }
}

/** Local disk: every part is there, the size it must be, and the copy the browser names (its ETag). */
async function assertLocalParts(
  deps: UploadsDeps,
  row: UploadRow & { storageUploadId: string },
  plan: { partSize: number; partCount: number },
  parts: { partNumber: number; etag: string }[],
) {
  const held = new Map(
    ((await stored(deps, () => deps.store.listParts(row.key, row.storageUploadId))) ?? []).map((p) => [
      p.partNumber,
      p,
    ]),
  );
  for (const part of parts) {
    const have = held.get(part.partNumber);
    if (!have || have.etag !== part.etag || have.size !== partBytes(plan, row.bytes, part.partNumber))
      throw new AppError('VALIDATION', fill(UPLOAD_MSG.uploadPartMissing, { n: String(part.partNumber) }), 'parts');
  }
}

/** DELETE /api/uploads/:id: cancels an unfinished upload and drops its parts. */
export async function cancelUpload(deps: UploadsDeps, viewer: SessionUser, id: number) {
  const { ctx, store } = deps;
  const row = await pendingUpload(ctx, viewer, id);
  const [gone] = await ctx.db
    .delete(customerUploads)
    .where(and(eq(customerUploads.id, id), eq(customerUploads.status, 'pending'), unclaimed(new Date())))
    .returning({ id: customerUploads.id });
  if (!gone) {
    const [now] = await ctx.db
      .select({ status: customerUploads.status })
      .from(customerUploads)
      .where(eq(customerUploads.id, id));
    throw now?.status === 'pending'
      ? new AppError('STALE_MOVE', UPLOAD_MSG.uploadBusy)
      : new AppError('VALIDATION', UPLOAD_MSG.uploadFinished);
  }
  await stored(deps, () => store.abort(row.key, row.storageUploadId)).catch(() => {});
  return { message: MSG.uploadCanceled };
}

const fileColumns = {
  id: customerUploads.id,
  customerId: customerUploads.customerId,
  fileName: customerUploads.fileName,
  key: customerUploads.key,
  bytes: customerUploads.bytes,
  contentType: customerUploads.contentType,
  createdAt: customerUploads.createdAt,
  firstname: users.firstname,
  lastname: users.lastname,
};
type FileRow = { [K in keyof typeof fileColumns]: (typeof fileColumns)[K]['_']['data'] | null };

type AssetRow = typeof mediaAssets.$inferSelect;

const toFile = (r: FileRow, assets: Map<string, AssetRow>): UploadedFile => ({
  id: r.id!,
  customer_id: r.customerId!,
  file_name: r.fileName!,
  key: r.key!,
  bytes: r.bytes!,
  content_type: r.contentType!,
  uploaded_by: r.firstname === null ? null : `${r.firstname} ${r.lastname ?? ''}`.trim(),
  created_at: r.createdAt!.toISOString(),
  media: assets.has(r.key!) ? toMediaView(assets.get(r.key!)!) : null,
});

/** The files with their videos' pipeline state, read in one query for the page. */
async function withMedia(ctx: AppContext, rows: FileRow[]): Promise<UploadedFile[]> {
  const keys = rows.filter((r) => isVideoMime(r.contentType)).map((r) => r.key!);
  const assets =
    keys.length === 0 ? [] : await ctx.db.select().from(mediaAssets).where(inArray(mediaAssets.sourceKey, keys));
  const byKey = new Map(assets.map((a) => [a.sourceKey, a]));
  return rows.map((r) => toFile(r, byKey));
}

async function filesByIds(ctx: AppContext, ids: number[]) {
  const rows = await ctx.db
    .select(fileColumns)
    .from(customerUploads)
    .leftJoin(users, eq(users.id, customerUploads.uploadedBy))
    .where(sql`${customerUploads.id} in ${ids}`);
  return withMedia(ctx, rows);
}

/** GET /api/uploads: a folder's finished files, newest first, 10 a page (spec 002 §9). */
export async function listUploads(
  ctx: AppContext,
  viewer: SessionUser,
  query: z.output<typeof listUploadsQuery>,
  zone: string,
) {
  const customerId = query.customer_id ?? (viewer.role === 'customer' ? viewer.id : undefined);
  if (customerId === undefined) throw new AppError('VALIDATION', MSG.uploadPickCustomer, 'customer_id');
  await assertFolder(ctx, viewer, customerId);
  // Names are stored with hyphens for spaces, so 'my video' finds 'my-video-….mp4'.
  const term = likeTerm(query.search);
  const hyphened = likeTerm(query.search?.replace(/\s+/g, '-'));
  const where = and(
    eq(customerUploads.customerId, customerId),
    eq(customerUploads.status, 'complete'),
    term && hyphened ? or(ilike(customerUploads.fileName, term), ilike(customerUploads.fileName, hyphened)) : undefined,
    query.start_date
      ? gte(customerUploads.createdAt, sql`(${query.start_date}::date::timestamp at time zone ${zone})`)
      : undefined,
    query.end_date
      ? lt(customerUploads.createdAt, sql`((${query.end_date}::date + 1)::timestamp at time zone ${zone})`)
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(fileColumns)
      .from(customerUploads)
      .leftJoin(users, eq(users.id, customerUploads.uploadedBy))
      .where(where)
      .orderBy(desc(customerUploads.createdAt), desc(customerUploads.id))
      .limit(TABLE_PAGE_SIZE)
      .offset((query.page - 1) * TABLE_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(customerUploads).where(where),
  ]);
  return {
    files: await withMedia(ctx, rows),
    count: total?.n ?? 0,
    page: query.page,
    page_size: TABLE_PAGE_SIZE as typeof TABLE_PAGE_SIZE,
  };
}

/** GET /api/uploads/:id/download: a link valid 15 minutes (S3 presigned, or our own signed file route). */
export async function downloadLink(deps: UploadsDeps, viewer: SessionUser, id: number) {
  const { ctx, store, links } = deps;
  const row = await visibleUpload(ctx, viewer, id);
  if (row.status !== 'complete') throw new AppError('NOT_FOUND');
  const expiresAt = new Date(Date.now() + UPLOAD_DOWNLOAD_SECONDS * 1000).toISOString();
  const url = store.signedDownload
    ? await stored(deps, () =>
        store.signedDownload!(row.key, row.fileName, downloadType(row.contentType), UPLOAD_DOWNLOAD_SECONDS),
      )
    : `/api/uploads/${id}/file?${links.sign(filePayload(id), UPLOAD_DOWNLOAD_SECONDS).query}`;
  return { url, expires_at: expiresAt };
}

/** Everything downloads as an attachment; the stored type only when it is one we detected from the bytes. */
export const downloadType = (type: string) =>
  /^(video|audio|image)\/[\w.+-]+$|^application\/(zip|pdf)$/.test(type) ? type : 'application/octet-stream';

/** The local file behind a signed download link, or 404 for a bad or expired link. */
export async function signedFile(deps: UploadsDeps, id: number, expires: number, sig: string) {
  const { ctx, store, links } = deps;
  if (!store.read || !links.valid(filePayload(id), expires, sig)) throw new AppError('NOT_FOUND');
  const [row] = await ctx.db
    .select()
    .from(customerUploads)
    .where(and(eq(customerUploads.id, id), eq(customerUploads.status, 'complete')))
    .limit(1);
  if (!row || (await store.size(row.key)) === null) throw new AppError('NOT_FOUND');
  return { row, stream: store.read(row.key) };
}

/** Drops abandoned uploads (a closed tab never cancels); run at start and hourly. Answers how many went. */
export async function sweepStaleUploads(deps: UploadsDeps, now = Date.now()) {
  const stale = await deps.ctx.db
    .delete(customerUploads)
    .where(
      and(
        eq(customerUploads.status, 'pending'),
        lt(customerUploads.createdAt, new Date(now - UPLOAD_ABANDONED_MS)),
        unclaimed(new Date(now)),
      ),
    )
    .returning();
  for (const row of stale) {
    if (row.storageUploadId) await deps.store.abort(row.key, row.storageUploadId).catch(() => {});
  }
  return stale.length;
}
