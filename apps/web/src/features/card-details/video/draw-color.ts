import { useSyncExternalStore } from 'react';
import { ANNOTATION_COLOR_KEYS, DEFAULT_ANNOTATION_COLOR, type AnnotationColor } from '@cutroom/domain';
import { readLocal, writeLocal } from '../../../lib/storage';

const listeners = new Set<() => void>();
const read = (): AnnotationColor =>
  ANNOTATION_COLOR_KEYS.find((c) => c === readLocal('drawColor')) ?? DEFAULT_ANNOTATION_COLOR;

/** The colour new drawings take, picked in the draw bar and remembered in this browser. */
export function useDrawColor(): [AnnotationColor, (color: AnnotationColor) => void] {
  const color = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => DEFAULT_ANNOTATION_COLOR,
  );
  const set = (next: AnnotationColor) => {
    writeLocal('drawColor', next);
    listeners.forEach((l) => l());
  };
  return [color, set];
}
