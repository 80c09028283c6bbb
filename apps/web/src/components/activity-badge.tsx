import { Badge, Text } from '@mantine/core';
import { ACTIVITY_BAND_LABELS, NO_LOGIN, activityBand, type ActivityBand } from '@cutroom/domain';

const COLORS: Record<ActivityBand, string> = { active: 'teal', inactive_14: 'yellow', inactive_30: 'red' };

/** A customer's activity from their last login (spec 002 §4): the band's words, or '-' when they never logged in. */
export function ActivityBadge({ lastLogin }: { lastLogin: string | null | undefined }) {
  const band = activityBand(lastLogin);
  if (!band) {
    return (
      <Text span c="dimmed" data-activity="none" aria-label="Never logged in">
        {NO_LOGIN}
      </Text>
    );
  }
  return (
    <Badge color={COLORS[band]} variant="light" data-activity={band} style={{ whiteSpace: 'nowrap' }}>
      {ACTIVITY_BAND_LABELS[band]}
    </Badge>
  );
}
