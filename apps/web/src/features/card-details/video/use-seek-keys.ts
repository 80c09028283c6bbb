import { useEffect, type RefObject } from 'react';

const SEEK_STEP = 5;

/** Arrow keys belong to whatever the user is typing in. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.role === 'slider');

/** ← and → seek by 5 s anywhere on the page, except while typing (spec 001 §2). */
export function useSeekKeys(videoRef: RefObject<HTMLVideoElement | null>, seek: (seconds: number) => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      const video = videoRef.current;
      if (!video || !(video.duration > 0)) return;
      event.preventDefault();
      seek(video.currentTime + (event.key === 'ArrowRight' ? SEEK_STEP : -SEEK_STEP));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [videoRef, seek]);
}
