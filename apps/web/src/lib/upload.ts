import { API } from '@cutroom/domain/contract';
import type { UploadPurpose } from '@cutroom/domain';
import { call } from './call';

/** Sends one file to the storage layer (POST /api/media); the reply's url is the portal-relative /files/ path. */
export function uploadFile(
  file: File | Blob,
  purpose: UploadPurpose,
  name = file instanceof File ? file.name : 'file',
) {
  const form = new FormData();
  // The purpose goes first: the server reads it before the file, to judge the file by it.
  form.append('purpose', purpose);
  form.append('document', file, name);
  return call(API.media.upload, { form });
}
