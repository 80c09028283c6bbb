import { LIST_LIMIT_MAX } from '../constants.js';
import { z } from 'zod';
import { TABLE_PAGE_SIZE } from '../constants.js';
import { UPLOAD_MAX_PARTS, UPLOAD_PART_URLS_MAX } from '../customer-uploads.js';
import { MSG } from '../messages.js';
import { mediaView } from './card-replies.js';
import { dbId, dbIdText } from './fields.js';

const partNumber = z.number().int().min(1).max(UPLOAD_MAX_PARTS);
const day = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

/** POST /api/uploads: a file about to go into a customer's folder. The server decides its name and key. */
export const startUploadBody = z.object({
  customer_id: dbId,
  file_name: z.string().min(1).max(1000),
  /** Bytes; the stored total must come to exactly this. */
  size: z.number().int().positive({ error: MSG.fileEmpty }).max(Number.MAX_SAFE_INTEGER),
  /** What the browser says the file is ('' or absent when it doesn't know, as for .mxf); the stored bytes decide. */
  content_type: z.string().trim().max(200).default(''),
});

export const startUploadReply = z.object({
  upload_id: z.number(),
  key: z.string(),
  file_name: z.string(),
  part_size: z.number(),
  part_count: z.number(),
});

export const partUrlsBody = z.object({
  part_numbers: z.array(partNumber).min(1).max(UPLOAD_PART_URLS_MAX),
});

/** Where the browser PUTs each part: a presigned S3 URL, or the portal's own signed part URL on local disk. */
export const partUrlsReply = z.object({
  urls: z.array(z.object({ part_number: z.number(), url: z.string(), expires_at: z.string() })),
});

export const partParams = z.object({
  id: dbIdText,
  n: z.coerce.number().int().min(1).max(UPLOAD_MAX_PARTS),
});
/** The signature of a local part URL. */
export const signedQuery = z.object({
  expires: z.coerce.number().int().positive().max(1e11),
  sig: z.string().min(1).max(100),
});

export const storedPartReply = z.object({ part_number: z.number(), size: z.number(), etag: z.string() });

/** What the storage already holds of an unfinished upload, so a resumed upload sends only the rest. */
export const storedPartsReply = z.object({
  upload_id: z.number(),
  size: z.number(),
  part_size: z.number(),
  part_count: z.number(),
  /** null: the storage can't list parts (some S3-compatible servers); the browser keeps its own list. */
  parts: z.array(storedPartReply).nullable(),
});

export const completeUploadBody = z.object({
  /** Every part, each with the ETag its PUT answered. */
  parts: z
    .array(z.object({ part_number: partNumber, etag: z.string().min(1).max(200) }))
    .min(1)
    .max(UPLOAD_MAX_PARTS),
});

/** A file in a customer's folder. */
export const uploadedFile = z.object({
  id: z.number(),
  customer_id: z.number(),
  file_name: z.string(),
  key: z.string(),
  bytes: z.number(),
  content_type: z.string(),
  uploaded_by: z.string().nullable(),
  created_at: z.string(),
  /** A video's media pipeline: status, proxies, poster (issue 34); null for any other file. */
  media: mediaView.nullable(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

export const completeUploadReply = z.object({ message: z.string(), file: uploadedFile });

export const listUploadsQuery = z
  .object({
    /** Staff name the folder; a customer's own is the default (and the only one they may name). */
    customer_id: z.coerce.number().pipe(dbId).optional(),
    search: z.string().trim().max(200).optional(),
    start_date: day.optional(),
    end_date: day.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    error: MSG.uploadDateRange,
    path: ['end_date'],
  });

export const listUploadsReply = z.object({
  files: z.array(uploadedFile),
  count: z.number(),
  page: z.number(),
  page_size: z.literal(TABLE_PAGE_SIZE),
});
export type ListUploadsReply = z.infer<typeof listUploadsReply>;

export const downloadReply = z.object({ url: z.string(), expires_at: z.string() });

/** GET /api/uploads/folders: the customers whose folders the caller may open, for the page's picker. */
export const uploadFoldersQuery = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(20),
});
export const uploadFoldersReply = z.object({
  customers: z.array(z.object({ client_id: z.number().int(), fullname: z.string() })),
});
