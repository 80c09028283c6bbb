import { defineProject } from 'vitest/config';

/** Browser journeys against the built app served by a real server process (see global-setup.ts). */
export default defineProject({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    // A journey is many pages and logins: 35 s alone on an idle 2-core machine, near 60 s beside another.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // What a user would wait for a toast or a live update on a loaded 2-core machine; Vitest's default is 1 s.
    expect: { poll: { timeout: 15_000 } },
    // A journey beside the server suites on 2 cores can miss a realtime wait; one retry, named in the CI summary.
    retry: 1,
    // One server per worker (global-setup.ts); E2E_SERVERS=1 runs the journeys one at a time.
    maxWorkers: Math.max(1, Number(process.env.E2E_SERVERS ?? 2)),
  },
});
