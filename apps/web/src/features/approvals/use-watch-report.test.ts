import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushWatchReports, useWatchReport } from './use-watch-report';

afterEach(() => vi.useRealTimers());

describe('the played stretches sent to the server', () => {
  it('go in batches every 20 s, merged, under the version they were played on', async () => {
    vi.useFakeTimers();
    const send = vi.fn(() => Promise.resolve());
    const { result, rerender, unmount } = renderHook(({ version }) => useWatchReport(version, send), {
      initialProps: { version: 0 },
    });
    result.current!([0, 5]);
    result.current!([4, 9]);
    result.current!([20, 25]);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(send).toHaveBeenCalledWith(0, [
      [0, 9],
      [20, 25],
    ]);

    // Another version starts: what was left of the first goes under its own number.
    result.current!([30, 31]);
    rerender({ version: 1 });
    result.current!([0, 2]);
    expect(send).toHaveBeenLastCalledWith(0, [[30, 31]]);
    unmount();
    expect(send).toHaveBeenLastCalledWith(1, [[0, 2]]);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('reports nothing for a video that is no delivered version', () => {
    const send = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useWatchReport(null, send));
    expect(result.current).toBeUndefined();
  });

  it('sends what is waiting when a decision asks, and settles once the server has it', async () => {
    let arrived = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (arrived = resolve)));
    const { result, unmount } = renderHook(() => useWatchReport(2, send));
    result.current!([10, 12]);
    let settled = false;
    const flushed = flushWatchReports().then(() => (settled = true));
    expect(send).toHaveBeenCalledWith(2, [[10, 12]]);
    await Promise.resolve();
    expect(settled).toBe(false);
    arrived();
    await flushed;
    expect(settled).toBe(true);
    unmount();
    // Nothing waits after unmounting: no report is left to flush.
    await flushWatchReports();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
