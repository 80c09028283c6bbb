import { Readable } from 'node:stream';
import { MEDIA_MAX_BYTES, MSG, UPLOAD_PURPOSES, fill, type UploadPurpose } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { mediaFiles } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { SNIFF_BYTES, detectFormat } from '../../platform/file-types.js';
import { fileUrl, mediaKey, type Storage } from '../../platform/storage.js';
import { quotaFull, usedBytes, withinQuota } from './storage-quota.js';

const MB = 1_048_576;

/** A multipart file as @fastify/multipart hands it over: `truncated` turns true when the size limit cut it. */
export interface IncomingFile {
  stream: Readable & { truncated?: boolean };
  fileName: string;
  purpose: UploadPurpose;
}

const tooLarge = () =>
  new AppError('FILE_TOO_LARGE', fill(MSG.fileTooLarge, { mb: String(MEDIA_MAX_BYTES / MB) }), 'document');

/** Reads the first `limit` bytes (or the whole of a shorter file), leaving the rest to the iterator. */
async function readHead(chunks: AsyncIterator<Buffer>, limit: number) {
  const parts: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < limit) {
    const next = await chunks.next();
    if (next.done) {
      done = true;
      break;
    }
    parts.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(parts), done };
}

/**
 * Stores one upload: its type comes from its bytes and must suit its purpose, its key's extension from
 * that type, and it counts against the owner's quota. A refused or failed upload leaves nothing behind.
 */
export async function storeUpload(
  ctx: Pick<AppContext, 'db' | 'config'>,
  storage: Storage,
  ownerId: number,
  file: IncomingFile,
) {
  const quotaBytes = ctx.config.storageQuotaBytes;
  const purpose = UPLOAD_PURPOSES[file.purpose];
  const chunks = file.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const refuse = (error: AppError): never => {
    // Let the rest of the request body flow past, unread, so the reply can be sent.
    file.stream.resume();
    throw error;
  };

  const { head, done } = await readHead(chunks, SNIFF_BYTES);
  if (head.length === 0) refuse(new AppError('FILE_REFUSED', MSG.fileEmpty, 'document'));
  const format = detectFormat(head, purpose.kinds) ?? refuse(new AppError('FILE_REFUSED', purpose.refusal, 'document'));
  const used = await usedBytes(ctx.db, ownerId);
  const room = quotaBytes - used;
  if (room < head.length) refuse(quotaFull(quotaBytes, used, 'document'));

  let bytes = 0;
  const body = Readable.from(
    (async function* () {
      bytes += head.length;
      yield head;
      for (let next = done ? null : await chunks.next(); next && !next.done; next = await chunks.next()) {
        bytes += next.value.length;
        if (bytes > room) throw quotaFull(quotaBytes, used, 'document');
        yield next.value;
      }
    })(),
  );

  const key = mediaKey(ownerId, file.fileName, format.ext);
  try {
    await storage.put(key, body, format);
  } catch (e) {
    if (e instanceof AppError) refuse(e);
    throw e;
  }
  if (file.stream.truncated) {
    await storage.remove(key);
    throw tooLarge();
  }
  await recordUpload(
    ctx.db,
    { key, ownerId, bytes, contentType: format.mime, purpose: file.purpose },
    quotaBytes,
  ).catch(async (e: unknown) => {
    await storage.remove(key);
    throw e;
  });
  return { url: fileUrl(key), key, bytes, content_type: format.mime };
}

/** Counts the file against its owner's quota under a lock on the owner, so parallel uploads can't overshoot. */
async function recordUpload(db: Db, row: typeof mediaFiles.$inferInsert, quotaBytes: number) {
  await withinQuota(db, { userId: row.ownerId, quotaBytes, bytes: row.bytes, field: 'document' }, async (tx) => {
    await tx.insert(mediaFiles).values(row);
  });
}
