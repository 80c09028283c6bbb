// Brotli and gzip copies of the built files, made once at build time and served by the API process
// (apps/server/src/platform/web-app.ts, @fastify/static's preCompressed) by the browser's Accept-Encoding.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; source maps are left as they are (only developer tools fetch them). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a response fits its first packets anyway. */
export const PRECOMPRESS_MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Writes file.br (quality 11) and file.gz (level 9) beside each compressible file where that saves bytes. */
export function precompressDir(dir: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = fs.readFileSync(file);
    if (content.length < PRECOMPRESS_MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = zlib.gzipSync(content, { level: 9 });
    if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
    totals.files += 1;
    totals.bytes += content.length;
    totals.brotliBytes += Math.min(brotli.length, content.length);
  }
  return totals;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'cutroom:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const { files, bytes, brotliBytes } = precompressDir(outDir);
      this.info(
        `pre-compressed ${files} files: ${Math.round(bytes / 1024)} KiB -> ${Math.round(brotliBytes / 1024)} KiB brotli`,
      );
    },
  };
}
