import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedTimers } from './query-timers';
import { soon } from './soon';

// The spies first: a spy on the fake setTimeout, restored after the real one is back, would leave the fake in place
// for every later file of this worker (isolate: false).
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("the query cache's shared timers", () => {
  it('run each callback when it is due, never one cleared, on one browser timer for many', () => {
    vi.useFakeTimers();
    const browserTimers = vi.spyOn(globalThis, 'setTimeout');
    const ran: string[] = [];
    sharedTimers.setTimeout(() => ran.push('gc'), 300_000);
    const stale = sharedTimers.setTimeout(() => ran.push('stale'), 30_000);
    for (let i = 0; i < 20; i++) sharedTimers.clearTimeout(sharedTimers.setTimeout(() => ran.push('churn'), 60_000));
    sharedTimers.setTimeout(() => ran.push('soon'), 1_000);
    // The 300 s timer, then the earlier 30 s and 1 s ones: later ones ride on the timer already set.
    expect(browserTimers).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(1_000);
    expect(ran).toEqual(['soon']);
    sharedTimers.clearTimeout(stale);
    vi.advanceTimersByTime(300_000);
    expect(ran).toEqual(['soon', 'gc']);
  });

  it("runs the other due callbacks when one throws, and reports that one's error", () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    const failed = new Error('a callback failed');
    sharedTimers.setTimeout(() => {
      throw failed;
    }, 10);
    sharedTimers.setTimeout(() => ran.push('after'), 10);
    const reported = vi.fn();
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) => {
      try {
        task();
      } catch (error) {
        reported(error);
      }
    });
    vi.advanceTimersByTime(10);
    expect(ran).toEqual(['after']);
    expect(reported).toHaveBeenCalledWith(failed);
  });
});

describe('soon', () => {
  it('runs each callback in a task of its own, in the order asked, after the current one', async () => {
    const log: string[] = [];
    soon(() => {
      log.push('first');
      queueMicrotask(() => log.push('|'));
    });
    soon(() => log.push('second'));
    log.push('now');
    await vi.waitFor(() => expect(log).toContain('second'));
    expect(log).toEqual(['now', 'first', '|', 'second']);
  });
});
