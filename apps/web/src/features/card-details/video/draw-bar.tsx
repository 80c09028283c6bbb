import { ActionIcon, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { ANNOTATION_SHAPE_LABELS } from '@cutroom/domain';
import type { ShapeKind } from './review-context';
import { SHAPE_ICONS } from './shape-icons';
import classes from './video.module.css';

/** The box shapes the pointer draws today; arrow and pen come with the stroke tools. */
const SHAPES = (['rect', 'point', 'oval'] as const).map((value) => ({
  value,
  label: ANNOTATION_SHAPE_LABELS[value],
  icon: SHAPE_ICONS[value],
}));

/** The shape picker over a frame or a thumbnail while drawing: rectangle, point, oval, stop. */
export function DrawBar({
  drawing,
  onChange,
  label = 'Draw on the frame',
}: {
  drawing: ShapeKind;
  onChange: (shape: ShapeKind | null) => void;
  label?: string;
}) {
  return (
    <div className={classes.drawBar} data-testid="draw-bar">
      <span>{label}</span>
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
