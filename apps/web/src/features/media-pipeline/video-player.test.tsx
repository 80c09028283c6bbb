import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { VideoPlayer } from './video-player';
import { withCachedMedia } from '../../test/media';
import { makeMedia } from '../../test/fixtures';
import type { MediaView } from '@cutroom/domain/schemas';
import userEvent from '@testing-library/user-event';

/** jsdom plays nothing: the element's position and length are set by hand, as the browser would report them. */
function place(video: HTMLElement, { time, duration }: { time: number; duration: number }) {
  Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: time });
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
}

function renderPlayer(media: MediaView | null = null) {
  const onPlayback = vi.fn();
  render(
    <AppProviders env="test">
      <input aria-label="Comment" />
      <VideoPlayer
        media={media}
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

/** No poster, scrub track or waveform to fetch: the tests are about the keys. */
const noFiles = { poster_url: null, sprite_url: null, waveform_url: null };

describe('review player keys', () => {
  /** A 25 fps video the media pipeline measured, standing on `time`. */
  function at25(time: number) {
    const rendered = renderPlayer(makeMedia({ fps: 25, fps_rational: '25/1', ...noFiles }));
    place(rendered.video, { time, duration: 24 });
    fireEvent.loadedMetadata(rendered.video);
    return rendered;
  }
  const now = (video: HTMLElement) => (video as HTMLVideoElement).currentTime;

  it('. and , step one frame, landing in the middle of it, and ten steps are ten frames', async () => {
    const user = userEvent.setup();
    const { video } = at25(2.0);
    await user.keyboard('.');
    // Frame 51 of 25 fps runs from 2.04 s to 2.08 s: the seek lands at 2.06 s.
    expect(now(video)).toBeCloseTo(2.06, 6);
    await user.keyboard('..........');
    expect(now(video)).toBeCloseTo(2.46, 6);
    await user.keyboard(',,');
    expect(now(video)).toBeCloseTo(2.38, 6);
  });

  it('steps a frame with its buttons too, and the clock shows the frame before the seek has ended (issue 55)', async () => {
    const user = userEvent.setup();
    const { video } = at25(2.0);
    await user.click(screen.getByRole('button', { name: /^Time shown as/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Seconds (to the millisecond)' }));
    // No seeked event comes: the clock is the step's answer, the picture follows when the browser has it.
    await user.click(screen.getByRole('button', { name: 'Next frame' }));
    expect(now(video)).toBeCloseTo(2.06, 6);
    expect(screen.getByTestId('video-time').textContent).toBe('2.060 s / 24.000 s');
    await user.click(screen.getByRole('button', { name: 'Previous frame' }));
    await user.click(screen.getByRole('button', { name: 'Previous frame' }));
    expect(now(video)).toBeCloseTo(1.98, 6);
    expect(screen.getByTestId('video-time').textContent).toBe('1.980 s / 24.000 s');
    window.localStorage.removeItem('timecodeMode');
  });

  it('steps at 29.97 to the frame the note names, and at 30 a second when the rate is unknown', async () => {
    const user = userEvent.setup();
    const ntsc = renderPlayer(makeMedia({ fps: 29.97, fps_rational: '30000/1001', ...noFiles }));
    place(ntsc.video, { time: 1, duration: 24 });
    fireEvent.loadedMetadata(ntsc.video);
    await user.keyboard('.');
    // 1 s shows frame 29 (0.968–1.001 s); the next is frame 30, whose middle is 1.018 s.
    expect(now(ntsc.video)).toBeCloseTo(1.018, 3);
    cleanup();
    const unknown = renderPlayer(null);
    place(unknown.video, { time: 1, duration: 24 });
    fireEvent.loadedMetadata(unknown.video);
    await user.keyboard('.');
    // Frame 30 starts at 1 s at 30 fps; frame 31's middle is 1.05 s.
    expect(now(unknown.video)).toBeCloseTo(1.05, 3);
  });

  it('does nothing while the user types', async () => {
    const user = userEvent.setup();
    const { video } = at25(2.0);
    await user.click(screen.getByRole('textbox', { name: 'Comment' }));
    await user.keyboard('..,jkl?');
    expect(now(video)).toBe(2);
    expect(screen.queryByTestId('shortcut-sheet')).toBeNull();
  });

  it('L plays and speeds up to 2× and 4×, K stops, K held with L or J steps a frame', async () => {
    const user = userEvent.setup();
    const { video } = at25(2.0);
    const el = video as HTMLVideoElement;
    const play = vi.spyOn(el, 'play').mockImplementation(() => {
      Object.defineProperty(el, 'paused', { configurable: true, value: false });
      return Promise.resolve();
    });
    const pause = vi.spyOn(el, 'pause').mockImplementation(() => {
      Object.defineProperty(el, 'paused', { configurable: true, value: true });
    });
    await user.keyboard('l');
    expect(play).toHaveBeenCalledTimes(1);
    expect(el.playbackRate).toBe(1);
    await user.keyboard('l');
    expect(el.playbackRate).toBe(2);
    await user.keyboard('ll');
    expect(el.playbackRate).toBe(4);
    await user.keyboard('k');
    expect(pause).toHaveBeenCalled();
    expect(el.paused).toBe(true);
    await user.keyboard('{k>}l{/k}');
    expect(now(video)).toBeCloseTo(2.06, 6);
    await user.keyboard('{k>}jj{/k}');
    expect(now(video)).toBeCloseTo(1.98, 6);
  });

  it('J plays backwards, faster on each press, and K stops it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { video } = at25(10);
    await user.keyboard('j');
    vi.advanceTimersByTime(1_000);
    expect(now(video)).toBeCloseTo(9, 1);
    await user.keyboard('j');
    vi.advanceTimersByTime(1_000);
    expect(now(video)).toBeCloseTo(7, 1);
    await user.keyboard('k');
    vi.advanceTimersByTime(1_000);
    expect(now(video)).toBeCloseTo(7, 1);
  });

  it('? and the keyboard button show every shortcut', async () => {
    const user = userEvent.setup();
    at25(0);
    await user.keyboard('?');
    const sheet = await screen.findByTestId('shortcut-sheet');
    expect(sheet.textContent).toContain('One frame back or forward');
    expect(sheet.textContent).toContain('Hold K and press J: one frame back');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('shortcut-sheet')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByTestId('shortcut-sheet')).toBeTruthy();
  });

  it('offers speeds from 0.25× to 2×', async () => {
    const user = userEvent.setup();
    const { video } = at25(0);
    await user.click(screen.getByRole('button', { name: 'Playback speed' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['0.25×', '0.5×', '0.75×', '1×', '1.25×', '1.5×', '2×']);
    await user.click(items[0]!);
    expect((video as HTMLVideoElement).playbackRate).toBe(0.25);
    expect((video as HTMLVideoElement).preservesPitch).toBe(true);
  });

  it('shows time as the reviewer picks it, timecode, frames or seconds, and remembers the choice', async () => {
    const user = userEvent.setup();
    const first = at25(12.5);
    const clock = () => screen.getByTestId('video-time').textContent;
    expect(clock()).toBe('0:12 / 0:24');
    const pick = async (label: string) => {
      await user.click(screen.getByRole('button', { name: /^Time shown as/ }));
      await user.click(await screen.findByRole('menuitem', { name: label }));
    };
    await pick('Timecode (HH:MM:SS:FF)');
    expect(clock()).toBe('00:00:12:12 / 00:00:24:00');
    await pick('Frames');
    expect(clock()).toBe('312 f / 600 f');
    await pick('Seconds (to the millisecond)');
    expect(clock()).toBe('12.500 s / 24.000 s');
    await pick('Timecode (HH:MM:SS:FF)');
    first.video.remove();
    cleanup();
    at25(1);
    expect(clock()).toBe('00:00:01:00 / 00:00:24:00');
    window.localStorage.removeItem('timecodeMode');
  });

  it('counts drop-frame timecode at 29.97', async () => {
    window.localStorage.setItem('timecodeMode', 'smpte');
    const { video } = renderPlayer(makeMedia({ fps: 29.97, fps_rational: '30000/1001', ...noFiles }));
    place(video, { time: 60.06, duration: 120 });
    fireEvent.loadedMetadata(video);
    expect(screen.getByTestId('video-time').textContent).toBe('00:01:00;02 / 00:01:59;28');
    window.localStorage.removeItem('timecodeMode');
  });

  it('I and O set a range on the frames shown, drawn on the timeline; loop plays it over', async () => {
    const user = userEvent.setup();
    const { video } = at25(2.0);
    const el = video as HTMLVideoElement;
    await user.keyboard('i');
    el.currentTime = 3.01;
    await user.keyboard('o');
    // The middle of frames 50 and 75: 2.02 s and 3.02 s.
    expect(screen.getByTestId('range-chip').textContent).toContain('0:02.020 – 0:03.020');
    expect(screen.getByTestId('timeline-range')).toBeTruthy();
    // An out-point before the in-point starts the range again.
    el.currentTime = 1;
    await user.keyboard('o');
    expect(screen.getByTestId('range-chip').textContent).toContain('… – 0:01.020');
    el.currentTime = 2.0;
    await user.keyboard('i');
    el.currentTime = 3.01;
    await user.keyboard('o');
    expect(screen.getByTestId('range-chip').textContent).toContain('0:02.020 – 0:03.020');
    await user.click(screen.getByRole('button', { name: 'Loop the range' }));
    expect(screen.getByTestId('loop-toggle').getAttribute('aria-pressed')).toBe('true');
    Object.defineProperty(el, 'paused', { configurable: true, value: false });
    // Past the end of the out-point's frame (3.04 s), playback goes back to the in-point.
    el.currentTime = 3.05;
    fireEvent.timeUpdate(el);
    expect(el.currentTime).toBeCloseTo(2.02, 6);
    el.currentTime = 3.03;
    fireEvent.timeUpdate(el);
    expect(el.currentTime).toBeCloseTo(3.03, 6);
    await user.click(screen.getByRole('button', { name: 'Clear the range' }));
    expect(screen.queryByTestId('range-chip')).toBeNull();
    el.currentTime = 5;
    fireEvent.timeUpdate(el);
    expect(el.currentTime).toBe(5);
  });
});

describe('the frame a reviewer saw (issue 54)', () => {
  /** A 60.000 s video at 30 fps (frames 0–1799) whose proxy's element runs to `elementDuration`. */
  function at30(time: number, elementDuration = 60.01, media: Partial<MediaView> = noFiles) {
    const rendered = renderPlayer(
      makeMedia({ fps: 30, fps_rational: '30/1', duration: 60, frame_count: 1800, ...media }),
    );
    place(rendered.video, { time, duration: elementDuration });
    fireEvent.loadedMetadata(rendered.video);
    return { ...rendered, el: rendered.video as HTMLVideoElement };
  }
  const playing = (el: HTMLVideoElement, on: boolean) =>
    Object.defineProperty(el, 'paused', { configurable: true, value: !on });

  it('holds the clock and the length to the measured last frame when the rendition runs past it', async () => {
    window.localStorage.setItem('timecodeMode', 'frames');
    const { clock, onPlayback, el } = at30(60.01);
    expect(clock.textContent).toBe('1799 f / 1800 f');
    expect(onPlayback).toHaveBeenLastCalledWith({ time: 59.983, playing: false });
    // A step back from the end is frame 1798, not the 1799 the end already shows.
    await userEvent.setup().keyboard(',');
    fireEvent.seeked(el);
    expect(clock.textContent).toBe('1798 f / 1800 f');
    window.localStorage.removeItem('timecodeMode');
  });

  it('settles a pause on the middle of the frame on screen, so clock, picture and note agree', () => {
    const { el, onPlayback } = at30(2);
    playing(el, true);
    fireEvent.play(el);
    // Paused a third of the way into frame 87 (2.9 s to 2.933 s).
    el.currentTime = 2.911;
    playing(el, false);
    fireEvent.pause(el);
    expect(el.currentTime).toBeCloseTo(2.917, 6);
    expect(onPlayback).toHaveBeenLastCalledWith({ time: 2.917, playing: false });
  });

  it('leaves a pause that comes with its own seek (a frame step) where that seek goes', async () => {
    const { el } = at30(2);
    await userEvent.setup().keyboard('.');
    fireEvent.pause(el);
    expect(el.currentTime).toBeCloseTo(seekTime(61), 6);
  });

  it('answers the review keys while the timeline has the focus (after a click on it)', async () => {
    const { el } = at30(2);
    screen.getByTestId('video-timeline').focus();
    await userEvent.setup().keyboard('.');
    expect(el.currentTime).toBeCloseTo(seekTime(61), 6);
  });

  it('ends the L-L shuttle at 1× on K, and plays and pauses on Space (not when a button has the focus)', async () => {
    const user = userEvent.setup();
    const { el } = at30(2);
    vi.spyOn(el, 'play').mockImplementation(() => {
      playing(el, true);
      return Promise.resolve();
    });
    vi.spyOn(el, 'pause').mockImplementation(() => playing(el, false));
    await user.keyboard('ll');
    expect(el.playbackRate).toBe(2);
    await user.keyboard('k');
    expect(el.paused).toBe(true);
    expect(el.playbackRate).toBe(1);
    await user.keyboard(' ');
    expect(el.paused).toBe(false);
    await user.keyboard(' ');
    expect(el.paused).toBe(true);
    // Space on a focused control presses that control, once.
    screen.getByRole('button', { name: 'Keyboard shortcuts' }).focus();
    await user.keyboard(' ');
    expect(el.paused).toBe(true);
    expect(await screen.findByTestId('shortcut-sheet')).toBeTruthy();
  });

  it('shows frame 0 at 0:00 once it is decoded, not the poster made 3 s in', () => {
    const { video } = at30(0, 60, { poster_url: '/api/media/assets/7/poster.jpg' });
    expect(video.getAttribute('poster')).toBe('/api/media/assets/7/poster.jpg');
    Object.defineProperty(video, 'videoWidth', { configurable: true, value: 1920 });
    fireEvent.loadedData(video);
    expect(video.getAttribute('poster')).toBeNull();
  });
});

/** The middle of frame `n` at 30 fps, where a frame step lands. */
const seekTime = (n: number) => Math.round(((n + 0.5) / 30) * 1_000) / 1_000;
