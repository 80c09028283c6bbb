import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { VideoPlayer } from './video-player';

/** jsdom plays nothing: the element's position and length are set by hand, as the browser would report them. */
function place(video: HTMLElement, { time, duration }: { time: number; duration: number }) {
  Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: time });
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
}

function renderPlayer() {
  const onPlayback = vi.fn();
  render(
    <AppProviders env="test">
      <VideoPlayer
        src="/files/media/1/clip.mp4"
        markers={[]}
        annotations={[]}
        pending={null}
        canAnnotate={false}
        drawing={null}
        onDrawingChange={() => {}}
        onDraw={() => {}}
        onPlayback={onPlayback}
        onPlayableChange={() => {}}
      />
    </AppProviders>,
  );
  return { video: screen.getByTestId('video-element'), clock: screen.getByTestId('video-time'), onPlayback };
}

describe('video player clock', () => {
  it('reads the time back from the element when the source loads with its frame at the end (issue 18)', () => {
    const { video, clock, onPlayback } = renderPlayer();
    place(video, { time: 24, duration: 24 });
    fireEvent.loadedMetadata(video);
    expect(clock.textContent).toBe('0:24 / 0:24');
    expect(onPlayback).toHaveBeenLastCalledWith({ time: 24, playing: false });
    // No big Play button over a frame that is not the first.
    expect(screen.queryByRole('button', { name: 'Play video' })).toBeNull();
  });

  it('follows the element when its source reloads and when a frame is decoded', () => {
    const { video, clock } = renderPlayer();
    place(video, { time: 12.4, duration: 24 });
    fireEvent.loadedMetadata(video);
    expect(clock.textContent).toBe('0:12 / 0:24');
    place(video, { time: 0, duration: 24 });
    fireEvent.emptied(video);
    expect(clock.textContent).toBe('0:00 / 0:24');
    place(video, { time: 23.98, duration: 24 });
    fireEvent.loadedData(video);
    expect(clock.textContent).toBe('0:24 / 0:24');
  });

  it('is ready when the file had its metadata before the element was mounted, with no event to hear (a cached file)', () => {
    const proto = HTMLMediaElement.prototype;
    const saved = ['readyState', 'duration', 'currentTime'].map(
      (key) => [key, Object.getOwnPropertyDescriptor(proto, key)] as const,
    );
    Object.defineProperty(proto, 'readyState', { configurable: true, get: () => 4 /* HAVE_ENOUGH_DATA */ });
    Object.defineProperty(proto, 'duration', { configurable: true, get: () => 24 });
    Object.defineProperty(proto, 'currentTime', { configurable: true, get: () => 0, set: () => {} });
    try {
      const { clock } = renderPlayer();
      expect(screen.getByTestId('video-player').getAttribute('data-status')).toBe('ready');
      expect(clock.textContent).toBe('0:00 / 0:24');
    } finally {
      for (const [key, descriptor] of saved) {
        if (descriptor) Object.defineProperty(proto, key, descriptor);
        else delete (proto as unknown as Record<string, unknown>)[key];
      }
    }
  });
});
