import { useState } from 'react';
import { ActionIcon, Anchor, Group, Paper, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPhotoOff } from '@tabler/icons-react';
import { EmptyStateCard } from '../../components/empty-state-card';
import {
  AnnotationLayer,
  type Geometry,
  type ShownAnnotation,
  DrawBar,
  AnnotationsSwitch,
  videoClasses as classes,
} from '../media-pipeline/public';
import type { ShapeKind } from '../../lib/review-context';

interface ThumbnailPreviewProps {
  links: string[];
  /** Thumbnail n (1-based) on screen. */
  number: number;
  onNumberChange: (number: number) => void;
  /** The drawings of the thumbnail on screen. */
  shown: ShownAnnotation[];
  pending: Geometry | null;
  canAnnotate: boolean;
  drawing: ShapeKind | null;
  onDrawingChange: (shape: ShapeKind | null) => void;
  onDraw: (geometry: Geometry) => void;
  annotationsOn: boolean;
  onAnnotationsChange: (on: boolean) => void;
}

/**
 * The helper's thumbnails (spec 001 §2 "YT Helper tab"), each with the review's drawing tools: a shape
 * drawn on a thumbnail goes to the helper chat with its comment, as on a paused video frame.
 */
export function ThumbnailPreview({
  links,
  number,
  onNumberChange,
  shown,
  pending,
  canAnnotate,
  drawing,
  onDrawingChange,
  onDraw,
  annotationsOn,
  onAnnotationsChange,
}: ThumbnailPreviewProps) {
  // A link that isn't an image (or is gone) says so instead of a broken picture.
  const [failed, setFailed] = useState<string | null>(null);
  if (links.length === 0) {
    return (
      <EmptyStateCard
        icon={<IconPhotoOff size={32} stroke={1.5} />}
        title="No thumbnails yet"
        description="The thumbnails show here once the helper hands them on."
      />
    );
  }
  const src = links[number - 1] ?? links[0]!;
  return (
    <Paper radius="md" p="sm" data-testid="thumbnail-preview">
      <Group justify="space-between" mb="xs" gap="sm" wrap="wrap">
        {links.length > 1 ? (
          <Tabs value={String(number)} onChange={(v) => v && onNumberChange(Number(v))} variant="pills" radius="xl">
            <Tabs.List>
              {links.map((link, i) => (
                <Tabs.Tab key={link} value={String(i + 1)} size="xs">
                  Thumbnail {i + 1}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        ) : (
          <Text fw={600} fz="sm">
            Thumbnail
          </Text>
        )}
        <Group gap="sm" wrap="nowrap">
          <AnnotationsSwitch checked={annotationsOn} onChange={onAnnotationsChange} />
          {canAnnotate && failed !== src && (
            <Tooltip label="Draw on this thumbnail">
              <ActionIcon
                variant={drawing ? 'filled' : 'light'}
                aria-label="Annotate"
                aria-pressed={!!drawing}
                data-testid="annotate"
                onClick={() => onDrawingChange(drawing ? null : 'rect')}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      <div className={classes.stage} style={{ borderRadius: 8, overflow: 'hidden', minHeight: 200 }}>
        {failed === src ? (
          <Stack align="center" gap={6} p="xl" data-testid="thumbnail-error">
            <IconPhotoOff size={32} stroke={1.5} color="var(--mantine-color-gray-5)" />
            <Text fz="sm" c="gray.4" ta="center">
              This thumbnail could not be shown here.
            </Text>
            <Anchor href={src} target="_blank" rel="noopener noreferrer" fz="sm">
              Open it in a new tab
            </Anchor>
          </Stack>
        ) : (
          <div className={classes.box}>
            <img
              src={src}
              alt={`Thumbnail ${number}`}
              data-testid="thumbnail-image"
              style={{ display: 'block', maxWidth: '100%', maxHeight: 480 }}
              draggable={false}
              onError={() => setFailed(src)}
            />
            <AnnotationLayer drawing={drawing} shown={annotationsOn ? shown : []} pending={pending} onDraw={onDraw} />
          </div>
        )}
        {drawing && <DrawBar drawing={drawing} onChange={onDrawingChange} label="Draw on the thumbnail" />}
      </div>
    </Paper>
  );
}
