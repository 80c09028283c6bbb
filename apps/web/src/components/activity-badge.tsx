import { Badge, Text, type MantineSize } from '@mantine/core';
import { ACTIVITY_BAND_LABELS, NO_LOGIN, activityBand, type ActivityBand } from '@cutroom/domain';

const COLORS: Record<ActivityBand, string> = { active: 'teal', inactive_14: 'yellow', inactive_30: 'red' };

/** A customer's activity from their last login (spec 002 §4): the band's words, or '-' when they never logged in. */
export function ActivityBadge({ lastLogin, size }: { lastLogin: string | null | undefined; size?: MantineSize }) {
  const band = activityBand(lastLogin);
  if (!band) {
    return (
      <Text span c="dimmed" fz={size} data-activity="none" title="Never logged in">
        {NO_LOGIN}
      </Text>
    );
  }
  return (
    <Badge color={COLORS[band]} variant="light" size={size} data-activity={band} style={{ flexShrink: 0 }}>
      {ACTIVITY_BAND_LABELS[band]}
    </Badge>
  );
}
