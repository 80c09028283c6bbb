import { Group, Progress, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { MSG, fill } from '@cutroom/domain';
import type { MediaView } from '@cutroom/domain/schemas';

/** Where the media pipeline stands with the video on screen; nothing once its proxy plays. */
export function MediaStatus({ media }: { media: MediaView }) {
  if (media.status === 'ready') return null;
  if (media.status === 'failed') {
    return (
      <Group gap={6} wrap="nowrap" data-testid="media-status" role="status">
        <IconAlertTriangle size={16} color="var(--mantine-color-orange-6)" style={{ flexShrink: 0 }} />
        <Text fz="sm" c="orange.8">
          {media.error}
        </Text>
      </Group>
    );
  }
  const label =
    media.status === 'processing' ? fill(MSG.mediaProcessing, { percent: String(media.progress) }) : MSG.mediaQueued;
  return (
    <div data-testid="media-status" role="status">
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <IconClockHour4 size={16} color="var(--mantine-color-dimmed)" />
          <Text fz="sm">{label}</Text>
        </Group>
        <Text fz="xs" c="dimmed">
          The original plays meanwhile, if your browser can.
        </Text>
      </Group>
      <Progress value={media.progress} size="xs" mt={4} aria-label={label} animated={media.status === 'processing'} />
    </div>
  );
}
