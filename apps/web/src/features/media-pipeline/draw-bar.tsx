import { ActionIcon, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { ANNOTATION_COLORS, ANNOTATION_COLOR_KEYS, ANNOTATION_SHAPES, ANNOTATION_SHAPE_LABELS } from '@cutroom/domain';
import { useDrawColor } from './draw-color';
import type { ShapeKind } from '../../lib/review-context';
import { SHAPE_ICONS } from './shape-icons';
import classes from './video.module.css';

const SHAPES = ANNOTATION_SHAPES.map((value) => ({
  value,
  label: ANNOTATION_SHAPE_LABELS[value],
  icon: SHAPE_ICONS[value],
}));

/** The shape and colour picker over a frame or a thumbnail while drawing: rectangle, point, oval, arrow, pen. */
export function DrawBar({
  drawing,
  onChange,
  label = 'Draw on the frame',
}: {
  drawing: ShapeKind;
  onChange: (shape: ShapeKind | null) => void;
  label?: string;
}) {
  const [color, setColor] = useDrawColor();
  return (
    <div className={classes.drawBar} data-testid="draw-bar">
      <span className={classes.drawLabel}>{label}</span>
      {SHAPES.map(({ value, label: name, icon: Icon }) => (
        <Tooltip key={value} label={name}>
          <ActionIcon
            variant={drawing === value ? 'filled' : 'subtle'}
            color={drawing === value ? 'brand' : 'gray.3'}
            radius="xl"
            aria-label={name}
            aria-pressed={drawing === value}
            onClick={() => onChange(value)}
          >
            <Icon size={16} />
          </ActionIcon>
        </Tooltip>
      ))}
      <span className={classes.drawColors} role="radiogroup" aria-label="Colour">
        {ANNOTATION_COLOR_KEYS.map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={color === c}
            aria-label={c[0]!.toUpperCase() + c.slice(1)}
            className={classes.colorSwatch}
            style={{ background: ANNOTATION_COLORS[c] }}
            onClick={() => setColor(c)}
          />
        ))}
      </span>
      <Tooltip label="Stop drawing">
        <ActionIcon
          variant="subtle"
          color="gray.3"
          radius="xl"
          aria-label="Stop drawing"
          onClick={() => onChange(null)}
        >
          <IconX size={16} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}
