import { z } from 'zod';
import { MEDIA_FILE_PATTERN } from '../media-pipeline.js';
import { dbIdText } from './fields.js';

/** `/files/*` and `/api/guest/files/*`: the stored key after the prefix. */
export const storedKeyParams = z.object({ '*': z.string().max(300) });

/** One of the files the media pipeline made of a video (MEDIA_FILE_PATTERN). */
export const mediaFileParams = z.object({ asset_id: dbIdText, file: z.string().max(40).regex(MEDIA_FILE_PATTERN) });

export const frameParams = z.object({ asset_id: dbIdText });
/** The moment, in seconds, whose frame is wanted. */
export const frameQuery = z.object({ t: z.coerce.number().min(0).max(1_000_000) });

/** A stored file's bytes as they are kept (range requests supported), or a redirect to a signed link to them. */
export const storedFileReply = z
  .string()
  .describe("The file's bytes with its own type (range requests supported), or a redirect to a signed link to them");
