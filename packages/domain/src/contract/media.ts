import { z } from 'zod';
import { MEDIA_MAX_BYTES } from '../constants.js';
import { UPLOAD_PURPOSE_KEYS } from '../media.js';
import { OWN_FILE_PATTERN } from '../validation.js';
import { dbId } from '../schemas/fields.js';
import { frameParams, frameQuery, mediaFileParams, storedFileReply, storedKeyParams } from '../schemas/stored-files.js';
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
  readFile: defineRoute({
    method: 'GET',
    path: '/files/*',
    tags: ['media'],
    summary:
      'Read an uploaded file (range requests supported); media plays inline, anything else downloads. An upload page file (uploads/…) only for who reaches its folder or sees a card it was delivered to by upload_id. With FILES_ORIGIN set, a redirect to a signed link there',
    access: 'user',
    params: storedKeyParams,
    reply: storedFileReply,
  }),
  readAssetFile: defineRoute({
    method: 'GET',
    path: '/api/media/assets/:asset_id/:file',
    tags: ['media'],
    summary:
      'A file the media pipeline made of a stored video (proxy-<height>.mp4, poster.jpg, sprite-<n>.jpg, thumbnails.vtt, waveform.json; range requests supported): for whoever may see a card that delivers it or the upload page folder that holds it',
    access: 'user',
    params: mediaFileParams,
    reply: storedFileReply,
  }),
  grabFrame: defineRoute({
    method: 'GET',
    path: '/api/media/assets/:asset_id/frame',
    tags: ['media'],
    summary:
      'The frame shown at `t` seconds as a JPEG (made once, then kept; its number in x-frame-number): for tiles, notes and reports. For whoever may see a card that delivers the video or the upload page folder that holds it',
    access: 'user',
    params: frameParams,
    query: frameQuery,
    reply: storedFileReply,
  }),
} as const;
