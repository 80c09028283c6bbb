import { createContext, useContext } from 'react';
import type { AnnotationColor, AnnotationShapeKind } from '@cutroom/domain';

/** What the player lets the rest of the review do; stable across playback ticks. */
export interface PlayerHandle {
  seek: (seconds: number) => void;
  pause: () => void;
  currentTime: () => number;
  isPlaying: () => boolean;
}

export type ShapeKind = AnnotationShapeKind;

/** A shape drawn on the paused frame, waiting for its comment. */
export interface PendingAnnotation {
  shape: ShapeKind;
  x: number;
  y: number;
  w: number;
  h: number;
  points?: number[][];
  color?: AnnotationColor;
  time: number;
  version: string | null;
  videoNumber: number | null;
}

export interface ReviewControls {
  /** True when a seekable video is on screen (not an embed, not unplayable, not QA-locked). */
  hasPlayer: boolean;
  /** Video n of the selected version (1-based), for note_for_video_number; null without videos. */
  videoNumber: number | null;
  /** 'version-N' of the selected video, kept with annotations. */
  version: string | null;
  /** Every delivered version's key, oldest first ([] before the first delivery). */
  versions: readonly string[];
  /** The selected video's frame rate as the media pipeline measured it ('30000/1001'); null when unknown. */
  frameRate: string | null;
  /** Seeks to a moment; a range note passes its end, which becomes the looped range when loop is on. */
  jumpTo: (seconds: number, videoNumber?: number | null, until?: number | null) => void;
  /** The range set with I and O, which the composer gives the next note. */
  range: ReviewRange;
  clearRange: () => void;
  currentTime: () => number;
  isPlaying: () => boolean;
  pendingAnnotation: PendingAnnotation | null;
  clearAnnotation: () => void;
}

/** The reviewer's in and out points (I and O), in seconds; either may be unset. */
export interface ReviewRange {
  in: number | null;
  out: number | null;
}
export const NO_RANGE: ReviewRange = { in: null, out: null };

/** Playback position and state; changes several times a second, so kept apart from the controls. */
export interface Playback {
  time: number;
  playing: boolean;
}

const noop = () => {};
/** No player, nothing selected: the context's default, and the base of a review without a player. */
export const NO_REVIEW: ReviewControls = {
  hasPlayer: false,
  videoNumber: null,
  version: null,
  versions: [],
  frameRate: null,
  jumpTo: noop,
  range: NO_RANGE,
  clearRange: noop,
  currentTime: () => 0,
  isPlaying: () => false,
  pendingAnnotation: null,
  clearAnnotation: noop,
};
export const ReviewControlsContext = createContext<ReviewControls>(NO_REVIEW);
export const PlaybackContext = createContext<Playback>({ time: 0, playing: false });

export const useReviewControls = () => useContext(ReviewControlsContext);
export const usePlayback = () => useContext(PlaybackContext);
