import { useEffect, type RefObject } from 'react';
import { UNMEASURED_RATE, frameOfTime, timeOfFrame, type Rate } from '@cutroom/domain';
import type { ReviewRange } from '../../lib/review-context';

/**
 * Plays a range over: past the end of its out-point's frame (or before its in-point) playback goes back to
 * the in-point. Checked on every frame shown where the browser says when (requestVideoFrameCallback), else
 * on each timeupdate.
 */
export function useRangeLoop(
  videoRef: RefObject<HTMLVideoElement | null>,
  range: ReviewRange | null,
  rate: Rate | null,
) {
  const start = range?.in ?? null;
  const out = range?.out ?? null;
  const num = rate?.num ?? UNMEASURED_RATE.num;
  const den = rate?.den ?? UNMEASURED_RATE.den;
  useEffect(() => {
    const video = videoRef.current;
    if (!video || start === null || out === null) return;
    const r = { num, den };
    const end = timeOfFrame(frameOfTime(out, r) + 1, r);
    const check = () => {
      if (!video.paused && (video.currentTime >= end || video.currentTime < start - 0.001)) video.currentTime = start;
    };
    if (typeof video.requestVideoFrameCallback === 'function') {
      let handle = 0;
      const tick = () => {
        check();
        handle = video.requestVideoFrameCallback(tick);
      };
      handle = video.requestVideoFrameCallback(tick);
      return () => video.cancelVideoFrameCallback(handle);
    }
    video.addEventListener('timeupdate', check);
    return () => video.removeEventListener('timeupdate', check);
  }, [videoRef, start, out, num, den]);
}
