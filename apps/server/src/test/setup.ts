import { afterAll, vi } from 'vitest';

// The files of a worker share its modules (isolate: false, docs/testing.md): nothing one fakes outlives it.
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
