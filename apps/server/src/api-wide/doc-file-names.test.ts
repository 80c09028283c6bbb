import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A doc that names a file that moved sends the next reader nowhere (issue 50): every file any doc or README
// names in backticks must exist.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', '.git', 'data']);

/** The repo's Markdown: README.md, docs/, and the READMEs beside the code. */
function markdownFiles(dir = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(file));
    else if (entry.name.endsWith('.md')) found.push(file);
  }
  return found;
}

/** Where a doc's names may start: the repo, the doc's own folder, and the source roots prose talks from. */
const rootsFor = (doc: string) => [
  '',
  path.dirname(doc),
  'apps/server/src',
  'apps/server/src/features',
  'apps/server/src/api-wide',
  'apps/server',
  'apps/web/src',
  'apps/web/src/features',
  'apps/web',
  'packages/domain/src',
  'packages/domain',
  'e2e',
  'bench',
  'scripts',
  'docs',
];

/** Paths in backticks with a folder and a source or doc extension, and docs/*.md anywhere in the text. */
function namedFiles(text: string): string[] {
  const named = new Set([
    ...[...text.matchAll(/`([\w.@-]+(?:\/[\w.@-]+)+\.(?:ts|tsx|mjs|js|md|json|css|sql))`/g)].map(([, p]) => p ?? ''),
    ...[...text.matchAll(/(?<![\w./-])docs\/[\w-]+\.md\b/g)].map(([p]) => p),
  ]);
  // Patterns and placeholders (`features/<x>/public.ts`, `*.test.ts`) are not names of one file; a file
  // outside the repo (`../shared/…`) or a build's output (`dist/…`) is not in a clean clone to check.
  return [...named].filter((p) => !/[<>*{}]/.test(p) && !p.startsWith('../') && !/(^|\/)dist\//.test(p));
}

describe('files the docs name', () => {
  const docs = markdownFiles();

  it('finds the docs to check', () => {
    expect(docs).toContain('README.md');
    expect(docs).toContain(path.join('docs', 'architecture.md'));
    expect(docs.length).toBeGreaterThan(10);
  });

  it('every file a doc or README names exists', () => {
    const missing = docs.flatMap((doc) => {
      const roots = rootsFor(doc);
      return namedFiles(readFileSync(path.join(ROOT, doc), 'utf8'))
        .filter((name) => !roots.some((root) => existsSync(path.join(ROOT, root, name))))
        .map((name) => `${doc}: ${name}`);
    });
    expect(missing, 'files named in docs that exist under none of the roots they could start from').toEqual([]);
  });
});
