import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { finished, Transform, type Readable } from 'node:stream';
import type { Config } from '../config.js';
import { createS3Client, writeNewFile } from './storage.js';

export interface StoredPart {
  partNumber: number;
  size: number;
  etag: string;
}

/** A part's body was longer than it may be; nothing of it was kept. */
export class PartTooLarge extends Error {}

/**
 * Large files in parts, sent by the browser straight to storage (issue 16): S3 multipart uploads with
 * presigned part URLs, or part files on local disk that the portal's own PUT route streams in.
 * Keys are built by the caller; every local path is checked to stay under the files folder.
 */
export interface MultipartStore {
  kind: 'local' | 's3';
  /** Opens an upload of `key`; answers the storage's upload id. */
  start(key: string): Promise<string>;
  /** S3: a presigned UploadPart URL. */
  presignPart?(key: string, uploadId: string, partNumber: number, expiresS: number): Promise<string>;
  /** Local disk: streams one part into place (replacing an earlier copy), refusing more than `maxBytes`. */
  writePart?(uploadId: string, partNumber: number, body: Readable, maxBytes: number): Promise<StoredPart>;
  /** The parts stored so far; null when the store can't list them (s3rver has no ListParts). */
  listParts(key: string, uploadId: string): Promise<StoredPart[] | null>;
  /** Joins the parts, in order, into `key`. */
  complete(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<void>;
  /** Drops an unfinished upload's parts; an upload already gone is not an error. */
  abort(key: string, uploadId: string): Promise<void>;
  /** The first `bytes` bytes of a stored file (fewer if it is shorter). */
  head(key: string, bytes: number): Promise<Buffer>;
  /** A stored file's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** S3: a presigned GET that downloads the file under `fileName`. */
  signedDownload?(key: string, fileName: string, mime: string, expiresS: number): Promise<string>;
  /** Local disk: the file's bytes. */
  read?(key: string): Readable;
}

const PART_FILE = /^(\d+)-([0-9a-f]{32})$/;
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** Counts (and hashes) what flows through, failing once more than `max` bytes came. */
function meter(max: number) {
  const hash = createHash('md5');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > max) return done(new PartTooLarge());
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, etag: hash.digest('hex') }) };
}

function localStore(root: string): MultipartStore {
  const partsRoot = path.join(root, '.parts');
  const inside = (base: string, ...segments: string[]) => {
    const target = path.resolve(base, ...segments);
    if (!target.startsWith(base + path.sep)) throw new Error('path outside the files folder');
    return target;
  };
  const partsDir = (uploadId: string) => {
    if (!UPLOAD_ID.test(uploadId)) throw new Error('bad upload id');
    return inside(partsRoot, uploadId);
  };
  const list = async (uploadId: string): Promise<StoredPart[]> => {
    const dir = partsDir(uploadId);
    const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
    const parts: StoredPart[] = [];
    for (const name of names) {
      const m = PART_FILE.exec(name);
      if (!m) continue;
      const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
      if (stat) parts.push({ partNumber: Number(m[1]), size: stat.size, etag: m[2]! });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  };
  return {
    kind: 'local',
    async start() {
      const uploadId = randomBytes(16).toString('hex');
      await fs.promises.mkdir(partsDir(uploadId), { recursive: true });
      return uploadId;
    },
    async writePart(uploadId, partNumber, body, maxBytes) {
      const dir = partsDir(uploadId);
      await fs.promises.mkdir(dir, { recursive: true });
      const temp = path.join(dir, `${partNumber}.${randomBytes(6).toString('hex')}.tmp`);
      const counted = meter(maxBytes);
      const written = writeNewFile(counted.stream, temp);
      // Piped by hand, not through pipeline(): refusing an over-long part must leave the request whole so its 400 can
      // still be sent (Node 24 sends nothing for a destroyed request); a sender who drops out still ends the write.
      body.pipe(counted.stream);
      finished(body, (err) => err && counted.stream.destroy(err));
      try {
        await written;
      } catch (e) {
        body.unpipe(counted.stream);
        throw e;
      }
      const { size, etag } = counted.result();
      // The new copy takes the part's place; older copies of the same part go.
      const earlier = (await fs.promises.readdir(dir)).filter((n) => n.startsWith(`${partNumber}-`));
      await fs.promises.rename(temp, path.join(dir, `${partNumber}-${etag}`));
      await Promise.all(
        earlier
          .filter((n) => n !== `${partNumber}-${etag}`)
          .map((n) => fs.promises.rm(path.join(dir, n), { force: true })),
      );
      return { partNumber, size, etag };
    },
    listParts: (_key, uploadId) => list(uploadId),
    async complete(key, uploadId, parts) {
      const dir = partsDir(uploadId);
      const target = inside(root, key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed, so a half-joined file never shows under its key.
      const temp = `${target}.${randomBytes(6).toString('hex')}.joining`;
      const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
      try {
        const files = ordered.map((part) => path.join(dir, `${part.partNumber}-${part.etag}`));
        // One generator over every part into one write stream: back-pressure holds memory to a chunk or two.
        await writeNewFile(async function* () {
          for (const file of files) yield* fs.createReadStream(file, { highWaterMark: 1_048_576 });
        }, temp);
        await fs.promises.link(temp, target);
      } finally {
        await fs.promises.rm(temp, { force: true });
      }
      await fs.promises.rm(dir, { recursive: true, force: true });
    },
    async abort(_key, uploadId) {
      await fs.promises.rm(partsDir(uploadId), { recursive: true, force: true });
    },
    async head(key, bytes) {
      const handle = await fs.promises.open(inside(root, key), 'r');
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async size(key) {
      const stat = await fs.promises.stat(inside(root, key)).catch(() => null);
      return stat?.isFile() ? stat.size : null;
    },
    async remove(key) {
      await fs.promises.rm(inside(root, key), { force: true });
    },
    read: (key) => fs.createReadStream(inside(root, key)),
  };
}

/** S3 answers these when it has no such call (s3rver): the feature then works without it. */
const unsupported = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NotImplemented' || err.name === 'MethodNotAllowed' || err.$metadata?.httpStatusCode === 405;
};

async function s3Store(s3: NonNullable<Config['s3']>): Promise<MultipartStore> {
  const {
    AbortMultipartUploadCommand,
    CompleteMultipartUploadCommand,
    CreateMultipartUploadCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListPartsCommand,
    UploadPartCommand,
  } = await import('@aws-sdk/client-s3');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const client = await createS3Client(s3);
  const Bucket = s3.bucket;
  return {
    kind: 's3',
    async start(key) {
      const reply = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: key, ContentDisposition: 'attachment' }),
      );
      if (!reply.UploadId) throw new Error('S3 gave no upload id');
      return reply.UploadId;
    },
    presignPart: (key, uploadId, partNumber, expiresS) =>
      getSignedUrl(client, new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }), {
        expiresIn: expiresS,
      }),
    async listParts(key, uploadId) {
      const parts: StoredPart[] = [];
      let marker: string | undefined;
      try {
        do {
          const page = await client.send(
            new ListPartsCommand({ Bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
          );
          for (const p of page.Parts ?? []) {
            if (p.PartNumber && p.ETag)
              parts.push({ partNumber: p.PartNumber, size: p.Size ?? 0, etag: p.ETag.replace(/"/g, '') });
          }
          marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
        } while (marker);
      } catch (e) {
        if (unsupported(e)) return null;
        throw e;
      }
      return parts;
    },
    async complete(key, uploadId, parts) {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...parts]
              .sort((a, b) => a.partNumber - b.partNumber)
              .map((p) => ({ PartNumber: p.partNumber, ETag: `"${p.etag.replace(/"/g, '')}"` })),
          },
        }),
      );
    },
    async abort(key, uploadId) {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
      } catch (e) {
        const name = (e as { name?: string }).name;
        if (!unsupported(e) && name !== 'NoSuchUpload') throw e;
      }
    },
    async head(key, bytes) {
      const reply = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
      const body = reply.Body ? Buffer.from(await reply.Body.transformToByteArray()) : Buffer.alloc(0);
      return body.subarray(0, bytes);
    },
    async size(key) {
      try {
        const reply = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return reply.ContentLength ?? null;
      } catch (e) {
        const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404) return null;
        throw e;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    signedDownload: (key, fileName, mime, expiresS) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentType: mime,
          ResponseContentDisposition: `attachment; filename="${fileName}"`,
        }),
        { expiresIn: expiresS },
      ),
  };
}

/** Where the browser sends parts with S3: the endpoint's origin, or AWS's virtual-hosted bucket hosts. */
export function bucketOrigins(s3: Config['s3']): string[] {
  if (!s3) return [];
  if (s3.endpoint) return [new URL(s3.endpoint).origin];
  return [`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`, `https://${s3.bucket}.s3.amazonaws.com`];
}

/** S3 when S3_BUCKET is set, else part files under DATA_DIR/files/.parts. */
export async function createMultipartStore(config: Config): Promise<MultipartStore> {
  if (config.s3) return s3Store(config.s3);
  const root = path.join(config.dataDir, 'files');
  await fs.promises.mkdir(root, { recursive: true });
  return localStore(root);
}
