import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import multipart, { type Multipart } from '@fastify/multipart';
import { z } from 'zod';
import { API } from '@cutroom/domain/contract';
import { storedKeyParams } from '@cutroom/domain/schemas';
import { MEDIA_MAX_BYTES, MSG, UPLOAD_PURPOSE_KEYS, isUploadPurpose, fill } from '@cutroom/domain';
import type { AppContext } from '../../platform/context.js';
import { canSendStored, sendStored } from '../../platform/stored-files.js';
import { serve } from '../../platform/routes.js';
import { AppError } from '../../platform/errors.js';
import { fileLinks } from '../../platform/file-links.js';
import { formatOfKey, isVideoMime } from '../../platform/file-types.js';
import type { Storage } from '../../platform/storage.js';
import { storeUpload } from './media.service.js';
import { deleteProfileFile, setThumbnailFile } from './profile-files.js';

const KEY_PATTERN = /^media\/\d+\/[\w.-]+$/;
/** An upload page file (docs/uploads.md): its key has no extension, its type is in its row. */
const UPLOAD_KEY_PATTERN = /^uploads\/\d+\/[\w.-]+$/;

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
    await canSendStored(app, storage);

    serve(
      app,
      API.media.upload,
      async ({ user: viewer, request }) => {
        if (!request.isMultipart()) throw new AppError('VALIDATION', MSG.uploadNotMultipart, 'document');
        const file = await request.file().catch((e: unknown) => {
          // The multipart parser fails only on what it was sent: a cut or malformed body.
          throw (e as { statusCode?: number }).statusCode
            ? e
            : new AppError('FILE_REFUSED', MSG.uploadInterrupted, 'document');
        });
        if (!file || file.fieldname !== 'document') {
          file?.file.resume();
          throw new AppError('VALIDATION', MSG.fileMissing, 'document');
        }
        const purpose = fieldText(file.fields.purpose) ?? 'media';
        if (!isUploadPurpose(purpose)) {
          file.file.resume();
          throw new AppError(
            'VALIDATION',
            fill(MSG.uploadPurposeInvalid, { purposes: UPLOAD_PURPOSE_KEYS.join(', ') }),
            'purpose',
          );
        }
        const stored = await storeUpload(ctx, storage, viewer.id, {
          stream: file.file,
          fileName: file.filename,
          purpose,
        }).catch((e: unknown) => {
          // A body that ends mid-file is the sender's fault (a dropped connection), not ours.
          if (!(e instanceof AppError) && file.file.errored) {
            throw new AppError('FILE_REFUSED', MSG.uploadInterrupted, 'document');
          }
          throw e;
        });
        return { ...stored, name: path.basename(file.filename) };
      },
      { config: { rateLimit: { max: 60, timeWindow: 60_000 }, uploadBody: true } },
    );

    serve(app, API.media.thumbnailFile, ({ user, body }) =>
      setThumbnailFile(ctx, user, body.ref_thumbnails_file, body.client_id),
    );
    serve(app, API.media.deleteMedia, ({ user, body }) => deleteProfileFile(ctx, user, body.url));

    const links = ctx.config.files ? fileLinks(ctx.config.files.signingKey) : undefined;

    /**
     * Sends a stored file so that no browser runs it: its detected type, nosniff, the sandbox, media inline only.
     * An upload page file's type is its row's (`uploadType`), a video's inline (delivered to a card, issue 49).
     */
    function sendFile(reply: FastifyReply, key: string, uploadType?: string) {
      if (!KEY_PATTERN.test(key) && !(uploadType && UPLOAD_KEY_PATTERN.test(key))) throw new AppError('NOT_FOUND');
      // The type was detected from the bytes at upload; keys from before that are plain downloads.
      const format = uploadType === undefined ? formatOfKey(key) : undefined;
      const video = uploadType !== undefined && isVideoMime(uploadType);
      const mime = video ? uploadType : (format?.mime ?? 'application/octet-stream');
      const disposition = format?.inline || video ? 'inline' : `attachment; filename="${attachmentName(key)}"`;
      return sendStored(reply, storage, key, { mime, disposition });
    }

    serve(app, API.media.readFile, async ({ user, params, reply }) => {
      const key = params['*'];
      if (!UPLOAD_KEY_PATTERN.test(key)) return readStored(reply, key);
      // An upload page file: for who reaches its folder or sees a card it was delivered to (issue 49).
      const type = await ctx.files.uploadFor(user, key);
      if (!type) throw new AppError('NOT_FOUND');
      return readStored(reply, key, type);
    });

    /** A stored file as the signed-in or guest caller reads it: here, or by a signed link on the files origin. */
    async function readStored(reply: FastifyReply, key: string, uploadType?: string) {
      if (links && ctx.config.files && storage.root) {
        if (!KEY_PATTERN.test(key) && !(uploadType && UPLOAD_KEY_PATTERN.test(key))) throw new AppError('NOT_FOUND');
        return reply.header('cache-control', 'private, no-store').redirect(links.link(ctx.config.files.origin, key));
      }
      return sendFile(reply, key, uploadType);
    }

    // A guest review link's visit reads its card's videos and nothing else (issue 19).
    serve(
      app,
      API.guestLinks.readFile,
      async ({ request, params, reply }) => {
        const key = params['*'];
        // The visit first: without one, every key answers the same 401.
        await ctx.files.guestVisit(request);
        const upload = UPLOAD_KEY_PATTERN.test(key);
        // A watermarked link's guest never reads a clean file: their copies come from /api/guest/copies (issue 52).
        if (
          (!upload && !KEY_PATTERN.test(key)) ||
          (await ctx.files.guestSeesOnlyMarked(request)) ||
          !(await ctx.files.guestMayRead(request, key))
        )
          throw new AppError('NOT_FOUND');
        if (!upload) return readStored(reply, key);
        // An upload page file delivered to the card by upload_id (issue 49).
        const type = await ctx.files.uploadType(key);
        if (type === null) throw new AppError('NOT_FOUND');
        return readStored(reply, key, type);
      },
      { config: { rateLimit: { max: 600, timeWindow: 60_000 } } },
    );

    // The files origin: no session reaches it, so a signed link is the only way in.
    if (links && ctx.config.files && storage.root) {
      app.get(
        '/files/*',
        {
          constraints: { host: ctx.config.files.host },
          config: { access: 'public' },
          schema: {
            hide: true,
            params: storedKeyParams,
            querystring: z.object({ expires: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
          },
        },
        async (request, reply) => {
          const key = request.params['*'];
          const { expires, sig } = request.query;
          if (!links.valid(key, Number(expires), sig ?? '')) throw new AppError('NOT_FOUND');
          if (!UPLOAD_KEY_PATTERN.test(key)) return sendFile(reply, key);
          const type = await ctx.files.uploadType(key);
          if (type === null) throw new AppError('NOT_FOUND');
          return sendFile(reply, key, type);
        },
      );
    }
  };
