import { defineProject } from 'vitest/config';

/** API tests on embedded PGlite, always. */
export default defineProject({
  test: {
    name: 'server-pglite',
    include: ['src/**/*.test.ts'],
    env: { TEST_DB: 'pglite' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
