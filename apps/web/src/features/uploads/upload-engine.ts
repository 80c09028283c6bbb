import { API } from '@cutroom/domain/contract';
import { MSG, TAB_HEADER, UPLOAD_PARALLEL_PARTS, UPLOAD_PART_URLS_MAX } from '@cutroom/domain';
import type { UploadedFile } from '@cutroom/domain/schemas';
import { ApiError, isApiError } from '../../lib/api-client';
import { call } from '../../lib/call';
import { TAB_ID } from '../../lib/tab-id';
import { fileFingerprint, forgetUpload, rememberUpload, storedUploadId } from './resume-store';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** Over the last few seconds; 0 until there is something to measure. */
  bytesPerSecond: number;
  secondsLeft: number | null;
  /** Parts an earlier try of the same file had already stored (a resumed upload); 0 for a fresh one. */
  resumedParts: number;
}

export interface UploadOptions {
  /**
   * Keep the upload's id under the file's fingerprint in localStorage, so picking the same file again
   * (after a reload, a closed tab, a browser restart) sends only the parts the storage doesn't hold yet.
   */
  resumable?: boolean;
}

export interface UploadTask {
  done: Promise<UploadedFile>;
  cancel(): void;
  /** Stops sending but keeps what is stored (and a resumable upload's entry), to carry on later. */
  pause(): void;
}

/** 95 → '1 min 35 s'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** A part PUT failed in a way another try may fix (a dropped connection, an expired URL, a server hiccup). */
class RetryablePart extends Error {}
class Canceled extends Error {}

const RETRIES = 5;
const SPEED_WINDOW_MS = 5000;
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Canceled());
    });
  });

/**
 * PUTs one part with XMLHttpRequest (fetch reports no upload progress). Our own URLs get the web
 * client's headers (the cookie session needs them); S3's presigned URLs get none.
 */
function putPart(url: string, body: Blob, onLoaded: (bytes: number) => void, signal: AbortSignal) {
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    if (url.startsWith('/')) {
      xhr.setRequestHeader('X-Requested-With', 'cutroom-web');
      xhr.setRequestHeader(TAB_HEADER, TAB_ID);
    }
    xhr.upload.onprogress = (e) => onLoaded(e.loaded);
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort);
    xhr.onloadend = () => {
      signal.removeEventListener('abort', abort);
      if (signal.aborted) return reject(new Canceled());
      if (xhr.status >= 200 && xhr.status < 300) {
        let etag = xhr.getResponseHeader('ETag') ?? '';
        try {
          etag = (JSON.parse(xhr.responseText) as { etag?: string }).etag ?? etag;
        } catch {
          // S3 answers an empty body; the ETag header is the part's.
        }
        return etag ? resolve(etag.replace(/"/g, '')) : reject(new ApiError(0, 'NO_ETAG', MSG.uploadFailed));
      }
      // 0: the connection dropped; 403 from S3: the URL expired; 5xx: try again.
      if (xhr.status === 0 || xhr.status === 403 || xhr.status >= 500) return reject(new RetryablePart());
      let message: string = MSG.uploadFailed;
      try {
        message = (JSON.parse(xhr.responseText) as { error_message?: string }).error_message ?? message;
      } catch {
        // Not ours: the generic upload message.
      }
      reject(new ApiError(xhr.status, 'PART_REFUSED', message));
    };
    xhr.send(body);
  });
}

/**
 * Sends one file into a customer's folder: start, then its parts (4 at a time, each retried with backoff
 * after a dropped connection, skipping what the storage already holds), then complete. The same code
 * path for S3 (presigned URLs) and local disk (the portal's signed part route).
 */
export function startFileUpload(
  file: File,
  customerId: number,
  onProgress: (progress: UploadProgress) => void,
  options: UploadOptions = {},
): UploadTask {
  const controller = new AbortController();
  const { signal } = controller;
  const fingerprint = options.resumable ? fileFingerprint(file, customerId) : null;
  let uploadId: number | null = null;
  let resumedParts = 0;
  const loadedByPart = new Map<number, number>();
  const samples: { at: number; loaded: number }[] = [];

  const report = () => {
    let loaded = 0;
    loadedByPart.forEach((n) => (loaded += n));
    const now = performance.now();
    samples.push({ at: now, loaded });
    while (samples.length > 2 && now - samples[0]!.at > SPEED_WINDOW_MS) samples.shift();
    const first = samples[0]!;
    const seconds = (now - first.at) / 1000;
    const bytesPerSecond = seconds > 0.2 ? Math.max(0, (loaded - first.loaded) / seconds) : 0;
    onProgress({
      loaded,
      total: file.size,
      bytesPerSecond,
      secondsLeft: bytesPerSecond > 0 ? (file.size - loaded) / bytesPerSecond : null,
      resumedParts,
    });
  };

  type StoredParts = Awaited<ReturnType<typeof storedPartsOf>>;
  const storedPartsOf = (id: number) => call(API.uploads.parts, { params: { id }, signal });

  /** The upload this file started earlier, if the storage still has it and can say which parts it holds. */
  const earlierUpload = async (): Promise<(StoredParts & { parts: NonNullable<StoredParts['parts']> }) | null> => {
    if (!fingerprint) return null;
    const id = storedUploadId(fingerprint);
    if (id === null) return null;
    // Canceled, finished, expired or another user's: start afresh.
    const stored = await storedPartsOf(id).catch(() => {
      if (signal.aborted) throw new Canceled();
      return null;
    });
    if (stored?.size === file.size && stored.parts) return { ...stored, parts: stored.parts };
    forgetUpload(fingerprint);
    // A store that can't list its parts: the earlier parts can't be trusted, so that upload is dropped.
    if (stored) void call(API.uploads.cancel, { params: { id } }).catch(() => {});
    return null;
  };

  const startUpload = async () => {
    const started = await call(API.uploads.start, {
      body: {
        customer_id: customerId,
        file_name: file.name,
        size: file.size,
        content_type: file.type || 'application/octet-stream',
      },
    });
    if (fingerprint) rememberUpload(fingerprint, started.upload_id);
    return started;
  };

  const run = async (): Promise<UploadedFile> => {
    const earlier = await earlierUpload();
    const started = earlier ?? (await startUpload());
    uploadId = started.upload_id;
    // Canceled while the server was opening it: the answer names the upload, so it can be dropped too.
    if (signal.aborted) {
      void call(API.uploads.cancel, { params: { id: uploadId } }).catch(() => {});
      throw new Canceled();
    }
    const { part_size: partSize, part_count: partCount } = started;
    const etags = new Map<number, string>();
    const urls = new Map<number, string>();
    const slice = (n: number) => file.slice((n - 1) * partSize, Math.min(n * partSize, file.size));
    // What an earlier try already stored is not sent again (a part of the wrong size is).
    earlier?.parts.forEach((p) => {
      if (p.size !== slice(p.part_number).size) return;
      etags.set(p.part_number, p.etag);
      loadedByPart.set(p.part_number, p.size);
    });
    resumedParts = etags.size;

    const fetchUrls = async (numbers: number[]) => {
      for (let i = 0; i < numbers.length; i += UPLOAD_PART_URLS_MAX) {
        const reply = await call(API.uploads.partUrls, {
          params: { id: started.upload_id },
          body: { part_numbers: numbers.slice(i, i + UPLOAD_PART_URLS_MAX) },
          signal,
        });
        reply.urls.forEach((u) => urls.set(u.part_number, u.url));
      }
    };
    /** After a dropped connection: what the storage already holds needn't be sent again. */
    const resume = async () => {
      const stored = await call(API.uploads.parts, { params: { id: started.upload_id }, signal }).catch(() => null);
      stored?.parts?.forEach((p) => {
        etags.set(p.part_number, p.etag);
        loadedByPart.set(p.part_number, p.size);
      });
    };

    const queue = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !etags.has(n));
    const sendPart = async (n: number) => {
      for (let attempt = 0; ; attempt++) {
        if (etags.has(n)) return;
        try {
          if (!urls.has(n)) await fetchUrls([n]);
          const etag = await putPart(
            urls.get(n)!,
            slice(n),
            (bytes) => {
              loadedByPart.set(n, bytes);
              report();
            },
            signal,
          );
          etags.set(n, etag);
          loadedByPart.set(n, slice(n).size);
          report();
          return;
        } catch (e) {
          if (signal.aborted) throw new Canceled();
          const retryable = e instanceof RetryablePart || (isApiError(e) && (e.status === 0 || e.status >= 500));
          if (!retryable || attempt >= RETRIES) throw e;
          loadedByPart.set(n, 0);
          report();
          await sleep(1000 * 2 ** attempt, signal);
          // A fresh URL (the old one may have expired), and the stored parts list in case this one got there.
          urls.delete(n);
          await resume();
        }
      }
    };
    if (queue.length > 0) await fetchUrls(queue.slice(0, UPLOAD_PART_URLS_MAX));
    report();
    const worker = async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) await sendPart(n);
    };
    await Promise.all(Array.from({ length: Math.min(UPLOAD_PARALLEL_PARTS, Math.max(1, queue.length)) }, worker));
    const reply = await call(API.uploads.complete, {
      params: { id: started.upload_id },
      body: { parts: [...etags].map(([part_number, etag]) => ({ part_number, etag })) },
      signal,
    });
    if (fingerprint) forgetUpload(fingerprint);
    return reply.file;
  };

  return {
    done: run().catch((e: unknown) => {
      if (signal.aborted || e instanceof Canceled || (e instanceof DOMException && e.name === 'AbortError'))
        throw new Canceled();
      throw e;
    }),
    pause() {
      controller.abort();
    },
    cancel() {
      if (signal.aborted) return;
      controller.abort();
      if (fingerprint) forgetUpload(fingerprint);
      // The parts already stored are dropped on the server too.
      if (uploadId !== null) void call(API.uploads.cancel, { params: { id: uploadId } }).catch(() => {});
    },
  };
}

export const isCanceled = (e: unknown) => e instanceof Canceled;
