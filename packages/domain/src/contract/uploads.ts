import {
  completeUploadBody,
  completeUploadReply,
  downloadReply,
  listUploadsQuery,
  listUploadsReply,
  partParams,
  partUrlsBody,
  partUrlsReply,
  signedQuery,
  startUploadBody,
  startUploadReply,
  storedPartReply,
  storedPartsReply,
  uploadFoldersQuery,
  uploadFoldersReply,
} from '../schemas/uploads.js';
import { messageReply } from '../schemas/auth.js';
import { idParam } from '../schemas/fields.js';
import { storedFileReply } from '../schemas/stored-files.js';
import { defineRoute } from './define.js';

const tags = ['uploads'];
/** Who may reach a folder is decided per customer (admin all, staff the customers they see, a customer their own). */
const access = 'user';

/** The upload page (spec 002 §2 "Upload page"): files in a folder per customer, sent in parts straight to storage. */
export const UPLOADS = {
  start: defineRoute({
    method: 'POST',
    path: '/api/uploads',
    tags,
    summary:
      "Start an upload into a customer's folder: size and declared type are checked against UPLOAD_MAX_MB and UPLOAD_TYPES; the server names the file (spec 002 §5) and plans its parts (one up to 100 MB, else 16 MB parts)",
    access,
    body: startUploadBody,
    reply: startUploadReply,
    status: 201,
  }),
  partUrls: defineRoute({
    method: 'POST',
    path: '/api/uploads/:id/part-urls',
    tags,
    summary:
      'Where to PUT parts of an unfinished upload: presigned S3 UploadPart URLs with S3_BUCKET, else signed URLs of PUT /api/uploads/{id}/parts/{n}; valid one hour',
    access,
    params: idParam,
    body: partUrlsBody,
    reply: partUrlsReply,
  }),
  putPart: defineRoute({
    method: 'PUT',
    path: '/api/uploads/:id/parts/:n',
    tags,
    summary:
      'Local disk: the raw bytes of one part (application/octet-stream), streamed to disk; needs the signed URL from part-urls and the session. A part sent again replaces the earlier one. Answers its ETag',
    access,
    params: partParams,
    query: signedQuery,
    reply: storedPartReply,
  }),
  parts: defineRoute({
    method: 'GET',
    path: '/api/uploads/:id/parts',
    tags,
    summary: 'The parts of an unfinished upload the storage already holds, to resume after a dropped connection',
    access,
    params: idParam,
    reply: storedPartsReply,
  }),
  complete: defineRoute({
    method: 'POST',
    path: '/api/uploads/:id/complete',
    tags,
    summary:
      'Join the parts into the file: the stored total must equal the declared size and the first bytes must be an allowed type, else the file is deleted and the call answers 400',
    access,
    params: idParam,
    body: completeUploadBody,
    reply: completeUploadReply,
  }),
  cancel: defineRoute({
    method: 'DELETE',
    path: '/api/uploads/:id',
    tags,
    summary: 'Cancel an unfinished upload: its parts are deleted',
    access,
    params: idParam,
    reply: messageReply,
  }),
  folders: defineRoute({
    method: 'GET',
    path: '/api/uploads/folders',
    tags,
    summary:
      'The customers whose folders the caller may open, by name: admin every customer, staff the customers they may see, an editor also the customers of cards assigned to them, a customer their own',
    access,
    query: uploadFoldersQuery,
    reply: uploadFoldersReply,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/uploads',
    tags,
    summary:
      "A customer's finished files, newest first, 10 a page: search in the name, uploaded between start_date and end_date (days in the caller's zone)",
    access,
    query: listUploadsQuery,
    reply: listUploadsReply,
  }),
  download: defineRoute({
    method: 'GET',
    path: '/api/uploads/:id/download',
    tags,
    summary: 'A signed download link for one file, valid 15 minutes',
    access,
    params: idParam,
    reply: downloadReply,
  }),
  signedFile: defineRoute({
    method: 'GET',
    path: '/api/uploads/:id/file',
    tags,
    summary:
      'Local disk: the file behind a download link from GET /api/uploads/{id}/download (signed, valid 15 minutes), as an attachment',
    access: 'public',
    params: idParam,
    query: signedQuery,
    reply: storedFileReply,
  }),
} as const;
