// The first-load budget (issue 17): what index.html makes the browser fetch at once, gzipped at level 9.
// Checked by e2e/src/first-load-budget.e2e.ts after the build; `npx tsx apps/web/first-load-budget.ts` prints it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** JS + CSS that index.html loads at once, gzip -9, in bytes (1 KB = 1,000 bytes). */
export const FIRST_LOAD_BUDGET_BYTES = 170_000;

export const defaultDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'dist');

export interface FirstLoadFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** Every script, modulepreload and stylesheet index.html names, with its raw and gzip -9 size. */
export function measureFirstLoad(distDir = defaultDist): FirstLoadFile[] {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const files = new Set<string>();
  for (const tag of tags) {
    const isScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isLoadedLink = /\brel="(modulepreload|stylesheet)"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isScript || isLoadedLink) && url?.startsWith('/') && /\.(js|css)$/.test(url)) files.add(url);
  }
  return [...files].map((url) => {
    const content = fs.readFileSync(path.join(distDir, url));
    return { file: url, bytes: content.length, gzipBytes: zlib.gzipSync(content, { level: 9 }).length };
  });
}

/** One line per file and the total against the budget. */
export function formatFirstLoad(files: FirstLoadFile[]): string {
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  const lines = files.map((f) => `${kb(f.gzipBytes).padStart(9)} gzip  ${kb(f.bytes).padStart(9)} raw  ${f.file}`);
  lines.push(`${kb(total).padStart(9)} gzip in ${files.length} files; budget ${kb(FIRST_LOAD_BUDGET_BYTES)}`);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = measureFirstLoad(process.argv[2] ?? defaultDist);
  console.log(formatFirstLoad(files));
  if (files.reduce((sum, f) => sum + f.gzipBytes, 0) > FIRST_LOAD_BUDGET_BYTES) process.exitCode = 1;
}
