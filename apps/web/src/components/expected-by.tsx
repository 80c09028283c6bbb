import { Badge, Group, Text } from '@mantine/core';
import { MSG, promiseLabel } from '@cutroom/domain';

/** Staff's warning that the first cut is expected after the due date (docs/promise-dates.md). */
export function AtRiskBadge({ atRisk }: { atRisk: boolean | undefined }) {
  if (!atRisk) return null;
  return (
    <Badge size="xs" color="red" variant="light" title={MSG.atRiskMeaning} data-testid="at-risk">
      At risk
    </Badge>
  );
}

/** "Expected by Tue 14 Apr": when the first cut is expected, in New York, with the staff's risk flag. */
export function ExpectedBy({ expectedAt, atRisk }: { expectedAt: string | null; atRisk?: boolean }) {
  if (!expectedAt) return null;
  return (
    // Wraps rather than cutting: 'At risk' goes under the date on a narrow tile.
    <Group gap={4} miw={0} data-testid="expected-by">
      <Text span fz="xs" c="dimmed" title={MSG.expectedByMeaning}>
        Expected by {promiseLabel(expectedAt)}
      </Text>
      <AtRiskBadge atRisk={atRisk} />
    </Group>
  );
}
