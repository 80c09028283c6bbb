import { useCallback, useMemo, useRef, useState } from 'react';
import { parseRate, seekTimeOfMoment } from '@cutroom/domain';
import type { Geometry } from './annotation-layer';
import {
  NO_RANGE,
  type PendingAnnotation,
  type Playback,
  type PlayerHandle,
  type ReviewControls,
  type ReviewRange,
  type ShapeKind,
} from '../../lib/review-context';
import type { CompareHandle } from './version-compare';
import type { ResolvedSelection, Selection } from './video-versions';

interface ReviewPlaybackOptions {
  selection: ResolvedSelection;
  /** The selected video is one our player opens (not an embed, not QA-locked). */
  isVideo: boolean;
  inCompare: boolean;
  setWanted: (update: (current: Selection) => Selection) => void;
}

/** Where to seek to show the frame a moment names, at the video's own rate (the domain's rule). */
const intoFrame = (moment: number, media: { fps_rational: string | null } | null | undefined) =>
  seekTimeOfMoment(moment, parseRate(media?.fps_rational));

/** The review's hold on its player: playback, drawing, jumps from the chat, and what the chat may ask of them. */
export function useReviewPlayback({ selection, isVideo, inCompare, setWanted }: ReviewPlaybackOptions) {
  const [playback, setPlayback] = useState<Playback>({ time: 0, playing: false });
  const [playable, setPlayable] = useState(true);
  const [drawing, setDrawing] = useState<ShapeKind | null>(null);
  const [pending, setPending] = useState<PendingAnnotation | null>(null);
  const [startAt, setStartAt] = useState<number | null>(null);
  const [range, setRange] = useState<ReviewRange>(NO_RANGE);
  const [loop, setLoop] = useState(false);
  const playerRef = useRef<PlayerHandle>(null);
  const compareRef = useRef<CompareHandle>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const hasPlayer = isVideo && playable;

  /** Another video or version starts fresh: playable until it proves otherwise, nothing drawn, at 0. */
  const select = (next: Partial<Selection>) => {
    setWanted((w) => ({ ...w, ...next }));
    setPlayable(true);
    setDrawing(null);
    setPending(null);
    setPlayback({ time: 0, playing: false });
    setRange(NO_RANGE);
  };

  const jumpTo = useCallback(
    (moment: number, videoNumber?: number | null, until?: number | null) => {
      stageRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
      const other = videoNumber && videoNumber !== selection.number && videoNumber <= selection.videos.length;
      const seconds = intoFrame(moment, selection.videos[(other ? videoNumber : selection.number) - 1]?.media);
      if (inCompare) return compareRef.current?.seek(seconds);
      // A range note's span becomes the range: looped when loop is on, and the next note's if it is kept.
      if (until !== null && until !== undefined && until > moment) setRange({ in: seconds, out: until });
      if (other) {
        // The other video's player starts at the moment once it has loaded.
        setStartAt(seconds);
        setWanted((w) => ({ ...w, number: videoNumber }));
        setPlayable(true);
        return;
      }
      playerRef.current?.pause();
      playerRef.current?.seek(seconds);
    },
    [selection.number, selection.videos, setWanted, inCompare],
  );

  const controls: ReviewControls = useMemo(
    () => ({
      hasPlayer,
      videoNumber: selection.video ? selection.number : null,
      version: selection.version,
      versions: selection.keys,
      frameRate: selection.video?.media?.fps_rational ?? null,
      jumpTo,
      range,
      clearRange: () => setRange(NO_RANGE),
      currentTime: () => playerRef.current?.currentTime() ?? 0,
      isPlaying: () => playerRef.current?.isPlaying() ?? false,
      pendingAnnotation: pending,
      clearAnnotation: () => {
        setPending(null);
        setDrawing(null);
      },
    }),
    [hasPlayer, selection.video, selection.number, selection.version, selection.keys, jumpTo, pending, range],
  );

  const onDraw = useCallback(
    (geometry: Geometry, time: number) =>
      setPending({ ...geometry, time, version: selection.version, videoNumber: selection.number }),
    [selection.version, selection.number],
  );

  return {
    playerRef,
    compareRef,
    stageRef,
    playback,
    setPlayback,
    setPlayable,
    drawing,
    setDrawing,
    pending,
    startAt,
    hasPlayer,
    select,
    jumpTo,
    controls,
    onDraw,
    range,
    setRange,
    loop,
    setLoop,
  };
}
