import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from './auth.js';
import { AppError } from './errors.js';
import { FILES_CSP } from './security-headers.js';
import type { Storage } from './storage.js';

/**
 * Who may read which stored keys, answered by the features that hand the keys out and wired once in app.ts,
 * so the routes that send files (media/, media-pipeline/) import none of them.
 */
export interface StoredFileReaders {
  /** An upload page file (uploads/…) for a signed-in user: its stored type, or null when they may not read it. */
  uploadFor(viewer: SessionUser, key: string): Promise<string | null>;
  /** Whether the user reaches the upload page folder that holds this key. */
  uploadFolderHolds(viewer: SessionUser, key: string): Promise<boolean>;
  /** A finished upload's stored type, for a caller already let through (a guest's card video, a signed link). */
  uploadType(key: string): Promise<string | null>;
  /** The request's guest visit id; 401 without a live visit. Asked first, so a caller without one learns nothing. */
  guestVisit(request: FastifyRequest): Promise<number>;
  /** Whether the request's guest visit may read this stored video (its card's, while comments are open). */
  guestMayRead(request: FastifyRequest, key: string): Promise<boolean>;
  /** Whether the request's guest visit sees only its own marked copies (issue 52): no clean proxy, no frame grab. */
  guestSeesOnlyMarked(request: FastifyRequest): Promise<boolean>;
}

/** Headers of every stored file sent from here: cached privately, never run as a page, never sniffed. */
export const storedFileHeaders = (reply: FastifyReply, maxAgeS: number) =>
  reply
    .header('cache-control', `private, max-age=${maxAgeS}`)
    .header('content-security-policy', FILES_CSP)
    .header('x-content-type-options', 'nosniff');

/** Lets a routes plugin send files from local storage (sendStored); nothing to register for S3. */
export async function canSendStored(app: FastifyInstance, storage: Storage) {
  // contentType off: the type is always the one sendStored is given, never a lookup by extension.
  if (storage.root) await app.register(fastifyStatic, { root: storage.root, serve: false, contentType: false });
}

/**
 * Sends a stored file as the type given, so no browser runs it: a signed redirect on S3, else the file with
 * the files CSP and nosniff; 404 when it is missing (a replaced avatar), not the static server's error.
 */
export async function sendStored(
  reply: FastifyReply,
  storage: Storage,
  key: string,
  { mime, disposition, maxAgeS = 3600 }: { mime: string; disposition: string; maxAgeS?: number },
) {
  if (storage.signedGet) return reply.redirect(await storage.signedGet(key, { mime, disposition }));
  if (!storage.root || !(await fs.promises.stat(path.join(storage.root, key)).catch(() => null)))
    throw new AppError('NOT_FOUND');
  return storedFileHeaders(reply, maxAgeS)
    .header('content-disposition', disposition)
    .header('content-type', mime)
    .sendFile(key);
}
