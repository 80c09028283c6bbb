import { Group, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import { WATCHED_ENOUGH } from '@cutroom/domain';
import type { CoverageReply } from '@cutroom/domain/schemas';
import { call } from '../../lib/call';
import { cardKeys } from '../../lib/card/card-keys';
import { formatClock } from '../../lib/format';

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)} %`);

/** One reviewer's strip: the version's timeline with what they played filled in. */
export function CoverageStrip({
  reviewer,
  duration,
}: {
  reviewer: CoverageReply['reviewers'][number];
  duration: number;
}) {
  const played = reviewer.ranges
    .map(([a, b]) => [Math.max(0, a!), Math.min(duration, b!)] as const)
    .filter(([a, b]) => b > a);
  const low = reviewer.watched !== null && reviewer.watched < WATCHED_ENOUGH;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="coverage-strip" data-reviewer={reviewer.name}>
      <Text fz="xs" w={110} truncate title={reviewer.name}>
        {reviewer.name}
      </Text>
      <div
        role="img"
        aria-label={`${reviewer.name} watched ${percent(reviewer.watched)}`}
        style={{
          position: 'relative',
          flex: 1,
          height: 8,
          borderRadius: 4,
          background: 'var(--mantine-color-gray-2)',
          overflow: 'hidden',
        }}
      >
        {played.map(([a, b]) => (
          <Tooltip key={a} label={`${formatClock(a)}–${formatClock(b)}`} withArrow>
            <span
              data-testid="coverage-played"
              style={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: `${(a / duration) * 100}%`,
                width: `${((b - a) / duration) * 100}%`,
                background: `var(--mantine-color-${low ? 'orange' : 'teal'}-5)`,
              }}
            />
          </Tooltip>
        ))}
      </div>
      <Text fz="xs" c={low ? 'orange' : 'dimmed'} w={40} ta="right">
        {percent(reviewer.watched)}
      </Text>
    </Group>
  );
}

/** Staff's coverage strips (issue 52): how much of the version each reviewer played, and where. */
export function CoverageStrips({ cardId, version }: { cardId: number; version: number }) {
  const coverage = useQuery({
    queryKey: [...cardKeys.card(cardId), 'coverage', version],
    queryFn: ({ signal }) =>
      call(API.approvals.coverage, { params: { id: cardId }, query: { video_version: version }, signal }),
  });
  const data = coverage.data;
  if (!data || data.duration === null || data.reviewers.length === 0) return null;
  return (
    <Stack gap={4} mt="xs" aria-label="What each reviewer watched" data-testid="coverage-strips">
      <Text fz="xs" c="dimmed">
        What each reviewer watched
      </Text>
      {data.reviewers.map((r) => (
        <CoverageStrip key={`${r.side}-${r.name}`} reviewer={r} duration={data.duration!} />
      ))}
    </Stack>
  );
}
