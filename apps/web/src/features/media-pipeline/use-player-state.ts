import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type Ref,
  type VideoHTMLAttributes,
} from 'react';
import { frameOfTime, seekTimeOfFrame, withinVideo, type Rate } from '@cutroom/domain';
import { hasMetadata } from './media-ready';
import type { Playback, PlayerHandle } from '../../lib/review-context';

export type PlayerStatus = 'loading' | 'ready' | 'unplayable';

type MediaEvents = Pick<
  VideoHTMLAttributes<HTMLVideoElement>,
  | 'onLoadedMetadata'
  | 'onDurationChange'
  | 'onError'
  | 'onTimeUpdate'
  | 'onPlay'
  | 'onPause'
  | 'onSeeked'
  | 'onEnded'
  | 'onEmptied'
  | 'onLoadedData'
  | 'onRateChange'
>;

interface PlayerStateOptions {
  ref?: Ref<PlayerHandle>;
  src: string;
  /** Where to start once loaded (a jump from a note about another video). */
  startAt?: number | null;
  /** Called as the play button starts playback (drawing ends there). */
  onStart: () => void;
  onPlayback: (playback: Playback) => void;
  onPlayableChange: (playable: boolean) => void;
  /** The frame rate and length the media pipeline measured, when it did: the clock and a pause keep to its frames. */
  rate?: Rate | null;
  measuredDuration?: number | null;
}

export type PlayerState = ReturnType<typeof usePlayerState>;

/**
 * Sound but no picture: the browser decoded the audio track and not the video's codec (a ProRes .mov
 * in Chromium). It would play as a black box with sound, so it counts as unplayable.
 */
const noPicture = (video: HTMLVideoElement) => video.readyState >= 1 && video.videoWidth === 0;

/**
 * The length the clock shows: the measured one when the element's is within a moment of it (a rendition's
 * overrun); an element far from it is not the video that was measured, and keeps its own.
 */
const shownDuration = (element: number, measured: number | null) =>
  measured && measured > 0 && Math.abs(element - measured) < 0.5 ? measured : element;

/**
 * The playback state of the review player's <video>: what it shows, and the calls that change it.
 * Browser-recorded WebM files report no duration until read to the end; the state finds it before
 * declaring a video unplayable.
 */
export function usePlayerState({
  ref,
  src,
  startAt,
  onStart,
  onPlayback,
  onPlayableChange,
  rate = null,
  measuredDuration = null,
}: PlayerStateOptions) {
  const videoRef = useRef<HTMLVideoElement>(null);
  // The media time of the frame last put on screen while playing: where a pause settles.
  const presented = useRef<number | null>(null);
  const measured = useRef({ rate, duration: measuredDuration });
  useEffect(() => {
    measured.current = { rate, duration: measuredDuration };
  });
  /**
   * The element's time, no later than the measured last frame: a rendition can run past the measured end
   * (60.010 s for 60.000 s), and a clock there would name a frame that doesn't exist.
   */
  const shownTime = useCallback((seconds: number) => {
    const { rate: r, duration: d } = measured.current;
    const element = videoRef.current?.duration ?? NaN;
    return shownDuration(element, d) === d && d ? withinVideo(seconds, d, r) : seconds;
  }, []);
  const probing = useRef(false);
  const pendingSeek = useRef<number | null>(startAt ?? null);
  const [status, setStatus] = useState<PlayerStatus>('loading');
  const [duration, setDuration] = useState(0);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [ratio, setRatio] = useState(16 / 9);
  // Whether the element has a decoded frame to show: until then the poster stands in for it.
  const [hasFrame, setHasFrame] = useState(false);

  // Where the element stood and whether it played, for a change of rendition to carry on from.
  const last = useRef({ time: 0, playing: false });
  const resume = useRef(false);
  const report = useCallback(
    (video: HTMLVideoElement) => {
      const at = shownTime(video.currentTime);
      if (video.readyState >= 1) last.current = { time: at, playing: !video.paused && !video.ended };
      setTime(at);
      setPlaying(!video.paused && !video.ended);
      onPlayback({ time: at, playing: !video.paused && !video.ended });
    },
    [onPlayback, shownTime],
  );

  const seek = useCallback(
    (seconds: number) => {
      const video = videoRef.current;
      if (!video) return;
      if (!(video.duration > 0) || !Number.isFinite(video.duration) || probing.current) {
        pendingSeek.current = seconds;
        return;
      }
      video.currentTime = shownTime(Math.min(Math.max(0, seconds), video.duration));
      // The clock and the timeline show the frame asked for at once; the picture follows when it is decoded
      // (a frame step used to paint nothing until the seek ended: 600 ms on a phone, issue 55).
      setTime(video.currentTime);
    },
    [shownTime],
  );

  /**
   * A pause settles on the frame on screen: the media time goes to the middle of the frame last presented (or of
   * the frame at the current time where the browser doesn't say), so clock, picture, note and drawing agree.
   * Not at the end (play starts over from there), nor when the pause comes with a seek of its own (a frame step).
   */
  const settle = useCallback(
    (video: HTMLVideoElement) => {
      const r = measured.current.rate;
      const shown = presented.current;
      presented.current = null;
      if (!r || video.seeking || video.ended || probing.current || !(video.duration > 0)) return;
      const target = shownTime(seekTimeOfFrame(frameOfTime(shown ?? video.currentTime, r), r));
      // Always a seek, even onto the time it reads: the picture may already be a frame on (presented before the
      // pause, its callback not yet run), and only a seek puts the frame of the clock back on screen.
      video.currentTime = target;
    },
    [shownTime],
  );

  /** Follows the frames put on screen while the video plays (Chromium and Safari say which; not every browser). */
  const followFrames = (video: HTMLVideoElement) => {
    if (!('requestVideoFrameCallback' in video)) return;
    const onFrame: VideoFrameRequestCallback = (_, meta) => {
      if (video.paused || video.ended) return;
      presented.current = meta.mediaTime;
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };

  useImperativeHandle(
    ref,
    () => ({
      seek,
      pause: () => videoRef.current?.pause(),
      currentTime: () => shownTime(videoRef.current?.currentTime ?? 0),
      isPlaying: () => !!videoRef.current && !videoRef.current.paused && !videoRef.current.ended,
    }),
    [seek, shownTime],
  );

  const unplayable = useCallback(() => {
    setStatus('unplayable');
    onPlayableChange(false);
  }, [onPlayableChange]);

  const ready = (video: HTMLVideoElement) => {
    setDuration(shownDuration(video.duration, measured.current.duration));
    setStatus('ready');
    onPlayableChange(true);
    // The clock starts from where the element is, not from 0: a reloaded source may keep its frame and time.
    report(video);
    if (pendingSeek.current !== null) {
      video.currentTime = Math.min(pendingSeek.current, video.duration);
      pendingSeek.current = null;
    }
    if (resume.current) {
      resume.current = false;
      void video.play().catch(() => undefined);
    }
  };

  const metadataLoaded = (video: HTMLVideoElement) => {
    if (video.videoWidth && video.videoHeight) setRatio(video.videoWidth / video.videoHeight);
    if (noPicture(video)) return unplayable();
    if (video.duration === Infinity) {
      // Seeking past the end makes the browser read the whole file and learn its length.
      probing.current = true;
      video.currentTime = Number.MAX_SAFE_INTEGER;
      return;
    }
    if (video.duration > 0) ready(video);
    else unplayable();
  };
  const metadataLoadedRef = useRef(metadataLoaded);
  useEffect(() => {
    metadataLoadedRef.current = metadataLoaded;
  });

  // Another rendition of the same video (the quality menu, a proxy becoming ready): same moment, same play state.
  const shownSrc = useRef(src);
  useLayoutEffect(() => {
    if (shownSrc.current === src) return;
    shownSrc.current = src;
    pendingSeek.current = last.current.time;
    resume.current = last.current.playing;
    setStatus('loading');
  }, [src]);

  // CI's stuck "loading" player (readyState 4, no error) had its metadata before React heard of it.
  useEffect(() => {
    const video = videoRef.current;
    if (hasMetadata(video) && !probing.current) metadataLoadedRef.current(video);
  }, [src]);

  const toggle = () => {
    const video = videoRef.current;
    if (!video || status !== 'ready') return;
    if (video.paused || video.ended) {
      onStart();
      void video.play().catch(() => undefined);
    } else video.pause();
  };

  const mediaEvents: MediaEvents = {
    onLoadedMetadata: (e) => metadataLoaded(e.currentTarget),
    onDurationChange: (e) => {
      const video = e.currentTarget;
      if (!probing.current || !Number.isFinite(video.duration)) return;
      probing.current = false;
      if (!(video.duration > 0)) return unplayable();
      video.currentTime = 0;
      ready(video);
    },
    onError: unplayable,
    onTimeUpdate: (e) => !probing.current && report(e.currentTarget),
    onPlay: (e) => {
      followFrames(e.currentTarget);
      report(e.currentTarget);
    },
    onPause: (e) => {
      settle(e.currentTarget);
      report(e.currentTarget);
    },
    onSeeked: (e) => !probing.current && report(e.currentTarget),
    onEnded: (e) => report(e.currentTarget),
    // A source that reloads (emptied) or shows its first decoded frame is read back, so clock and frame agree.
    onEmptied: (e) => !probing.current && report(e.currentTarget),
    onLoadedData: (e) => {
      if (noPicture(e.currentTarget)) return unplayable();
      setHasFrame(true);
      if (!probing.current) report(e.currentTarget);
    },
    onRateChange: (e) => setSpeed(e.currentTarget.playbackRate),
  };

  return {
    videoRef,
    mediaEvents,
    status,
    duration,
    time,
    playing,
    muted,
    speed,
    ratio,
    hasFrame,
    seek,
    toggle,
    pause: () => videoRef.current?.pause(),
    frameTime: () => shownTime(videoRef.current?.currentTime ?? 0),
    setSpeed: (s: number) => {
      const video = videoRef.current;
      if (!video) return;
      // Slowed or sped up, a voice keeps its pitch (the browsers' default, said here so it stays so).
      video.preservesPitch = true;
      video.playbackRate = s;
    },
    toggleMuted: () => setMuted((m) => !m),
  };
}
