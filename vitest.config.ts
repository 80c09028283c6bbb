import { defineConfig } from 'vitest/config';

/** One runner for every layer; `npm test` picks the projects (DESIGN §6). */
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/server/vitest.pglite.config.ts',
      'apps/server/vitest.pg.config.ts',
      'apps/web',
      'e2e',
    ],
  },
});
