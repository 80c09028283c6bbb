import { Group, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import { call } from '../../lib/call';
import type { ReportRange } from '../../lib/report-range';

/** Promises kept over the range: first cuts that arrived by the date promised at request time. */
export function PromiseHitRate({ range }: { range: ReportRange }) {
  const query = useQuery({
    queryKey: ['dashboard', 'promise-hit-rate', range],
    queryFn: ({ signal }) => call(API.promises.hitRate, { query: range, signal }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  return (
    <Paper withBorder radius="md" p="md" data-testid="promise-hit-rate">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>Promises kept</Text>
          {data?.hit_rate != null && (
            <Text fw={700} fz="lg" data-testid="hit-rate">
              {data.hit_rate} %
            </Text>
          )}
        </Group>
        {!data ? (
          query.isError ? (
            <Text fz="sm" c="dimmed">
              The hit rate could not be loaded.
            </Text>
          ) : (
            <Skeleton h={30} />
          )
        ) : data.delivered === 0 ? (
          <Text fz="sm" c="dimmed" h={30} data-testid="hit-rate-empty">
            No first cuts were delivered in these dates, so there is no promise to measure yet.
          </Text>
        ) : (
          <Stack gap={4} h={30}>
            <Progress value={data.hit_rate ?? 0} color="teal" aria-label="Promises kept" />
            <Text fz="xs" c="dimmed">
              {data.on_time} of {data.delivered} first {data.delivered === 1 ? 'cut' : 'cuts'} arrived by the date
              promised when the request was made.
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
