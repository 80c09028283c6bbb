import net, { type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import tls from 'node:tls';
import type { ChunkPool } from './chunk-pool.js';

/**
 * A plain HTTP/1.1 GET for large downloads (issue 49's link import). The socket reads (`onread`) straight
 * into the megabyte buffers the body comes out in: Node's http client allocates a 64 KB buffer per read
 * and copies through its parser, which held a fast download to a third of curl's speed.
 */

/** The answer's body arrives in buffers of at most this size. */
export const BODY_CHUNK = 1_048_576;
/** The longest body bytes wait for their chunk to fill. */
const FLUSH_MS = 5;
/** A read needs at least this much room in the current chunk, else the next chunk starts. */
const READ_ROOM = 64 * 1024;
/** A status line and headers longer than this are refused. */
const MAX_HEAD = 64 * 1024;

export interface HttpGetOptions {
  headers: Record<string, string>;
  lookup: LookupFunction;
  signal: AbortSignal;
  /** No status line and headers within this long fails the request. */
  answerMs: number;
  /** Thrown when answerMs passes. */
  onAnswerTimeout(): Error;
  /** Certificates trusted besides the system's (a test's own). */
  ca?: string;
  /** Where body chunks come from (BODY_CHUNK bytes each), to be given back once written. */
  pool?: ChunkPool;
}

export interface HttpAnswer {
  status: number;
  /** Lower-case names; a repeated header's values are joined with ', '. */
  headers: Record<string, string | undefined>;
  /** The body, decoded from chunked transfer when it is; an early close errors it (see body.errored). */
  body: Readable;
  /** Closes the connection (every request asks for its own). */
  destroy(error?: Error): void;
}

/** Why a body or an answer can't be read as HTTP/1.1. */
export class HttpProtocolError extends Error {}

type Framing = { kind: 'length'; left: number } | { kind: 'chunked' } | { kind: 'close' };

function parseHead(text: string): { status: number; headers: Record<string, string | undefined> } {
  const [statusLine = '', ...lines] = text.split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(statusLine);
  if (!match) throw new HttpProtocolError('the server did not answer in HTTP/1.1');
  const headers: Record<string, string | undefined> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { status: Number(match[1]), headers };
}

function framingOf(status: number, headers: Record<string, string | undefined>): Framing {
  if (status === 204 || status === 304) return { kind: 'length', left: 0 };
  if (/\bchunked\s*$/i.test(headers['transfer-encoding'] ?? '')) return { kind: 'chunked' };
  const declared = headers['content-length'];
  if (declared === undefined) return { kind: 'close' };
  const sizes = new Set(declared.split(',').map((s) => s.trim()));
  const [size] = [...sizes];
  if (sizes.size !== 1 || !/^\d{1,15}$/.test(size ?? ''))
    throw new HttpProtocolError('its Content-Length is not a size');
  return { kind: 'length', left: Number(size) };
}

/**
 * Decodes a chunked body in place: `compact(bytes)` moves the body bytes of `bytes` to its front and
 * answers how many there are.
 */
class ChunkedDecoder {
  private state: 'size' | 'data' | 'data-end' | 'trailers' | 'done' = 'size';
  private line = '';
  private left = 0;
  get done() {
    return this.state === 'done';
  }
  compact(bytes: Buffer): number {
    let kept = 0;
    let at = 0;
    while (at < bytes.length && this.state !== 'done') {
      if (this.state === 'data') {
        const end = Math.min(bytes.length, at + this.left);
        bytes.copyWithin(kept, at, end);
        kept += end - at;
        this.left -= end - at;
        at = end;
        if (this.left === 0) this.state = 'data-end';
        continue;
      }
      const newline = bytes.indexOf(10, at);
      const end = newline === -1 ? bytes.length : newline;
      this.line += bytes.toString('latin1', at, end);
      if (this.line.length > 4096) throw new HttpProtocolError('a chunk line is too long');
      at = end + 1;
      if (newline === -1) break;
      const line = this.line.replace(/\r$/, '');
      this.line = '';
      if (this.state === 'size') {
        const size = /^([0-9a-f]{1,12})\s*(?:;.*)?$/i.exec(line);
        if (!size) throw new HttpProtocolError('a chunk size is not hexadecimal');
        this.left = parseInt(size[1]!, 16);
        this.state = this.left === 0 ? 'trailers' : 'data';
      } else if (this.state === 'data-end') {
        if (line !== '') throw new HttpProtocolError('a chunk ran past its size');
        this.state = 'size';
      } else if (line === '') this.state = 'done';
    }
    return kept;
  }
}

/** One GET; the connection carries this request only (Connection: close). */
export function httpGet(url: URL, options: HttpGetOptions): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    // The socket reads straight into the body's chunk at `filled`: no copy and no buffer per read. Only
    // nextRead, when the socket asks where its next read goes, moves to a new chunk: a chunk given to the
    // socket is never taken back behind its back. [0, start) has gone on as copies, [start, filled) waits.
    const take = () => options.pool?.take() ?? Buffer.allocUnsafeSlow(BODY_CHUNK);
    let chunk = take();
    let start = 0;
    let filled = 0;
    let head: Buffer | null = null;
    let framing: Framing | null = null;
    let chunked: ChunkedDecoder | null = null;
    let flushTimer: NodeJS.Timeout | null = null;
    let finished = false;

    // Whether the body's queue is full: reads wait until its reader asks for more. The flag, not only pause():
    // a resume() from an earlier ask restarts the socket on a later tick, after a pause made in between.
    let full = false;
    const body = new Readable({
      highWaterMark: 4 * BODY_CHUNK,
      read: () => {
        full = false;
        socket.resume();
      },
      destroy: (error, done) => {
        socket.destroy();
        done(error);
      },
    });
    // A failure before its reader listens (a reset while the caller waits on its database) stays in
    // body.errored for that reader, instead of an 'error' nobody hears taking the process down.
    body.on('error', () => {});
    const push = (piece: Buffer) => {
      if (body.push(piece)) return;
      full = true;
      socket.pause();
    };
    /** A slow link's bytes go on within a few milliseconds, copied, while the chunk fills on. */
    const flushCopy = () => {
      flushTimer = null;
      if (filled === start || finished) return;
      push(Buffer.from(chunk.subarray(start, filled)));
      start = filled;
    };
    /** A full chunk goes on as it is (whole, it can return to the pool) and the next one begins. */
    const seal = () => {
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
      if (filled > start) push(chunk.subarray(start, filled));
      chunk = take();
      start = filled = 0;
    };
    const nextRead = () => {
      if (chunk.length - filled < READ_ROOM) seal();
      return chunk.subarray(filled);
    };
    const end = () => {
      if (finished) return;
      if (flushTimer) clearTimeout(flushTimer);
      if (filled > start) push(chunk.subarray(start, filled));
      finished = true;
      body.push(null);
      socket.end();
    };
    /** Takes the body bytes that just landed at chunk[filled, filled + length). */
    const onBody = (length: number) => {
      if (framing === null || finished) return;
      if (chunked) {
        filled += chunked.compact(chunk.subarray(filled, filled + length));
      } else if (framing.kind === 'length') {
        const n = Math.min(length, framing.left);
        filled += n;
        framing.left -= n;
      } else filled += length;
      if (chunked?.done || (framing.kind === 'length' && framing.left === 0)) return end();
      // A fast link fills the chunk before the timer; a slow one's bytes don't wait for it.
      if (filled > start && !flushTimer) flushTimer = setTimeout(flushCopy, FLUSH_MS);
    };
    const onHead = (length: number) => {
      const bytes = chunk.subarray(filled, filled + length);
      let all = head ? Buffer.concat([head, bytes]) : Buffer.from(bytes);
      for (;;) {
        const split = all.indexOf('\r\n\r\n');
        if (split === -1) {
          if (all.length > MAX_HEAD) throw new HttpProtocolError('its headers are too long');
          head = all;
          return;
        }
        const parsed = parseHead(all.toString('latin1', 0, split));
        all = all.subarray(split + 4);
        // 1xx answers (100 Continue, 103 Early Hints) come before the real one.
        if (parsed.status < 200) continue;
        clearTimeout(answerTimer);
        head = null;
        framing = framingOf(parsed.status, parsed.headers);
        if (framing.kind === 'chunked') chunked = new ChunkedDecoder();
        resolve({ ...parsed, body, destroy: (error) => body.destroy(error) });
        // The body's first bytes came with the headers: they go where the next read would have.
        all.copy(chunk, filled);
        if (framing.kind === 'length' && framing.left === 0) end();
        else onBody(all.length);
        return;
      }
    };

    const target = {
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      lookup: options.lookup,
      onread: {
        buffer: nextRead,
        callback: (length: number) => {
          try {
            if (framing === null) onHead(length);
            else onBody(length);
          } catch (e) {
            socket.destroy(e as Error);
          }
          // A read that came while the queue was full stops the socket again (false pauses it).
          return !full;
        },
      },
    };
    const socket =
      url.protocol === 'https:'
        ? tls.connect({
            ...target,
            servername: net.isIP(target.host) ? undefined : target.host,
            ...(options.ca ? { ca: [...tls.rootCertificates, options.ca] } : {}),
            ALPNProtocols: ['http/1.1'],
          })
        : net.connect(target);
    const answerTimer = setTimeout(() => socket.destroy(options.onAnswerTimeout()), options.answerMs);
    const onAbort = () => socket.destroy(options.signal.reason as Error);
    if (options.signal.aborted) onAbort();
    options.signal.addEventListener('abort', onAbort, { once: true });

    socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
      const lines = [`GET ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
      for (const [name, value] of Object.entries(options.headers)) lines.push(`${name}: ${value}`);
      lines.push('Accept-Encoding: identity', 'Connection: close', '', '');
      socket.write(lines.join('\r\n'));
    });
    socket.on('end', () => {
      if (framing === null)
        return socket.destroy(new HttpProtocolError('the server closed the connection without an answer'));
      if (framing.kind === 'close') return end();
      if (!finished) socket.destroy(new HttpProtocolError('the server closed the connection before the answer ended'));
    });
    socket.on('error', (error: Error) => {
      if (framing === null) reject(error);
      else body.destroy(error);
    });
    socket.on('close', () => {
      clearTimeout(answerTimer);
      if (flushTimer) clearTimeout(flushTimer);
      options.signal.removeEventListener('abort', onAbort);
      if (framing === null) reject(new HttpProtocolError('the server closed the connection without an answer'));
      else if (!finished)
        body.destroy(new HttpProtocolError('the server closed the connection before the answer ended'));
    });
  });
}
