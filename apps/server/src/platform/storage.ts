import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Config } from '../config.js';

/** Where uploaded files live. Keys are `media/<owner>/<random>-<name>`; the portal serves them at /files/<key>. */
export interface Storage {
  kind: 'local' | 's3';
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** Local disk: the folder files are served from. */
  root?: string;
  /** S3: a short-lived signed GET for a key. */
  signedGet?(key: string): Promise<string>;
}

/** A safe, unguessable key: the name keeps its extension, loses special characters, spaces become hyphens. */
export function mediaKey(ownerId: number, fileName: string): string {
  const ext = path
    .extname(fileName)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '')
    .slice(0, 10);
  const stem = path
    .basename(fileName, path.extname(fileName))
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '')
    .slice(0, 60);
  return `media/${ownerId}/${Date.now()}-${randomBytes(8).toString('hex')}-${stem || 'file'}${ext}`;
}

export const fileUrl = (key: string) => `/files/${key}`;

function localStorage(root: string): Storage {
  return {
    kind: 'local',
    root,
    async put(key, body) {
      const target = path.join(root, key);
      if (!target.startsWith(root + path.sep)) throw new Error('bad storage key');
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await pipeline(body, fs.createWriteStream(target, { flags: 'wx' }));
    },
  };
}

async function s3Storage(s3: NonNullable<Config['s3']>): Promise<Storage> {
  const { S3Client, GetObjectCommand } = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
    ...(s3.accessKeyId && s3.secretAccessKey
      ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
      : {}),
  });
  return {
    kind: 's3',
    async put(key, body, contentType) {
      // Multipart upload streams the body without holding the whole file in memory.
      await new Upload({
        client,
        params: { Bucket: s3.bucket, Key: key, Body: body, ContentType: contentType },
      }).done();
    },
    signedGet: (key) => getSignedUrl(client, new GetObjectCommand({ Bucket: s3.bucket, Key: key }), { expiresIn: 900 }),
  };
}

/** S3 when S3_BUCKET is set, else DATA_DIR/files. */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.s3) return s3Storage(config.s3);
  const root = path.join(config.dataDir, 'files');
  await fs.promises.mkdir(root, { recursive: true });
  return localStorage(root);
}
