import { defineProject } from 'vitest/config';
import { serverTestOptions } from './vitest.shared.ts';

/** API tests on embedded PGlite, always. */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server-pglite',
    include: ['src/**/*.test.ts'],
    env: { TEST_DB: 'pglite' },
  },
});
