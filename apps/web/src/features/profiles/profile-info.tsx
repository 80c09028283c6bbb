import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { MSG, planLabel } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { useAverageRating } from './api';

/** Spec 002 §4: plans show as SINGLE, WEEKLY, …, CUSTOM (n); a profile without one shows a dash. */
export const profilePlan = (person: Pick<UserView, 'subscription_type' | 'custom_subscription'>) =>
  planLabel(person) ?? '—';

/** One labelled fact of a profile's summary. */
export function InfoItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export function AverageRating({ userId }: { userId: number }) {
  const rating = useAverageRating(userId);
  if (rating.isPending)
    return (
      <Text span c="dimmed">
        …
      </Text>
    );
  if (rating.isError) return <Text span>—</Text>;
  const { average_rating, rated_videos } = rating.data;
  if (rated_videos === 0)
    return (
      <Text span c="dimmed">
        {MSG.noRatingsYet}
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap" data-testid="average-rating">
      <IconStar size={16} aria-hidden />
      <Text span>
        {average_rating.toFixed(2)} ({rated_videos} rated {rated_videos === 1 ? 'video' : 'videos'})
      </Text>
    </Group>
  );
}

/** Brief Info: who they are, whom they report to, whether they are on leave today and how their work is rated. */
