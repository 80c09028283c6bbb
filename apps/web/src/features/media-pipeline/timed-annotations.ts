import { UNMEASURED_RATE, frameOfTime, timeOfFrame, type Rate } from '@cutroom/domain';
import type { Geometry, ShownAnnotation } from './annotation-layer';
import type { ShapeKind } from '../../lib/review-context';

export interface TimedAnnotation extends ShownAnnotation {
  time: number;
  /** A range note's end: its drawing shows over the whole range. */
  until?: number | null;
}

/**
 * What the frame carries at `time` (issue 35): a drawing belongs to its frame and shows while that frame is
 * on screen, or while its note's range is; the pending shape shows while drawing or on its own frame.
 */
export function annotationsAt<P extends Geometry & { time: number }>(
  time: number,
  annotations: TimedAnnotation[],
  pending: P | null,
  drawing: ShapeKind | null,
  rate: Rate | null = null,
) {
  const r = rate ?? UNMEASURED_RATE;
  const frame = frameOfTime(time, r);
  const onScreen = (t: number, until?: number | null) =>
    until !== null && until !== undefined && until > t
      ? time >= timeOfFrame(frameOfTime(t, r), r) && time < timeOfFrame(frameOfTime(until, r) + 1, r)
      : frameOfTime(t, r) === frame;
  return {
    shown: annotations.filter((a) => onScreen(a.time, a.until)),
    pending: pending && (drawing || onScreen(pending.time)) ? pending : null,
  };
}
