import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWatchReport } from './use-watch-report';

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
});
