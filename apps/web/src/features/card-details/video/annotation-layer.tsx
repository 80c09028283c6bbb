import { useState, type PointerEvent } from 'react';
import type { ShapeKind } from './review-context';
import classes from './video.module.css';

export interface Geometry {
  shape: ShapeKind;
  x: number;
  y: number;
  w: number;
  h: number;
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

function Shape({ geometry, label, pending }: { geometry: Geometry; label?: string; pending?: boolean }) {
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
  return (
    <div
      className={`${classes.shape} ${kind} ${pending ? classes.pending : ''}`}
      style={style}
      data-testid={pending ? 'annotation-pending' : 'annotation-shape'}
      data-shape={geometry.shape}
    >
      {label && <span className={classes.shapeLabel}>{label}</span>}
    </div>
  );
}

/** Shows the annotations of this moment over the frame, and takes a new one with the pointer. */
export function AnnotationLayer({ drawing, shown, pending, onDraw }: AnnotationLayerProps) {
  const [draft, setDraft] = useState<{ start: { x: number; y: number }; geometry: Geometry } | null>(null);

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
        setDraft({ start, geometry: boxOf(drawing, start, start) });
      }}
      onPointerMove={(event) => {
        if (!drawing || !draft) return;
        setDraft({ ...draft, geometry: boxOf(drawing, draft.start, pointAt(event)) });
      }}
      onPointerUp={(event) => {
        if (!drawing || !draft) return;
        const geometry = boxOf(drawing, draft.start, pointAt(event));
        setDraft(null);
        if (geometry.shape === 'point' || (geometry.w >= MIN_SIZE && geometry.h >= MIN_SIZE)) onDraw(geometry);
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
