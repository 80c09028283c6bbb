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
