import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A file's environment is its own; its modules are the worker's, imported once (setup.ts cleans up after each test).
    isolate: false,
    // A user-event test takes under a second alone, but CI's two cores also run the server projects: one took
    // over 5 s there (a clean-clone run with other tests beside it). Files that need longer still say so.
    testTimeout: 15_000,
    // A starved jsdom test can still miss its 5 s wait (a dialog that never showed, once in ~40 CI runs): one retry,
    // and the CI summary names every test that needed it (scripts/test-counts-reporter.ts).
    retry: 1,
  },
});
