import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { MEDIA_MAX_BYTES, isAllowedMedia } from '@cutroom/domain';
import { currentUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { fileUrl, mediaKey, type Storage } from '../../platform/storage.js';

const KEY_PATTERN = /^media\/\d+\/[\w.-]+$/;

/**
 * Uploads (voice notes, SRT files, thumbnails) go to the storage layer, never the database.
 * Files are read back at /files/<key> by any signed-in user: the key carries 64 random bits.
 */
export const mediaRoutes =
  (ctx: AppContext, storage: Storage): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 5 } });
    if (storage.root) await app.register(fastifyStatic, { root: storage.root, serve: false });

    app.post(
      '/api/media',
      {
        config: { access: 'user' },
        schema: {
          tags: ['media'],
          summary: 'Upload one file (multipart field `document`): audio, video, images or subtitles',
          consumes: ['multipart/form-data'],
          response: { 201: z.object({ url: z.string(), key: z.string(), name: z.string() }) },
        },
      },
      async (request, reply) => {
        const viewer = currentUser(request);
        if (!request.isMultipart())
          throw new AppError('VALIDATION', 'Send the file as multipart/form-data', 'document');
        const file = await request.file();
        if (!file || file.fieldname !== 'document')
          throw new AppError('VALIDATION', 'Choose a file to upload', 'document');
        if (!isAllowedMedia(file.mimetype, file.filename)) {
          file.file.resume();
          throw new AppError('VALIDATION', 'Upload an audio, video, image or subtitle file', 'document');
        }
        const key = mediaKey(viewer.id, file.filename);
        await storage.put(key, file.file, file.mimetype);
        if (file.file.truncated) {
          throw new AppError('VALIDATION', `The file is larger than ${MEDIA_MAX_BYTES / 1_048_576} MB`, 'document');
        }
        return reply.status(201).send({ url: fileUrl(key), key, name: path.basename(file.filename) });
      },
    );

    app.get(
      '/files/*',
      {
        config: { access: 'user' },
        schema: {
          tags: ['media'],
          summary: 'Read an uploaded file (range requests supported)',
          params: z.object({ '*': z.string().max(300) }),
        },
      },
      async (request, reply) => {
        const key = request.params['*'];
        if (!KEY_PATTERN.test(key)) throw new AppError('NOT_FOUND');
        if (storage.signedGet) return reply.redirect(await storage.signedGet(key));
        return reply.header('cache-control', 'private, max-age=3600').sendFile(key);
      },
    );
  };
