import { useState } from 'react';
import { Anchor, Center, Pagination, Stack, Table, Text } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG, RATING_MAX, TABLE_PAGE_SIZE } from '@cutroom/domain';
import type { CsatReply, UserView } from '@cutroom/domain/schemas';
import { customerProfilePath } from '../../lib/paths';
import { EmptyStateCard } from '../../components/empty-state-card';
import { QueryTable } from '../../components/query-table';
import { ReportRangePicker } from '../../components/report-range-picker';
import { errorMessage } from '../../lib/api-client';
import type { ReportRange } from '../../lib/report-range';
import { useCsat } from './report-api';
import { ReportSummary } from './report-summary';

type Row = CsatReply['data'][number];

/** A list of short texts in a cell: one line each, '-' for none. */
function Lines({ items }: { items: readonly string[] }) {
  if (items.length === 0)
    return (
      <Text span c="dimmed">
        -
      </Text>
    );
  return (
    <Stack gap={2}>
      {items.map((item, i) => (
        <Text key={i} fz="sm" lineClamp={2}>
          {item}
        </Text>
      ))}
    </Stack>
  );
}

function CsatRow({ row }: { row: Row }) {
  return (
    <Table.Tr data-testid={`csat-customer-${row.client_id}`}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Anchor component={Link} to={customerProfilePath(row.client_id)} fw={600}>
          {`${row.client_fname} ${row.client_lname}`.trim()}
        </Anchor>
      </Table.Td>
      <Table.Td maw={280}>
        <Lines items={row.card_tile} />
      </Table.Td>
      <Table.Td>{row.rated_videos}</Table.Td>
      <Table.Td>{row.total_rating}</Table.Td>
      <Table.Td fw={600}>{row.csat.toFixed(2)}</Table.Td>
      <Table.Td maw={280}>
        <Lines items={row.rating_comments.filter((c) => c.trim() !== '')} />
      </Table.Td>
    </Table.Tr>
  );
}

interface CsatPanelProps {
  person: UserView;
  range: ReportRange;
  onRangeChange: (range: ReportRange) => void;
}

/** CSAT per customer over the person's rated cards (total rating / rated videos), 10 a page. */
export function CsatPanel({ person, range, onRangeChange }: CsatPanelProps) {
  const [page, setPage] = useState(1);
  const query = useCsat({ userId: person.client_id, range, page });
  const pages = Math.ceil((query.data?.count ?? 0) / TABLE_PAGE_SIZE);
  const summary = query.data?.summary;
  return (
    <Stack gap="md" data-testid="csat-panel">
      <ReportRangePicker
        range={range}
        onChange={(next) => {
          onRangeChange(next);
          setPage(1);
        }}
      />
      {summary && (
        <ReportSummary
          testId="csat-summary"
          ring={{
            label: 'CSAT',
            value: summary.rated_videos ? summary.csat.toFixed(2) : '-',
            percent: (summary.csat / RATING_MAX) * 100,
            color: 'yellow',
          }}
          facts={[
            { label: 'Rated videos', value: summary.rated_videos },
            { label: 'Total rating', value: summary.total_rating },
          ]}
        />
      )}
      <QueryTable
        query={query}
        rows={(data) => data.data}
        label="CSAT"
        headers={['Customer', 'Cards', 'Rated videos', 'Total', 'CSAT', 'Comments']}
        minWidth={760}
        errorMessage={errorMessage(query.error)}
        empty={
          <EmptyStateCard icon={<IconMoodEmpty size={34} stroke={1.5} />} title={MSG.noDataFound} description="" />
        }
        renderRow={(row) => <CsatRow key={row.client_id} row={row} />}
      />
      {pages > 1 && (
        <Center>
          <Pagination total={pages} value={page} onChange={setPage} siblings={1} aria-label="Pages" />
        </Center>
      )}
    </Stack>
  );
}
