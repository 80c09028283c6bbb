import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress, { type FastifyCompressOptions } from '@fastify/compress';

/**
 * JSON replies of at least this size go out compressed when the client asks: below it the headers
 * and the CPU cost more than the bytes saved.
 */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * What a JSON route compresses with: brotli at quality 4 (11, its default, costs ~20x the time for
 * a few percent) or gzip at level 5; only JSON (never event streams, files or CSV downloads).
 */
export const JSON_COMPRESSION = {
  threshold: COMPRESS_FROM_BYTES,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 5 },
  customTypes: /^application\/json(?:;|$)/,
} satisfies FastifyCompressOptions;

/**
 * The compress plugin, applied to no route by default: `serve` turns it on for JSON API routes. A
 * reply that already has a content-encoding (the web app's pre-compressed files) is left alone by
 * the plugin, and request bodies are never inflated (a small gzip body could expand past bodyLimit's intent).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, { ...JSON_COMPRESSION, global: false, globalDecompression: false });
}
