import '@mantine/charts/styles.css';
import type { ReactNode } from 'react';
import { DonutChart, type DonutChartCell } from '@mantine/charts';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DASHBOARD_FIGURE_MEANINGS, RATING_MAX } from '@cutroom/domain';
import type { VideoStats } from '@cutroom/domain/schemas';
import { rangeSearch, type ReportRange } from '../../lib/report-range';

const EMPTY: DonutChartCell[] = [{ name: 'None', value: 1, color: 'gray.2' }];
const REST = 'gray.3';

/** A part of a whole as a ring; a whole of nothing is one grey ring. */
const partOf = (name: string, part: number, whole: number, color: string): DonutChartCell[] =>
  whole <= 0 && part <= 0
    ? EMPTY
    : [
        { name, value: part, color },
        { name: 'Others', value: Math.max(0, whole - part), color: REST },
      ];

/** The board's list on one section with the same range: the cards behind a figure (docs/reporting.md). */
export const boardLink = (section: 'video_request' | 'editing' | 'completed', range: ReportRange) =>
  `/?section=${section}&${rangeSearch(range)}`;

interface GraphProps {
  testId: string;
  label: string;
  figure: string;
  note: string;
  /** What the figure counts, in a tooltip beside its label. */
  meaning: string;
  data: DonutChartCell[];
  to?: string;
}

function Graph({ testId, label, figure, note, meaning, data, to }: GraphProps) {
  const body: ReactNode = (
    <Stack gap={4} align="center">
      <DonutChart
        data={data}
        size={104}
        thickness={12}
        chartLabel={figure}
        withTooltip={data !== EMPTY}
        tooltipDataSource="segment"
        strokeWidth={0}
        aria-hidden
      />
      <Group gap={4} justify="center" wrap="nowrap">
        <Text fw={600} fz="sm" ta="center">
          {label}
        </Text>
        <Tooltip label={meaning} multiline w={220} withArrow events={{ hover: true, focus: true, touch: true }}>
          <IconInfoCircle size={14} color="var(--mantine-color-dimmed)" aria-label={meaning} role="img" />
        </Tooltip>
      </Group>
      <Text fz="xs" c="dimmed" ta="center" data-testid={`${testId}-note`}>
        {note}
      </Text>
    </Stack>
  );
  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      data-testid={testId}
      data-figure={figure}
      aria-label={`${label}: ${figure}`}
      component="figure"
      m={0}
    >
      {to ? (
        <UnstyledButton component={Link} to={to} w="100%" data-testid={`${testId}-link`}>
          {body}
        </UnstyledButton>
      ) : (
        body
      )}
    </Paper>
  );
}

/** The six circular graphs over the cards the viewer sees, created in the range. */
export function VideoGraphs({ stats, range }: { stats: VideoStats | undefined; range: ReportRange }) {
  if (!stats)
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" aria-busy="true" aria-label="Loading graphs">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} h={178} radius="lg" />
        ))}
      </SimpleGrid>
    );
  const total = stats.total_videos;
  const others = Math.max(0, total - stats.in_progress - stats.completed);
  const requested: DonutChartCell[] =
    total > 0
      ? [
          { name: 'In progress', value: stats.in_progress, color: 'blue.6' },
          { name: 'Completed', value: stats.completed, color: 'teal.6' },
          { name: 'Not started', value: others, color: REST },
        ]
      : EMPTY;
  const ratings = stats.rated_videos;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="video-graphs">
      <Graph
        testId="graph-requested"
        meaning={DASHBOARD_FIGURE_MEANINGS.requested}
        label="Requested"
        figure={String(total)}
        note="requested in these dates"
        data={requested}
        to={boardLink('video_request', range)}
      />
      <Graph
        testId="graph-in-progress"
        meaning={DASHBOARD_FIGURE_MEANINGS.inProgress}
        label="In progress"
        figure={String(stats.in_progress)}
        note={`of ${total} requested`}
        data={partOf('In progress', stats.in_progress, total, 'blue.6')}
        to={boardLink('editing', range)}
      />
      <Graph
        testId="graph-completed"
        meaning={DASHBOARD_FIGURE_MEANINGS.completed}
        label="Completed"
        figure={String(stats.completed)}
        note={`delivered, of ${total} requested`}
        data={partOf('Completed', stats.completed, total, 'teal.6')}
        to={boardLink('completed', range)}
      />
      <Graph
        testId="graph-rating"
        meaning={DASHBOARD_FIGURE_MEANINGS.rating}
        label="Average rating"
        figure={ratings ? stats.avg_rating.toFixed(2) : '-'}
        note={`of ${RATING_MAX}, ${ratings} ${ratings === 1 ? 'rating' : 'ratings'} given in these dates`}
        data={ratings ? partOf('Rating', stats.avg_rating, RATING_MAX, 'yellow.5') : EMPTY}
      />
      <Graph
        testId="graph-time"
        meaning={DASHBOARD_FIGURE_MEANINGS.time}
        label="Avg completion"
        figure={`${stats.avg_time}h`}
        note="hours, assigned to delivered"
        data={stats.completed ? [{ name: 'Hours', value: stats.avg_time, color: 'grape.6' }] : EMPTY}
      />
      <Graph
        testId="graph-overdue"
        meaning={DASHBOARD_FIGURE_MEANINGS.overdue}
        label="Overdue"
        figure={String(stats.overdue)}
        note={`of ${stats.in_progress} in progress`}
        data={partOf('Overdue', stats.overdue, stats.in_progress, 'red.6')}
      />
    </SimpleGrid>
  );
}
