import { API } from '@cutroom/domain/contract';
import { MSG, TAB_HEADER, UPLOAD_PARALLEL_PARTS, UPLOAD_PART_URLS_MAX } from '@cutroom/domain';
import type { UploadedFile } from '@cutroom/domain/schemas';
import { ApiError, isApiError } from '../../lib/api-client';
import { call } from '../../lib/call';
import { TAB_ID } from '../../lib/tab-id';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** Over the last few seconds; 0 until there is something to measure. */
  bytesPerSecond: number;
  secondsLeft: number | null;
}

export interface UploadTask {
  done: Promise<UploadedFile>;
  cancel(): void;
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
): UploadTask {
  const controller = new AbortController();
  const { signal } = controller;
  let uploadId: number | null = null;
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
    });
  };

  const run = async (): Promise<UploadedFile> => {
    const started = await call(API.uploads.start, {
      body: {
        customer_id: customerId,
        file_name: file.name,
        size: file.size,
        content_type: file.type || 'application/octet-stream',
      },
    });
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

    const queue = Array.from({ length: partCount }, (_, i) => i + 1);
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
    await fetchUrls(queue.slice(0, UPLOAD_PART_URLS_MAX));
    report();
    const worker = async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) await sendPart(n);
    };
    await Promise.all(Array.from({ length: Math.min(UPLOAD_PARALLEL_PARTS, partCount) }, worker));
    const reply = await call(API.uploads.complete, {
      params: { id: started.upload_id },
      body: { parts: [...etags].map(([part_number, etag]) => ({ part_number, etag })) },
      signal,
    });
    return reply.file;
  };

  return {
    done: run().catch((e: unknown) => {
      if (signal.aborted || e instanceof Canceled || (e instanceof DOMException && e.name === 'AbortError'))
        throw new Canceled();
      throw e;
    }),
    cancel() {
      if (signal.aborted) return;
      controller.abort();
      // The parts already stored are dropped on the server too.
      if (uploadId !== null) void call(API.uploads.cancel, { params: { id: uploadId } }).catch(() => {});
    },
  };
}

export const isCanceled = (e: unknown) => e instanceof Canceled;
