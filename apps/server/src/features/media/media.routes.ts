import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyStatic from '@fastify/static';
import multipart, { type Multipart } from '@fastify/multipart';
import { z } from 'zod';
import { MEDIA_MAX_BYTES, MSG, UPLOAD_PURPOSE_KEYS, isUploadPurpose } from '@cutroom/domain';
import { currentUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { formatOfKey } from '../../platform/file-types.js';
import type { Storage } from '../../platform/storage.js';
import { storeUpload } from './media.service.js';

const KEY_PATTERN = /^media\/\d+\/[\w.-]+$/;
/** User files never run as a page of ours: no script, no plugins, no same-origin access even if opened. */
const FILES_CSP = "default-src 'none'; sandbox";

const fieldText = (field: Multipart | Multipart[] | undefined) => {
  const first = Array.isArray(field) ? field[0] : field;
  return first?.type === 'field' ? String(first.value) : undefined;
};

/** An attachment's name for the download dialog: the key's readable tail, ASCII only. */
const attachmentName = (key: string) =>
  path
    .basename(key)
    .replace(/^\d+-[0-9a-f]{16}-/, '')
    .replace(/[^\w.-]/g, '_');

/**
 * Uploads (voice notes, SRT files, avatars, thumbnails, videos) go to the storage layer, never the
 * database. Files are read back at /files/<key> by any signed-in user: the key carries 64 random bits.
 */
export const mediaRoutes =
  (ctx: AppContext, storage: Storage): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 5, fieldSize: 1_000 },
      // A cut file is refused by the service (truncated), which also deletes what was written.
      throwFileSizeLimit: false,
    });
    // contentType off: the type comes from the detected format below, never from a lookup of its own.
    if (storage.root) await app.register(fastifyStatic, { root: storage.root, serve: false, contentType: false });

    app.post(
      '/api/media',
      {
        config: { access: 'user', rateLimit: { max: 60, timeWindow: 60_000 } },
        schema: {
          tags: ['media'],
          summary: `Upload one file (multipart field \`document\`, up to ${MEDIA_MAX_BYTES / 1_048_576} MB). An optional \`purpose\` field sent before it (${UPLOAD_PURPOSE_KEYS.join(', ')}) narrows what is accepted; the type is judged by the file's bytes`,
          consumes: ['multipart/form-data'],
          response: {
            201: z.object({
              url: z.string(),
              key: z.string(),
              name: z.string(),
              bytes: z.number().int(),
              content_type: z.string(),
            }),
          },
        },
      },
      async (request, reply) => {
        const viewer = currentUser(request);
        if (!request.isMultipart()) throw new AppError('VALIDATION', MSG.uploadNotMultipart, 'document');
        const file = await request.file();
        if (!file || file.fieldname !== 'document') {
          file?.file.resume();
          throw new AppError('VALIDATION', MSG.fileMissing, 'document');
        }
        const purpose = fieldText(file.fields.purpose) ?? 'media';
        if (!isUploadPurpose(purpose)) {
          file.file.resume();
          throw new AppError('VALIDATION', `purpose must be one of ${UPLOAD_PURPOSE_KEYS.join(', ')}`, 'purpose');
        }
        const stored = await storeUpload(ctx, storage, viewer.id, {
          stream: file.file,
          fileName: file.filename,
          purpose,
        });
        return reply.status(201).send({ ...stored, name: path.basename(file.filename) });
      },
    );

    app.get(
      '/files/*',
      {
        config: { access: 'user' },
        schema: {
          tags: ['media'],
          summary: 'Read an uploaded file (range requests supported); media plays inline, anything else downloads',
          params: z.object({ '*': z.string().max(300) }),
        },
      },
      async (request, reply) => {
        const key = request.params['*'];
        if (!KEY_PATTERN.test(key)) throw new AppError('NOT_FOUND');
        // The type was detected from the bytes at upload; keys from before that are plain downloads.
        const format = formatOfKey(key);
        const mime = format?.mime ?? 'application/octet-stream';
        const disposition = format?.inline ? 'inline' : `attachment; filename="${attachmentName(key)}"`;
        if (storage.signedGet) return reply.redirect(await storage.signedGet(key, { mime, disposition }));
        return reply
          .header('cache-control', 'private, max-age=3600')
          .header('content-security-policy', FILES_CSP)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', disposition)
          .header('content-type', mime)
          .sendFile(key);
      },
    );
  };
