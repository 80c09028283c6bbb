import { defineProject } from 'vitest/config';

/** The same API tests on a real PostgreSQL server when TEST_DATABASE_URL is set (CI sets it). */
export default defineProject({
  test: {
    name: 'server-pg',
    include: process.env.TEST_DATABASE_URL ? ['src/**/*.test.ts'] : [],
    exclude: ['src/**/*.pglite-only.test.ts'],
    globalSetup: ['src/test/database-template.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Each file builds its own app on its own database; sharing the worker's modules saves their import per file.
    isolate: false,
    env: { TEST_DB: 'pg' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
