import { useId, useState, type PointerEvent } from 'react';
import {
  ANNOTATION_COLORS,
  ANNOTATION_POINTS_MAX,
  DEFAULT_ANNOTATION_COLOR,
  STROKE_SHAPES,
  type AnnotationColor,
} from '@cutroom/domain';
import { useDrawColor } from './draw-color';
import type { ShapeKind } from '../../lib/review-context';
import classes from './video.module.css';

export interface Geometry {
  shape: ShapeKind;
  x: number;
  y: number;
  w: number;
  h: number;
  /** An arrow's tail and head, or a pen's line, in fractions of the frame. */
  points?: number[][];
  color?: AnnotationColor;
}

export interface ShownAnnotation extends Geometry {
  id: number;
  label: string;
}

interface AnnotationLayerProps {
  /** The shape being drawn, or null when the layer only shows. */
  drawing: ShapeKind | null;
  shown: ShownAnnotation[];
  pending: Geometry | null;
  onDraw: (geometry: Geometry) => void;
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));
/** A drag shorter than this (a fraction of the frame) is a slip of the hand, not a shape. */
const MIN_SIZE = 0.01;
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/** Geometry is kept in fractions of the frame, so it lands on the same spot at any player size. */
function pointAt(event: PointerEvent<HTMLDivElement>) {
  const rect = event.currentTarget.getBoundingClientRect();
  return {
    x: clamp(rect.width ? (event.clientX - rect.left) / rect.width : 0),
    y: clamp(rect.height ? (event.clientY - rect.top) / rect.height : 0),
  };
}

type Point = { x: number; y: number };

/** A pen keeps a point only once the pointer has moved this far (a fraction of the frame) from the last. */
const PEN_STEP = 0.004;

/** An arrow (tail and head) or a pen line along points, with its bounding box. */
function strokeOf(shape: ShapeKind, points: Point[]): Geometry {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  // Every n-th point of a longer line, its last point kept.
  const every = Math.ceil(points.length / ANNOTATION_POINTS_MAX);
  const kept = every > 1 ? points.filter((_, i) => i % every === 0 || i === points.length - 1) : points;
  return {
    shape,
    x: round(x),
    y: round(y),
    w: round(Math.max(...xs) - x),
    h: round(Math.max(...ys) - y),
    points: kept.map((p) => [round(p.x), round(p.y)]),
  };
}

/** Big enough to be meant: a box both ways, an arrow or a line in either direction. */
const isShape = (g: Geometry) =>
  g.shape === 'point' ||
  (STROKE_SHAPES.includes(g.shape)
    ? (g.points?.length ?? 0) >= 2 && Math.max(g.w, g.h) >= MIN_SIZE
    : g.w >= MIN_SIZE && g.h >= MIN_SIZE);

function boxOf(shape: ShapeKind, a: { x: number; y: number }, b: { x: number; y: number }): Geometry {
  if (shape === 'point') return { shape, x: round(b.x), y: round(b.y), w: 0, h: 0 };
  return {
    shape,
    x: round(Math.min(a.x, b.x)),
    y: round(Math.min(a.y, b.y)),
    w: round(Math.abs(a.x - b.x)),
    h: round(Math.abs(a.y - b.y)),
  };
}

/** An arrow or a pen line: drawn in the layer's own pixels (percentages), so the arrowhead keeps its shape. */
function Stroke({ geometry, label, pending }: { geometry: Geometry; label?: string; pending?: boolean }) {
  const head = useId();
  const points = geometry.points ?? [];
  const colour = ANNOTATION_COLORS[geometry.color ?? DEFAULT_ANNOTATION_COLOR];
  const pct = (v: number) => `${v * 100}%`;
  const [first] = points;
  return (
    <div
      className={classes.strokeBox}
      data-testid={pending ? 'annotation-pending' : 'annotation-shape'}
      data-shape={geometry.shape}
    >
      <svg className={classes.stroke} aria-hidden="true">
        <defs>
          <marker
            id={head}
            markerWidth="4"
            markerHeight="4"
            refX="2.4"
            refY="2"
            orient="auto"
            markerUnits="strokeWidth"
          >
            <path d="M0,0 L4,2 L0,4 Z" fill={colour} />
          </marker>
        </defs>
        {geometry.shape === 'arrow' && points.length === 2 ? (
          <line
            x1={pct(points[0]![0]!)}
            y1={pct(points[0]![1]!)}
            x2={pct(points[1]![0]!)}
            y2={pct(points[1]![1]!)}
            stroke={colour}
            strokeDasharray={pending ? '6 4' : undefined}
            markerEnd={`url(#${head})`}
          />
        ) : (
          <svg viewBox="0 0 1 1" preserveAspectRatio="none" width="100%" height="100%">
            <polyline
              points={points.map((p) => `${p[0]},${p[1]}`).join(' ')}
              stroke={colour}
              strokeDasharray={pending ? '6 4' : undefined}
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        )}
      </svg>
      {label && first && (
        <span className={classes.shapeLabel} style={{ left: pct(first[0]!), top: pct(first[1]!), bottom: 'auto' }}>
          {label}
        </span>
      )}
    </div>
  );
}

function Shape({ geometry, label, pending }: { geometry: Geometry; label?: string; pending?: boolean }) {
  if (geometry.shape === 'arrow' || geometry.shape === 'pen')
    return <Stroke geometry={geometry} label={label} pending={pending} />;
  const kind = geometry.shape === 'oval' ? classes.oval : geometry.shape === 'point' ? classes.point : '';
  const style =
    geometry.shape === 'point'
      ? { left: `${geometry.x * 100}%`, top: `${geometry.y * 100}%` }
      : {
          left: `${geometry.x * 100}%`,
          top: `${geometry.y * 100}%`,
          width: `${geometry.w * 100}%`,
          height: `${geometry.h * 100}%`,
        };
  const colour = geometry.color ? { borderColor: ANNOTATION_COLORS[geometry.color] } : {};
  return (
    <div
      className={`${classes.shape} ${kind} ${pending ? classes.pending : ''}`}
      style={{ ...style, ...(pending ? {} : colour) }}
      data-testid={pending ? 'annotation-pending' : 'annotation-shape'}
      data-shape={geometry.shape}
    >
      {label && <span className={classes.shapeLabel}>{label}</span>}
    </div>
  );
}

/** Shows the annotations of this moment over the frame, and takes a new one with the pointer. */
export function AnnotationLayer({ drawing, shown, pending, onDraw }: AnnotationLayerProps) {
  const [draft, setDraft] = useState<{ points: Point[]; geometry: Geometry } | null>(null);
  const [color] = useDrawColor();
  /** The shape so far: a box from the first point to the last, or a stroke along them. */
  const shapeOf = (shape: ShapeKind, points: Point[]): Geometry => ({
    ...(STROKE_SHAPES.includes(shape)
      ? strokeOf(shape, shape === 'arrow' ? [points[0]!, points.at(-1)!] : points)
      : boxOf(shape, points[0]!, points.at(-1)!)),
    color,
  });
  /** A pen adds the point once it is far enough from the last; the others only need the first and the last. */
  const extend = (points: Point[], p: Point) => {
    const last = points.at(-1)!;
    if (drawing !== 'pen') return [points[0]!, p];
    return Math.hypot(p.x - last.x, p.y - last.y) >= PEN_STEP ? [...points, p] : points;
  };

  return (
    <div
      className={`${classes.layer} ${drawing ? classes.drawing : ''}`}
      data-testid="annotation-layer"
      aria-label={drawing ? 'Draw on the frame' : undefined}
      onPointerDown={(event) => {
        if (!drawing || event.button !== 0) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
        const start = pointAt(event);
        setDraft({ points: [start], geometry: shapeOf(drawing, [start]) });
      }}
      onPointerMove={(event) => {
        if (!drawing || !draft) return;
        const points = extend(draft.points, pointAt(event));
        setDraft({ points, geometry: shapeOf(drawing, points) });
      }}
      onPointerUp={(event) => {
        if (!drawing || !draft) return;
        const geometry = shapeOf(drawing, extend(draft.points, pointAt(event)));
        setDraft(null);
        if (isShape(geometry)) onDraw(geometry);
      }}
      onPointerCancel={() => setDraft(null)}
    >
      {shown.map((a) => (
        <Shape key={a.id} geometry={a} label={a.label} />
      ))}
      {draft ? <Shape geometry={draft.geometry} pending /> : pending && <Shape geometry={pending} pending />}
    </div>
  );
}
