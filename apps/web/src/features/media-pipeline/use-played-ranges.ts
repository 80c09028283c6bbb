import { useEffect, useRef, type RefObject } from 'react';
import type { PlayedRange } from '@cutroom/domain';

/** A jump between two clock readings larger than this is a seek, not playback. */
const MAX_STEP_S = 1.5;

/**
 * Tells `onPlayed` each stretch the video played at normal speed or slower (issue 52): a stretch ends at a
 * pause, a seek, a speed above 1× or the end; what plays faster than 1× is not counted as watched.
 */
export function usePlayedRanges(
  videoRef: RefObject<HTMLVideoElement | null>,
  onPlayed: ((range: PlayedRange) => void) | undefined,
) {
  const told = useRef(onPlayed);
  useEffect(() => {
    told.current = onPlayed;
  });
  const enabled = onPlayed !== undefined;
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !enabled) return;
    let open: PlayedRange | null = null;
    const close = () => {
      if (open && open[1] - open[0] >= 0.25) told.current?.([open[0], open[1]]);
      open = null;
    };
    const tick = () => {
      const at = video.currentTime;
      if (video.paused || video.playbackRate > 1) return close();
      if (open && at >= open[1] && at - open[1] <= MAX_STEP_S) open[1] = at;
      else {
        close();
        open = [at, at];
      }
    };
    // A stretch runs from where playing starts to where it pauses, not only between the clock's ticks.
    const start = () => {
      close();
      if (video.playbackRate <= 1) open = [video.currentTime, video.currentTime];
    };
    const stop = () => {
      const at = video.currentTime;
      if (open && at >= open[1] && at - open[1] <= MAX_STEP_S) open[1] = at;
      close();
    };
    const handlers = [
      ['timeupdate', tick],
      ['playing', start],
      ['pause', stop],
      ['ended', stop],
      ...(['seeking', 'ratechange', 'emptied'] as const).map((e) => [e, close] as const),
    ] as const;
    for (const [e, handler] of handlers) video.addEventListener(e, handler);
    return () => {
      close();
      for (const [e, handler] of handlers) video.removeEventListener(e, handler);
    };
  }, [videoRef, enabled]);
}
