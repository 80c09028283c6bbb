import { Group, Progress, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { DELIVERY_TEXT, MSG, fill } from '@cutroom/domain';
import type { MediaView } from '@cutroom/domain/schemas';

/** The status line's words: the link's fetch while it is imported (issue 49), then the processing. */
export function mediaProgressLabel(media: MediaView): string {
  if (media.importing) return fill(DELIVERY_TEXT.importing, { percent: String(media.progress) });
  return media.status === 'processing'
    ? fill(MSG.mediaProcessing, { percent: String(media.progress) })
    : MSG.mediaQueued;
}

/**
 * What stands in place of a video the browser can't decode (a ProRes link: an error, or sound with no
 * picture): why, and how far the playable copy is, or the pipeline's error when it failed. Never a black box.
 */
export function unplayableText(media: MediaView | null | undefined): string {
  if (!media) return MSG.videoUnplayable;
  if (media.status === 'failed') return media.error ?? MSG.videoUnplayable;
  if (media.importing) return fill(DELIVERY_TEXT.importing, { percent: String(media.progress) });
  if (media.status === 'processing') return fill(DELIVERY_TEXT.browserCantPlay, { percent: String(media.progress) });
  if (media.status === 'queued') return DELIVERY_TEXT.browserCantPlayQueued;
  return DELIVERY_TEXT.browserCantPlayNoCopy;
}

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
  const label = mediaProgressLabel(media);
  return (
    <div data-testid="media-status" role="status">
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <IconClockHour4 size={16} color="var(--mantine-color-dimmed)" />
          <Text fz="sm">{label}</Text>
        </Group>
        <Text fz="xs" c="dimmed">
          {media.importing ? 'It plays here once fetched.' : 'The original plays meanwhile, if your browser can.'}
        </Text>
      </Group>
      <Progress
        value={media.progress}
        size="xs"
        mt={4}
        aria-label={label}
        animated={media.status === 'processing' || media.importing}
      />
    </div>
  );
}
