import { defineProject } from 'vitest/config';

/** API tests on embedded PGlite, always. */
export default defineProject({
  test: {
    name: 'server-pglite',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/database-template.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Each file builds its own app on its own database; sharing the worker's modules saves their import per file.
    isolate: false,
    env: { TEST_DB: 'pglite' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
