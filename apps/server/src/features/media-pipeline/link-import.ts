import http from 'node:http';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  LINK_SERVICE_NAMES,
  MEDIA_FAILURE,
  fill,
  formatBytes,
  spokenDuration,
  type LinkService,
} from '@cutroom/domain';
import { SNIFF_BYTES, detectFormat, type FileFormat } from '../../platform/file-types.js';
import { ChunkPool } from '../../platform/chunk-pool.js';
import { BODY_CHUNK, httpGet, type HttpAnswer } from '../../platform/http-get.js';
import { RefusedAddress, guardedLookup, literalRefusal, portOf, type Guard } from '../../platform/outbound-guard.js';
import type { Storage } from '../../platform/storage.js';
import { downloadPlan, driveConfirmTarget, isSignInUrl, looksLikeHtml, pageKind } from './link-sources.js';
import { MediaFailure } from './media-failure.js';

/** Redirects and Drive's confirmation page followed at most, in all. */
const MAX_HOPS = 8;
/** An HTML answer is read this far to tell a sign-in, a folder or Drive's confirmation page apart. */
const PAGE_BYTES = 256 * 1024;
const USER_AGENT = 'Cutroom-LinkImport/1';

/** A failure worth another try later (a 5xx, a reset, a name that didn't resolve): thrown as is, retried. */
export class LinkUnreachable extends Error {}

export interface LinkImportOptions {
  link: string;
  key: string;
  storage: Storage;
  guard: Guard;
  /** This server's own origins (PUBLIC_URL's among them): never fetched, at any hop. */
  ownOrigins: readonly string[];
  /** UPLOAD_MAX_MB in bytes: a larger file is refused before its body is read, or as soon as it passes it. */
  maxBytes: number;
  /**
   * Claims room in the customer's quota for `bytes` (null: the size isn't known yet), throwing when it
   * doesn't fit; answers how many bytes may come at most.
   */
  reserve(bytes: number | null): Promise<number>;
  /** The failure of a file that outgrew the quota while it came (its size wasn't declared). */
  overQuota(bytes: number): Error;
  signal: AbortSignal;
  onProgress(percent: number): void;
  /** No byte for this long ends the fetch. */
  stallMs: number;
}

type Answer = { response: HttpAnswer; url: URL };

/** One GET through the guard, no redirects followed; the address is checked at connection (every hop). */
function get(url: URL, { guard, signal, stallMs }: LinkImportOptions, pool: ChunkPool): Promise<HttpAnswer> {
  const literal = literalRefusal(url, guard);
  if (literal) return Promise.reject(new RefusedAddress(url.hostname, literal));
  return httpGet(url, {
    headers: { 'User-Agent': USER_AGENT, Accept: '*/*' },
    lookup: guardedLookup(portOf(url), guard),
    signal,
    pool,
    answerMs: stallMs,
    onAnswerTimeout: () => new LinkUnreachable(`no answer within ${spokenDuration(stallMs)}`),
  });
}

/** Reads up to `limit` bytes of a body (all of it when shorter), leaving the rest unread and paused. */
function readHead(body: Readable, limit: number): Promise<{ head: Buffer; ended: boolean }> {
  return new Promise((resolve, reject) => {
    if (body.errored) return reject(body.errored);
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (ended: boolean) => {
      body.pause();
      body.off('data', onData).off('end', onEnd).off('error', reject);
      resolve({ head: Buffer.concat(chunks), ended });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= limit) finish(false);
    };
    const onEnd = () => finish(true);
    body.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

const fail = (template: string, vars: Record<string, string> = {}) => new MediaFailure(fill(template, vars));

/**
 * Follows a delivery link to its video, through redirects and Drive's confirmation page, and stops with
 * a sentence for the editor at whatever answers instead: a sign-in, a folder, a page, a 404.
 */
async function findVideo(
  options: LinkImportOptions,
  pool: ChunkPool,
): Promise<Answer & { head: Buffer; ended: boolean; service: LinkService }> {
  const plan = downloadPlan(options.link);
  const link = LINK_SERVICE_NAMES[plan.service];
  if (plan.folder) throw fail(MEDIA_FAILURE.linkFolder, { link });
  let url = plan.url;
  let confirmed = false;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw fail(MEDIA_FAILURE.linkWebPage, { link });
    if (options.ownOrigins.includes(url.origin)) throw fail(MEDIA_FAILURE.linkOwnServer);
    const response = await get(url, options, pool);
    const status = response.status;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.destroy();
      url = new URL(response.headers.location, url);
      if (isSignInUrl(url)) throw fail(MEDIA_FAILURE.linkSignIn, { link });
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      if (status === 401 || status === 403) throw fail(MEDIA_FAILURE.linkSignIn, { link });
      if (status === 404 || status === 410) throw fail(MEDIA_FAILURE.linkNotFound, { link });
      if (status === 429 || status >= 500) throw new LinkUnreachable(`it answered ${status}`);
      throw fail(MEDIA_FAILURE.linkHttpError, { link, status: `${status} ${http.STATUS_CODES[status] ?? ''}`.trim() });
    }
    const html = /^text\/html\b/i.test(response.headers['content-type'] ?? '');
    const { head, ended } = await readHead(response.body, html ? PAGE_BYTES : SNIFF_BYTES);
    if (html || looksLikeHtml(head)) {
      response.destroy();
      const page = head.toString('utf8');
      const confirm = plan.service === 'drive' && !confirmed ? driveConfirmTarget(page, url) : null;
      if (confirm) {
        confirmed = true;
        url = confirm;
        continue;
      }
      const kind = pageKind(page);
      throw fail(
        kind === 'sign-in'
          ? MEDIA_FAILURE.linkSignIn
          : kind === 'folder'
            ? MEDIA_FAILURE.linkFolder
            : MEDIA_FAILURE.linkWebPage,
        { link },
      );
    }
    return { response, url, head, ended, service: plan.service };
  }
  throw new LinkUnreachable(`more than ${MAX_HOPS} redirects`);
}

/**
 * Streams a delivery link's video into storage at `key` (never held whole in memory), within UPLOAD_MAX_MB
 * and the customer's quota; its bytes must be a video we store, whatever the answer's type says.
 */
export async function importLink(options: LinkImportOptions): Promise<{ bytes: number; format: FileFormat }> {
  // Chunks return once on disk: 4 MB wait in the body's queue, 4 in the counter's, 4 in the batch, 4 being written.
  const pool = new ChunkPool(BODY_CHUNK, 16);
  const found = await findVideo(options, pool).catch((e: unknown) => {
    if (e instanceof RefusedAddress)
      throw fail(e.refusal === 'own-server' ? MEDIA_FAILURE.linkOwnServer : MEDIA_FAILURE.linkRefused);
    throw e;
  });
  const { response, head, ended } = found;
  const format = detectFormat(head, ['video']);
  if (!format) {
    response.destroy();
    throw fail(MEDIA_FAILURE.linkNotVideo);
  }
  const declared = Number(response.headers['content-length'] ?? NaN);
  const known = Number.isSafeInteger(declared) && declared > 0 ? declared : null;
  const tooLarge = (size: number) =>
    fail(MEDIA_FAILURE.linkTooLarge, { size: formatBytes(size), max: formatBytes(options.maxBytes) });
  if (known !== null && known > options.maxBytes) {
    response.destroy();
    throw tooLarge(known);
  }
  let allowed: number;
  try {
    allowed = Math.min(options.maxBytes, await options.reserve(known));
  } catch (e) {
    response.destroy();
    throw e;
  }

  let bytes = 0;
  let told = -1;
  const { stallMs, signal } = options;
  // The first failure is the one to report, whatever the store wraps it in.
  let reason: unknown;
  const stop = (e: unknown) => {
    reason ??= e;
    counter.destroy(e as Error);
  };
  const stall = setTimeout(function stalled() {
    // Waiting on the store (its side full) is not the link's stall.
    if (counter.writableNeedDrain || counter.readableLength >= counter.readableHighWaterMark) return stall.refresh();
    stop(fail(MEDIA_FAILURE.linkStalled, { limit: spokenDuration(stallMs) }));
  }, stallMs);
  const onAbort = () => stop(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  // Counted as it passes; the body comes in megabytes and the store batches its writes.
  const counter = new Transform({
    readableHighWaterMark: 4 * BODY_CHUNK,
    transform(chunk: Buffer, _encoding, done) {
      stall.refresh();
      bytes += chunk.length;
      if (bytes > allowed)
        return done((reason ??= bytes > options.maxBytes ? tooLarge(bytes) : options.overQuota(bytes)) as Error);
      const percent = known ? Math.min(99, Math.floor((bytes / known) * 100)) : 0;
      if (percent !== told) options.onProgress((told = percent));
      done(null, chunk);
    },
    flush(done) {
      if (known !== null && bytes < known)
        return done((reason ??= new LinkUnreachable(`it sent ${bytes} of ${known} bytes`)) as Error);
      done();
    },
  });
  counter.write(head);
  if (ended) counter.end();
  else
    pipeline(response.body, counter).catch((e: unknown) => {
      reason ??= e;
    });
  try {
    await options.storage.put(
      options.key,
      counter,
      { mime: format.mime, inline: false },
      { written: (c) => pool.give(c) },
    );
  } catch (e) {
    throw reason ?? e;
  } finally {
    clearTimeout(stall);
    signal.removeEventListener('abort', onAbort);
    response.destroy();
  }
  return { bytes, format };
}
