import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePlayedRanges } from './use-played-ranges';

/** A <video> whose clock, state and speed the test sets, firing the events the hook listens to. */
function fakeVideo() {
  const video = document.createElement('video');
  const state = { time: 0, paused: true, rate: 1 };
  Object.defineProperty(video, 'currentTime', { get: () => state.time });
  Object.defineProperty(video, 'paused', { get: () => state.paused });
  Object.defineProperty(video, 'playbackRate', { get: () => state.rate });
  const at = (time: number) => {
    state.time = time;
    video.dispatchEvent(new Event('timeupdate'));
  };
  return { video, state, at, fire: (type: string) => video.dispatchEvent(new Event(type)) };
}

describe('the stretches a player played', () => {
  it('runs from the first reading to the last at 1×, and ends at a pause, a seek or a faster speed', () => {
    const { video, state, at, fire } = fakeVideo();
    const onPlayed = vi.fn();
    renderHook(() => usePlayedRanges({ current: video }, onPlayed));
    state.paused = false;
    [0, 0.25, 0.5, 1, 1.5, 2].forEach(at);
    state.paused = true;
    fire('pause');
    expect(onPlayed).toHaveBeenLastCalledWith([0, 2]);

    // A jump is a seek: two stretches.
    state.paused = false;
    [10, 10.5, 11, 30, 30.5, 31].forEach(at);
    fire('pause');
    expect(onPlayed.mock.calls.slice(1).map((c) => c[0])).toEqual([
      [10, 11],
      [30, 31],
    ]);

    // At 2× nothing counts.
    state.rate = 2;
    fire('ratechange');
    [40, 40.5, 41, 42].forEach(at);
    fire('pause');
    expect(onPlayed).toHaveBeenCalledTimes(3);
  });

  it('counts from where playing starts to where it pauses, not only between the clock readings', () => {
    const { video, state, at, fire } = fakeVideo();
    const onPlayed = vi.fn();
    renderHook(() => usePlayedRanges({ current: video }, onPlayed));
    state.time = 3;
    state.paused = false;
    fire('playing');
    [3.25, 3.5].forEach(at);
    state.time = 3.7;
    state.paused = true;
    fire('pause');
    expect(onPlayed).toHaveBeenCalledWith([3, 3.7]);
  });

  it('reports nothing without a listener', () => {
    const { video, state, at, fire } = fakeVideo();
    const spy = vi.spyOn(video, 'addEventListener');
    renderHook(() => usePlayedRanges({ current: video }, undefined));
    state.paused = false;
    [0, 1, 2].forEach(at);
    fire('pause');
    expect(spy).not.toHaveBeenCalled();
  });
});
