import { defineProject } from 'vitest/config';
import { serverTestOptions } from './vitest.shared.ts';

/** The same API tests on a real PostgreSQL server when TEST_DATABASE_URL is set (CI sets it). */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server-pg',
    include: process.env.TEST_DATABASE_URL ? ['src/**/*.test.ts'] : [],
    exclude: ['src/**/*.pglite-only.test.ts'],
    env: { TEST_DB: 'pg' },
  },
});
