import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';

/** Where uploaded files live. Keys are `media/<owner>/<random>-<name>`; the portal serves them at /files/<key>. */
export interface Storage {
  kind: 'local' | 's3';
  /**
   * Stores a whole stream; a stream that fails leaves nothing behind. `written` gets each chunk once it is
   * on disk and no longer held (the local store), so its source may fill it again.
   */
  put(
    key: string,
    body: Readable,
    type: { mime: string; inline: boolean },
    options?: { written?: (chunk: Buffer) => void },
  ): Promise<void>;
  /** Deletes a key; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Deletes every key under a prefix ending in '/' (a media asset's outputs). */
  removePrefix(prefix: string): Promise<void>;
  /** Whether a key is stored. */
  exists(key: string): Promise<boolean>;
  /** Streams a stored file; rejects with code 'ENOENT' when the key is missing. */
  read(key: string): Promise<Readable>;
  /**
   * A stored file as a path a tool can open: the file itself on local disk, else a copy streamed into
   * `dir`. Rejects with code 'ENOENT' when the key is missing.
   */
  localCopy(key: string, dir: string, signal?: AbortSignal): Promise<string>;
  /** Whether localCopy downloads (S3), so a caller picks the smallest file that serves. */
  copiesToRead: boolean;
  /** Local disk: the folder files are served from. */
  root?: string;
  /** S3: a short-lived signed GET for a key, answered with the given type and disposition. */
  signedGet?(key: string, type: { mime: string; disposition: string }): Promise<string>;
}

/** Bytes gathered before one write: a write per network chunk (16–64 KB) halves a fast link's throughput. */
const WRITE_BATCH = 4 * 1_048_576;

/** Writes all of `batch` at the file's position (writev may stop short). */
async function writeAll(file: fs.promises.FileHandle, batch: Buffer[], length: number) {
  let { bytesWritten } = await file.writev(batch);
  if (bytesWritten === length) return;
  const rest = Buffer.concat(batch, length).subarray(bytesWritten);
  for (let at = 0; at < rest.length; at += bytesWritten) ({ bytesWritten } = await file.write(rest, at));
}

/**
 * Writes a stream to a new file; a stream that fails leaves no file. Chunks go down in batches with one
 * write in flight, so the source keeps flowing while the disk writes. (Its chunks are taken as they come:
 * an async iterator over a byte stream concatenates whatever is buffered, a copy of up to its whole buffer.)
 */
export async function writeNewFile(
  source: Readable | (() => AsyncIterable<Buffer>),
  target: string,
  written?: (chunk: Buffer) => void,
): Promise<void> {
  const stream = typeof source === 'function' ? Readable.from(source()) : source;
  // Listened to from here: a stream failing while the file opens is this call's failure, not an uncaught one.
  const settled = finished(stream);
  settled.catch(() => {});
  let file: fs.promises.FileHandle;
  try {
    file = await fs.promises.open(target, 'wx');
  } catch (e) {
    stream.destroy();
    throw e;
  }
  let inFlight: Promise<void> | null = null;
  try {
    await new Promise<void>((resolve, reject) => {
      let batch: Buffer[] = [];
      let length = 0;
      let ended = false;
      const pump = () => {
        if (inFlight) return;
        if (length === 0 && ended) return resolve();
        if (length < WRITE_BATCH && !ended) return;
        const [chunks, bytes] = [batch, length];
        batch = [];
        length = 0;
        stream.resume();
        inFlight = writeAll(file, chunks, bytes).then(() => {
          inFlight = null;
          if (written) for (const chunk of chunks) written(chunk);
          pump();
        });
        inFlight.catch(reject);
      };
      stream.on('data', (chunk: Buffer) => {
        batch.push(chunk);
        length += chunk.length;
        if (length < WRITE_BATCH) return;
        // One batch waits while one is written; the source waits beyond that.
        if (inFlight) stream.pause();
        pump();
      });
      settled.then(() => {
        ended = true;
        pump();
      }, reject);
    });
    await file.close();
  } catch (e) {
    stream.destroy();
    await (inFlight as Promise<void> | null)?.catch(() => {});
    await file.close().catch(() => {});
    await fs.promises.rm(target, { force: true });
    throw e;
  }
}

/**
 * A safe, unguessable key: the name loses special characters and spaces become hyphens (spec 002 §9);
 * the extension is the detected type's, never the uploaded name's.
 */
export function mediaKey(ownerId: number, fileName: string, ext: string): string {
  const stem = path
    .basename(fileName, path.extname(fileName))
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '')
    .slice(0, 60);
  return `media/${ownerId}/${Date.now()}-${randomBytes(8).toString('hex')}-${stem || 'file'}.${ext}`;
}

export const fileUrl = (key: string) => `/files/${key}`;

function localStorage(root: string): Storage {
  const inRoot = (key: string) => {
    const target = path.join(root, key);
    if (!target.startsWith(root + path.sep)) throw new Error('bad storage key');
    return target;
  };
  return {
    kind: 'local',
    root,
    async put(key, body, _type, options) {
      const target = inRoot(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await writeNewFile(body, target, options?.written);
    },
    async remove(key) {
      await fs.promises.rm(inRoot(key), { force: true });
    },
    async removePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error('bad storage prefix');
      await fs.promises.rm(inRoot(prefix.slice(0, -1)), { recursive: true, force: true });
    },
    exists: async (key) => Boolean(await fs.promises.stat(inRoot(key)).catch(() => null)),
    async read(key) {
      const file = await fs.promises.open(inRoot(key), 'r');
      return file.createReadStream();
    },
    copiesToRead: false,
    async localCopy(key) {
      const file = inRoot(key);
      await fs.promises.stat(file);
      return file;
    },
  };
}

/** localCopy for a store that can only stream: the file lands in `dir` under the key's last name. */
async function streamedCopy(store: Pick<Storage, 'read'>, key: string, dir: string, signal?: AbortSignal) {
  const target = path.join(dir, path.posix.basename(key));
  await pipeline(await store.read(key), fs.createWriteStream(target), { signal });
  return target;
}

/** The S3 client of a configured bucket; checksums only where S3 requires them, so presigned browser PUTs carry none. */
export async function createS3Client(s3: NonNullable<Config['s3']>) {
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({
    region: s3.region,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
    ...(s3.accessKeyId && s3.secretAccessKey
      ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
      : {}),
  });
}

async function s3Storage(s3: NonNullable<Config['s3']>): Promise<Storage> {
  const { GetObjectCommand, DeleteObjectCommand, DeleteObjectsCommand, HeadObjectCommand, ListObjectsV2Command } =
    await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const client = await createS3Client(s3);
  const store: Storage = {
    kind: 's3',
    copiesToRead: true,
    localCopy: (key, dir, signal) => streamedCopy(store, key, dir, signal),
    async put(key, body, type) {
      // Multipart upload streams the body without holding the whole file in memory; a failed one is aborted.
      const upload = new Upload({
        client,
        params: {
          Bucket: s3.bucket,
          Key: key,
          Body: body,
          ContentType: type.mime,
          ContentDisposition: type.inline ? 'inline' : 'attachment',
        },
      });
      try {
        await upload.done();
      } catch (e) {
        await upload.abort().catch(() => {});
        await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key })).catch(() => {});
        throw e;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
    async removePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error('bad storage prefix');
      for (let token: string | undefined, more = true; more;) {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0)
          await client.send(new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: keys, Quiet: true } }));
        token = page.NextContinuationToken;
        more = Boolean(page.IsTruncated && token);
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
        return true;
      } catch (e) {
        if (
          (e as { name?: string }).name === 'NotFound' ||
          (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return false;
        throw e;
      }
    },
    async read(key) {
      try {
        const reply = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
        return reply.Body as Readable;
      } catch (e) {
        if ((e as { name?: string }).name === 'NoSuchKey')
          throw Object.assign(new Error(`no such key ${key}`), { code: 'ENOENT' });
        throw e;
      }
    },
    signedGet: (key, type) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          ResponseContentType: type.mime,
          ResponseContentDisposition: type.disposition,
        }),
        { expiresIn: 900 },
      ),
  };
  return store;
}

/** S3 when S3_BUCKET is set, else DATA_DIR/files. */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.s3) return s3Storage(config.s3);
  const root = path.join(config.dataDir, 'files');
  await fs.promises.mkdir(root, { recursive: true });
  return localStorage(root);
}
