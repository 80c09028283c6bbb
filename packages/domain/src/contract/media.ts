import { z } from 'zod';
import { MEDIA_MAX_BYTES } from '../constants.js';
import { UPLOAD_PURPOSE_KEYS } from '../media.js';
import { defineRoute } from './define.js';

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
  }),
} as const;
