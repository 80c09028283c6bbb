import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { backgroundLoads } from '../app/background-loads';
import { loadLiveEventCheck } from '../lib/live-events';
import { setSignedInHint } from './fake-server';
import { fixedMediaQuery } from './media-query';

// The event stream opens once its schema has loaded (lib/live-events.ts); tests emit events at once.
beforeAll(() => loadLiveEventCheck());

// Screens load lazily (the board, the editor); on a busy 2-core CI machine the first import can pass 1 s.
configure({ asyncUtilTimeout: 5_000 });

// Mantine measures elements and reads media queries; happy-dom lacks a few of the calls it makes.
if (!window.matchMedia) window.matchMedia = (query: string) => fixedMediaQuery(query, false);
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

afterEach(async () => {
  // A loader's background loads must end before the test's environment does (modules load from it).
  await Promise.all([...backgroundLoads]);
  cleanup();
  window.localStorage.clear();
  setSignedInHint(false);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Files share a worker (isolate: false): a test's fake clock must not become the next file's clock.
  vi.useRealTimers();
});
