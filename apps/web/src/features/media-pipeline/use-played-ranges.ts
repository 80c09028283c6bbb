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
    const events = ['pause', 'seeking', 'ended', 'ratechange', 'emptied'] as const;
    video.addEventListener('timeupdate', tick);
    for (const e of events) video.addEventListener(e, close);
    return () => {
      close();
      video.removeEventListener('timeupdate', tick);
      for (const e of events) video.removeEventListener(e, close);
    };
  }, [videoRef, enabled]);
}
