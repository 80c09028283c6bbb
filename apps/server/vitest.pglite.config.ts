import { defineProject } from 'vitest/config';
import { serverTestOptions } from './vitest.shared.ts';

/** API tests on embedded PGlite, always. */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server-pglite',
    include: ['src/**/*.test.ts'],
    // A driver-blind walk runs once: on PostgreSQL when there is one (vitest.pg.config.ts), else here.
    exclude: process.env.TEST_DATABASE_URL ? ['src/**/*.one-driver.test.ts'] : [],
    env: { TEST_DB: 'pglite' },
  },
});
