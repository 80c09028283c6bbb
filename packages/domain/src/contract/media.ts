import { z } from 'zod';
import { MEDIA_MAX_BYTES } from '../constants.js';
import { UPLOAD_PURPOSE_KEYS } from '../media.js';
import { OWN_FILE_PATTERN } from '../validation.js';
import { dbId } from '../schemas/fields.js';
import { MSG } from '../messages.js';
import { defineRoute } from './define.js';

const ownFileUrl = z.string().max(400).regex(OWN_FILE_PATTERN, { error: MSG.uploadFileAgain });

export const MEDIA = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/media',
    tags: ['media'],
    summary: `Upload one file (multipart field \`document\`, up to ${MEDIA_MAX_BYTES / 1_048_576} MB). An optional \`purpose\` field sent before it (${UPLOAD_PURPOSE_KEYS.join(', ')}) narrows what is accepted; the type is judged by the file's bytes`,
    access: 'user',
    multipart: true,
    reply: z.object({
      url: z.string(),
      key: z.string(),
      name: z.string(),
      bytes: z.number().int(),
      content_type: z.string(),
    }),
    status: 201,
    whileTemporaryPassword: true,
  }),
  thumbnailFile: defineRoute({
    method: 'POST',
    path: '/api/user/uploadThumbnailFile',
    tags: ['media', 'users'],
    summary:
      "Set a customer's thumbnail reference file to an image the caller uploaded (purpose thumbnail); the old file is deleted. '' clears it. The customer and admin only",
    access: 'user',
    body: z.object({ ref_thumbnails_file: z.union([z.literal(''), ownFileUrl]), client_id: dbId }),
    reply: z.object({ message: z.string(), ref_thumbnails_file: z.string().nullable() }),
    whileTemporaryPassword: true,
  }),
  deleteMedia: defineRoute({
    method: 'POST',
    path: '/api/delete/media',
    tags: ['media'],
    summary:
      'Delete an avatar or thumbnail reference file and clear the profile that shows it: its uploader, or whoever may edit that profile',
    access: 'user',
    body: z.object({ url: ownFileUrl }),
    reply: z.object({ message: z.string() }),
    whileTemporaryPassword: true,
  }),
} as const;
