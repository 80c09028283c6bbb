import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { VideoPlayer } from './video-player';
import { withCachedMedia } from '../../../test/media';

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
    withCachedMedia(24, () => {
      const { clock } = renderPlayer();
      expect(screen.getByTestId('video-player').getAttribute('data-status')).toBe('ready');
      expect(clock.textContent).toBe('0:00 / 0:24');
    });
  });
});
