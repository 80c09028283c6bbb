import { IconArrowUpRight, IconCircle, IconPoint, IconScribble, IconSquare } from '@tabler/icons-react';
import type { AnnotationShapeKind } from '@cutroom/domain';

/** Each drawing shape's icon, in the draw bar and on a drawing's note in the chat. */
export const SHAPE_ICONS: Record<AnnotationShapeKind, typeof IconSquare> = {
  rect: IconSquare,
  point: IconPoint,
  oval: IconCircle,
  arrow: IconArrowUpRight,
  pen: IconScribble,
};
