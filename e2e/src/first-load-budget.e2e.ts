import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FIRST_LOAD_BUDGET_BYTES,
  defaultDist,
  formatFirstLoad,
  measureFirstLoad,
} from '../../apps/web/first-load-budget.js';
import { PRECOMPRESS_MIN_BYTES } from '../../apps/web/precompress.js';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '@cutroom/domain';
import { DRAWN_PAGES_CHUNK } from '../../apps/web/drawn-chunk.js';

/**
 * A drawn page's own code (the board's, a card's) beyond the first load comes in this many files at most (issue 55):
 * each file's arrival is a task on a phone's main thread, and split by rolldown with the routes sharing it, it was 54.
 */
const DRAWN_PAGE_MAX_FILES = 8;

// The e2e setup has just built the web app (global-setup.ts), so these check the build the journeys use.
describe('the first load (issue 17)', () => {
  it(`keeps the JS and CSS index.html loads at once within ${FIRST_LOAD_BUDGET_BYTES / 1000} KB gzip -9`, () => {
    const files = measureFirstLoad();
    console.log(formatFirstLoad(files));
    expect(files.some((f) => f.file.endsWith('.js'))).toBe(true);
    expect(files.some((f) => f.file.endsWith('.css'))).toBe(true);
    expect(files.reduce((sum, f) => sum + f.gzipBytes, 0)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });

  it('has a brotli and a gzip copy beside index.html and every file it loads at once', () => {
    for (const file of ['/index.html', ...measureFirstLoad().map((f) => f.file)]) {
      const size = fs.statSync(path.join(defaultDist, file)).size;
      if (size < PRECOMPRESS_MIN_BYTES) continue;
      expect(fs.existsSync(path.join(defaultDist, `${file}.br`)), `${file}.br`).toBe(true);
      expect(fs.existsSync(path.join(defaultDist, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
  });
});

describe("the drawn pages' code (issue 55)", () => {
  const preloads = JSON.parse(fs.readFileSync(path.join(defaultDist, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreloads;

  it(`comes in at most ${DRAWN_PAGE_MAX_FILES} files beyond the first load, for the board and for a card`, () => {
    for (const [page, files] of Object.entries(preloads)) {
      console.log(`${page}: ${files.js.length} files`, files.js);
      expect(files.js.length, page).toBeGreaterThan(0);
      expect(files.js.length, page).toBeLessThanOrEqual(DRAWN_PAGE_MAX_FILES);
    }
  });

  it('is never fetched by the signed-out pages: signing up loads its own few files', () => {
    const assets = path.join(defaultDist, 'assets');
    const signedOut = fs
      .readdirSync(assets)
      .filter((f) => /^(signup|password-reset|verify-email)-page-.*\.js$/.test(f));
    expect(signedOut).toHaveLength(3);
    for (const file of signedOut) {
      const imported = [...fs.readFileSync(path.join(assets, file), 'utf8').matchAll(/from\s*"\.\/([\w.-]+\.js)"/g)];
      expect(imported.length, file).toBeGreaterThan(0);
      expect(
        imported.map((m) => m[1]!).filter((f) => f.startsWith(`${DRAWN_PAGES_CHUNK}-`)),
        file,
      ).toEqual([]);
    }
  });
});
