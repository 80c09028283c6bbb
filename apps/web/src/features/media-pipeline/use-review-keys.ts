import { useEffect, useRef, type RefObject } from 'react';
import { UNMEASURED_RATE, frameOfTime, seekTimeOfFrame, type Rate } from '@cutroom/domain';
import { SEEK_STEP, SHUTTLE_SPEEDS } from './shortcuts';

/** Where a step of `by` frames from the one showing at `now` seeks: the middle of that frame (30 fps unmeasured). */
export function frameStepTime(now: number, rate: Rate | null | undefined, by: number): number {
  const r = rate ?? UNMEASURED_RATE;
  return seekTimeOfFrame(Math.max(0, frameOfTime(now, r) + by), r);
}

/**
 * Keys belong to whatever the user is typing in. The timeline's seek slider is not one: a click on it (a
 * reviewer's first move) leaves the focus there, and the review keys must still work.
 */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Space presses a focused button, link or menu item itself: it plays and pauses only from elsewhere. */
const pressesItself = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  !!target.closest(
    'button, a[href], summary, [role="button"], [role="menuitem"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="option"]',
  );

/** Reverse play seeks back this often: the element itself plays only forwards. */
const REVERSE_TICK_MS = 50;

const nextShuttle = (speed: number) => SHUTTLE_SPEEDS.find((s) => s > speed) ?? SHUTTLE_SPEEDS.at(-1)!;

interface ReviewKeysOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  seek: (seconds: number) => void;
  /** The time on the clock: the element's, held to the measured last frame. */
  now: () => number;
  /** Play or pause, as the play button does. */
  toggle: () => void;
  /** The video's frame rate; frames step at 30 a second when the media pipeline hasn't measured it. */
  rate: Rate | null;
  onShortcuts: () => void;
  /** I and O: the middle of the frame on screen becomes the range's in or out point. */
  onMark: (point: 'in' | 'out', seconds: number) => void;
}

/**
 * The review player's keys anywhere on the page, except while typing: ← → jump 5 s (spec 001 §2), , .
 * step a frame, J K L shuttle (K held with J or L steps a frame), ? opens the shortcut sheet.
 */
export function useReviewKeys({ videoRef, seek, now, toggle, rate, onShortcuts, onMark }: ReviewKeysOptions) {
  const kHeld = useRef(false);
  const reverse = useRef<{ timer: number; speed: number } | null>(null);
  // L pressed again while playing shuttles faster; K ends the shuttle, and the next play is at 1×.
  const shuttling = useRef(false);
  const latest = useRef({ seek, now, toggle, rate, onShortcuts, onMark });
  useEffect(() => {
    latest.current = { seek, now, toggle, rate, onShortcuts, onMark };
  });

  useEffect(() => {
    const stopReverse = () => {
      if (reverse.current) window.clearInterval(reverse.current.timer);
      reverse.current = null;
    };
    /** Pauses and shows the frame `by` frames from the one on screen, in the middle of it. */
    const step = (video: HTMLVideoElement, by: number) => {
      stopReverse();
      video.pause();
      latest.current.seek(frameStepTime(latest.current.now(), latest.current.rate, by));
    };
    const mark = (video: HTMLVideoElement, point: 'in' | 'out') => {
      latest.current.onMark(point, frameStepTime(latest.current.now(), latest.current.rate, 0));
    };
    const forward = (video: HTMLVideoElement) => {
      const wasReversing = reverse.current !== null;
      stopReverse();
      const playing = !video.paused && !video.ended;
      const faster = playing && !wasReversing;
      video.playbackRate = faster ? nextShuttle(video.playbackRate) : 1;
      shuttling.current = faster;
      if (!playing) void video.play().catch(() => undefined);
    };
    const backward = (video: HTMLVideoElement) => {
      video.pause();
      const speed = reverse.current ? nextShuttle(reverse.current.speed) : 1;
      stopReverse();
      const timer = window.setInterval(() => {
        const at = video.currentTime - (REVERSE_TICK_MS / 1_000) * speed;
        latest.current.seek(Math.max(0, at));
        if (at <= 0) stopReverse();
      }, REVERSE_TICK_MS);
      reverse.current = { timer, speed };
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === '?') {
        event.preventDefault();
        latest.current.onShortcuts();
        return;
      }
      const video = videoRef.current;
      if (!video || !(video.duration > 0)) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const act: Record<string, () => void> = {
        ArrowLeft: () => latest.current.seek(latest.current.now() - SEEK_STEP),
        ArrowRight: () => latest.current.seek(latest.current.now() + SEEK_STEP),
        ',': () => step(video, -1),
        '.': () => step(video, 1),
        k: () => {
          kHeld.current = true;
          stopReverse();
          video.pause();
          if (shuttling.current) video.playbackRate = 1;
          shuttling.current = false;
        },
        ' ': () => {
          stopReverse();
          latest.current.toggle();
        },
        l: () => (kHeld.current ? step(video, 1) : forward(video)),
        j: () => (kHeld.current ? step(video, -1) : backward(video)),
        i: () => mark(video, 'in'),
        o: () => mark(video, 'out'),
      };
      const action = act[key];
      if (!action || (key === ' ' && pressesItself(event.target))) return;
      event.preventDefault();
      if (key === 'k' && event.repeat) return;
      action();
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k') kHeld.current = false;
    };
    // A window left with K down never hears it come up.
    const onBlur = () => (kHeld.current = false);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);
    return () => {
      stopReverse();
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
    };
  }, [videoRef]);
}
