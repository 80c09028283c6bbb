import type { Geometry, ShownAnnotation } from './annotation-layer';
import type { ShapeKind } from './review-context';

export interface TimedAnnotation extends ShownAnnotation {
  time: number;
}

/** Annotations show while playback is this close to their moment. */
const ANNOTATION_WINDOW = 1;

/** What the frame carries at `time`: the drawings near it, and the pending shape while drawing or near its moment. */
export function annotationsAt<P extends Geometry & { time: number }>(
  time: number,
  annotations: TimedAnnotation[],
  pending: P | null,
  drawing: ShapeKind | null,
) {
  const near = (t: number) => Math.abs(t - time) <= ANNOTATION_WINDOW;
  return {
    shown: annotations.filter((a) => near(a.time)),
    pending: pending && (drawing || near(pending.time)) ? pending : null,
  };
}
