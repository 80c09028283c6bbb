import { ANNOTATION_COLOR_KEYS, DEFAULT_ANNOTATION_COLOR, type AnnotationColor } from '@cutroom/domain';
import { usePreference } from '../../lib/preference';

/** The colour new drawings take, picked in the draw bar and remembered in this browser. */
export const useDrawColor = (): [AnnotationColor, (color: AnnotationColor) => void] =>
  usePreference('drawColor', ANNOTATION_COLOR_KEYS, DEFAULT_ANNOTATION_COLOR);
