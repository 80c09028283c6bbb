/**
 * The ids of unfinished uploads, by the file they send (its name, size and modification time, and the
 * customer's folder), kept in localStorage: after a closed tab or a browser restart, picking the same file
 * again carries on from the parts the storage already holds (issue 49).
 */
const STORE_KEY = 'cutroom.upload-resume';
/** The server drops unfinished uploads after 7 days; an entry older than that is no use. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

interface Entry {
  upload_id: number;
  saved_at: number;
}

export const fileFingerprint = (file: Pick<File, 'name' | 'size' | 'lastModified'>, customerId: number) =>
  `${customerId}|${file.size}|${file.lastModified}|${file.name}`;

function read(): Record<string, Entry> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, Entry>) : {};
  } catch {
    return {};
  }
}

function write(entries: Record<string, Entry>) {
  try {
    if (Object.keys(entries).length === 0) localStorage.removeItem(STORE_KEY);
    else localStorage.setItem(STORE_KEY, JSON.stringify(entries));
  } catch {
    // Storage full or blocked: the upload still works, it just can't be resumed after a reload.
  }
}

/** The unfinished upload of this file, if one was started and not yet finished or canceled. */
export function storedUploadId(fingerprint: string, now = Date.now()): number | null {
  const entry = read()[fingerprint];
  if (!entry || typeof entry.upload_id !== 'number') return null;
  if (now - entry.saved_at > MAX_AGE_MS) {
    forgetUpload(fingerprint);
    return null;
  }
  return entry.upload_id;
}

export function rememberUpload(fingerprint: string, uploadId: number, now = Date.now()) {
  const entries = read();
  // Old entries go as new ones come, so the store never grows without bound.
  for (const [key, entry] of Object.entries(entries)) if (now - entry.saved_at > MAX_AGE_MS) delete entries[key];
  entries[fingerprint] = { upload_id: uploadId, saved_at: now };
  write(entries);
}

export function forgetUpload(fingerprint: string) {
  const entries = read();
  if (!(fingerprint in entries)) return;
  delete entries[fingerprint];
  write(entries);
}
