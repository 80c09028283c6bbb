import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Group, Select, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar, IconStarOff } from '@tabler/icons-react';
import { EARLIEST_DATE, MSG } from '@cutroom/domain';
import type { RatingRecord } from '@cutroom/domain/schemas';
import { EmptyStateCard } from '../../components/empty-state-card';
import { QueryTable } from '../../components/query-table';
import { Pager } from '../users/public';
import { useUpdatedRatings, type UpdatedRatingsQuery } from './api';
import { CardLink, CreatedAt, RATING_CHOICES, Stars, numbered } from './rating-table-parts';
import { rangePresets } from '../../lib/report-range';

type Range = [string | null, string | null];

const qaName = (r: RatingRecord) => [r.qaFirstname, r.qaLastname].filter(Boolean).join(' ') || '—';

/** The rating changes admins made, newest first, by date range and rating (spec 002 §2 "Rating admin"). */
export function UpdatedRatingsList() {
  const mobile = useMediaQuery('(max-width: 48em)');
  const [range, setRange] = useState<Range>([null, null]);
  const [rating, setRating] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  // A half-chosen range isn't sent: the list waits for its end.
  const [start, end] = range[0] && range[1] ? range : [null, null];
  const query: UpdatedRatingsQuery = {
    index: page,
    ...(start && end ? { startDate: start, endDate: end } : {}),
    ...(rating ? { selectedRating: Number(rating) } : {}),
  };
  const list = useUpdatedRatings(query);

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <DatePickerInput
          type="range"
          aria-label="Changed between"
          placeholder="Changed between"
          leftSection={<IconCalendar size={16} />}
          valueFormat="MM/DD/YY"
          clearable
          minDate={EARLIEST_DATE}
          numberOfColumns={mobile ? 1 : 2}
          value={range}
          onChange={(r) => {
            setRange([r[0] ? String(r[0]) : null, r[1] ? String(r[1]) : null]);
            setPage(1);
          }}
          w={{ base: '100%', sm: 230 }}
          data-testid="updated-range"
          presets={rangePresets()}
          highlightToday
        />
        <Select
          aria-label="Rating"
          placeholder="Any rating"
          size="sm"
          clearable
          data={RATING_CHOICES}
          value={rating}
          onChange={(v) => {
            setRating(v);
            setPage(1);
          }}
          w={{ base: '100%', sm: 150 }}
        />
        {!!list.data?.totalRatedCards && (
          <Text fz="sm" c="dimmed" ml="auto" data-testid="updated-total">
            {list.data.totalRatedCards} change{list.data.totalRatedCards === 1 ? '' : 's'}
          </Text>
        )}
      </Group>
      <QueryTable
        query={list}
        rows={(data) => numbered(data.updatedRatedCards, page)}
        label="Updated ratings"
        headers={['SR No.', 'Card title', 'Rating', 'QA name', 'Reason', 'Created date']}
        minWidth={820}
        errorMessage={MSG.somethingWentWrong}
        empty={<EmptyStateCard icon={<IconStarOff size={34} stroke={1.5} />} title={MSG.noDataFound} description="" />}
        renderRow={({ row, sr }) => (
          <Table.Tr key={row.id} data-testid={`updated-rating-${row.id}`}>
            <Table.Td>{sr}</Table.Td>
            <Table.Td maw={280}>
              <CardLink id={row.card_id} title={row.card_title} />
            </Table.Td>
            <Table.Td>
              <Stars value={row.rating} />
              {row.old_rating !== null && row.old_rating !== row.rating && (
                <Text fz="xs" c="dimmed">
                  was {row.old_rating}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {qaName(row)}
              {row.old_qa_name && row.old_qa_name !== qaName(row) && (
                <Text fz="xs" c="dimmed">
                  was {row.old_qa_name}
                </Text>
              )}
            </Table.Td>
            <Table.Td maw={320}>
              <Text fz="sm" lineClamp={3}>
                {row.reason}
              </Text>
            </Table.Td>
            <Table.Td>
              <CreatedAt iso={row.created_at} />
            </Table.Td>
            <Table.Td />
          </Table.Tr>
        )}
      />
      <Pager count={list.data?.totalRatedCards ?? 0} page={page} onChange={setPage} />
    </Stack>
  );
}
