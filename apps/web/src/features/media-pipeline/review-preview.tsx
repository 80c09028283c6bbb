import type { ReactNode } from 'react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClockHour4,
  IconExternalLink,
  IconMovieOff,
  IconShieldCheck,
} from '@tabler/icons-react';
import { MSG } from '@cutroom/domain';
import { EmptyStateCard } from '../../components/empty-state-card';
import { unplayableText } from './media-status';
import type { PreviewSource } from './preview-source';
import type { ResolvedSelection } from './video-versions';

interface ReviewPreviewProps {
  locked: boolean;
  selection: ResolvedSelection;
  source: PreviewSource | null;
  /** The player, for a source our player opens. */
  renderPlayer: (src: string) => ReactNode;
}

/** What stands where the video goes: the QA lock, no video yet, a link that can't be previewed, Drive's viewer, or the player. */
export function ReviewPreview({ locked, selection, source, renderPlayer }: ReviewPreviewProps) {
  if (locked) {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconShieldCheck />}
        radius="md"
        data-testid="qa-warning"
        title="In quality check"
      >
        {MSG.commentsClosedInQa}
      </Alert>
    );
  }
  if (!selection.video || !source) {
    return (
      <EmptyStateCard
        icon={<IconMovieOff size={32} stroke={1.5} />}
        title="No video yet"
        description={MSG.noVideoYet}
      />
    );
  }
  const media = selection.video.media;
  if (source.kind === 'error' && media?.importing) {
    // A link we can't play ourselves is being fetched into storage: it plays here once a copy is made.
    return (
      <Alert color="blue" variant="light" icon={<IconClockHour4 />} radius="md" data-testid="video-importing">
        <Stack gap={4}>
          <Text fz="sm" fw={600}>
            {unplayableText(media)}
          </Text>
          <Anchor href={selection.video.video_url} target="_blank" rel="noopener noreferrer" fz="sm">
            Open the link in a new tab <IconExternalLink size={12} />
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (source.kind === 'error') {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle />} radius="md" data-testid="video-source-error">
        <Stack gap={4}>
          <Text fz="sm" fw={600}>
            {source.message}
          </Text>
          <Anchor href={selection.video.video_url} target="_blank" rel="noopener noreferrer" fz="sm">
            Open the link in a new tab <IconExternalLink size={12} />
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (source.kind === 'embed') {
    return (
      <Stack gap={6}>
        <iframe
          src={source.src}
          title={`Video ${selection.number}`}
          allow="autoplay; fullscreen"
          allowFullScreen
          style={{ width: '100%', aspectRatio: '16 / 9', border: 0, borderRadius: 8, background: '#000' }}
          data-testid="video-embed"
        />
        <Text fz="xs" c="dimmed">
          Google Drive plays in its own viewer, so timecodes and drawings aren't available for this video.
        </Text>
      </Stack>
    );
  }
  return renderPlayer(source.src);
}
