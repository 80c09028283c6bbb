import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * JSON replies of at least this size go out compressed when the client asks: below it the headers
 * and the CPU cost more than the bytes saved.
 */
export const COMPRESS_FROM_BYTES = 1024;
/** Up to this size a reply is compressed in one synchronous call (~40 µs for a board page); larger ones on the thread pool. */
const SYNC_UP_TO_BYTES = 256 * 1024;

type Encoding = 'br' | 'gzip';
/** Brotli at quality 4 (its default 11 costs ~20x the time for a few percent), a 256 KB window; gzip at level 5. */
const brotliOptions = (size: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
const GZIP_OPTIONS = { level: 5 };
const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/** The encoding the client prefers among br and gzip (`q=0` refuses one); brotli when both rank the same. */
export function pickEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  let best: Encoding | undefined;
  let bestQ = 0;
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? 1);
    const name = token === '*' ? 'br' : token;
    if (!(q > 0) || (name !== 'br' && name !== 'gzip')) continue;
    if (q > bestQ || (q === bestQ && name === 'br')) [best, bestQ] = [name, q];
  }
  return best;
}

/** JSON replies, and the web app's page (its HTML carries each page's own links, so it is written per request). */
const isCompressible = (reply: FastifyReply) =>
  /^(?:application\/json|text\/html)(?:;|$)/.test(String(reply.getHeader('content-type') ?? ''));

async function compressed(payload: string | Buffer, encoding: Encoding, size: number): Promise<Buffer> {
  if (size <= SYNC_UP_TO_BYTES)
    return encoding === 'br'
      ? zlib.brotliCompressSync(payload, brotliOptions(size))
      : zlib.gzipSync(payload, GZIP_OPTIONS);
  return encoding === 'br' ? brotliAsync(payload, brotliOptions(size)) : gzipAsync(payload, GZIP_OPTIONS);
}

/**
 * Compresses JSON and HTML replies, whole and in one call (a compression stream per reply cost ~10x as much
 * for board-sized replies). Streams are left alone (files, downloads, ranges, event streams, which
 * are hijacked anyway), as is anything already encoded (the web app's pre-compressed files).
 */
export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_FROM_BYTES || reply.hasHeader('content-encoding') || !isCompressible(reply)) return payload;
    // Whether this reply is compressed depends on the request's Accept-Encoding: caches must know.
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = await compressed(payload, encoding, size);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
