import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** One runner for every layer; `npm test` picks the projects (DESIGN §6, docs/testing.md). */
export default defineConfig({
  test: {
    // One worker per core (Vitest's default leaves one core idle: a single worker on a 2-core machine).
    maxWorkers: os.availableParallelism(),
    // TEST_COUNTS_FILE collects each project's test counts for the summary `.ci/run` prints.
    reporters: process.env.TEST_COUNTS_FILE ? ['default', './scripts/test-counts-reporter.ts'] : ['default'],
    projects: [
      'packages/domain',
      'apps/server/vitest.pglite.config.ts',
      'apps/server/vitest.pg.config.ts',
      'apps/web',
      'e2e',
    ],
  },
});
