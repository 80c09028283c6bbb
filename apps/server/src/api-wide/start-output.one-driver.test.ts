import { afterEach, describe, expect, it, vi } from 'vitest';
import { runQuietly } from '../../../../scripts/build-web.mjs';

// `npm start` said 391 lines of Vite's asset list before the logins (issue 54): the web build says one line.

/**
 * A command that writes what Vite writes: a line per built file, then how long it took. It sets its exit code
 * rather than exiting: process.exit() drops what a piped stdout has not written yet (325 of 391 lines, once).
 */
const viteLike = (files: number, exit = 0) =>
  `node -e "for (let i = 0; i < ${files}; i++) console.log('dist/assets/chunk-' + i + '.js  1.00 kB'); console.log('built in 4.2s'); process.exitCode = ${exit}"`;

afterEach(() => vi.restoreAllMocks());

describe('the web build as npm start shows it', () => {
  it('is one line with the time and the number of files, however many Vite lists', () => {
    // Lines of its own, not console.log's: other files of this worker may still be logging.
    const lines: string[] = [];
    runQuietly(viteLike(391), { log: (line) => lines.push(line) });
    expect(lines).toEqual([expect.stringMatching(/^Built the web app in \d+\.\d s \(391 files in apps\/web\/dist\)$/)]);
  });

  it('prints everything the build said when it fails, and fails', () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(() => runQuietly(viteLike(3, 1), { log: () => {} })).toThrow();
    expect(out.mock.calls.map((c) => String(c[0])).join('')).toContain('dist/assets/chunk-2.js');
  });
});
