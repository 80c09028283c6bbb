import { useState } from 'react';
import { Anchor, Badge, Center, Pagination, Stack, Table, Text } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CARD_STATUS_LABELS, DEFAULT_RANGE_DAYS, MSG, TABLE_PAGE_SIZE } from '@cutroom/domain';
import type { ClientDashboardReply } from '@cutroom/domain/schemas';
import { EmptyStateCard } from '../../components/empty-state-card';
import { PageHeader } from '../../components/page-header';
import { QueryTable } from '../../components/query-table';
import { ReloadButton } from '../../components/reload-button';
import { ReportRangePicker } from '../../components/report-range-picker';
import { PromiseHitRate } from './promise-hit-rate';
import { cardDetailsPath } from '../../lib/card-url';
import { formatDay } from '../../lib/format-time';
import { useReportRange, type ReportRange } from '../../lib/report-range';
import { STATUS_COLORS } from '../board/public';
import { useClientDashboard } from './api';

type ClientRow = ClientDashboardReply['data'][number];

function ClientRowView({ row }: { row: ClientRow }) {
  return (
    <Table.Tr data-testid={`client-card-${row.card_id}`}>
      <Table.Td>{row.serial}</Table.Td>
      <Table.Td maw={360}>
        <Anchor component={Link} to={cardDetailsPath(row.card_id)} fw={600} lineClamp={2}>
          {row.card_title}
        </Anchor>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.created_at, '-')}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.completed_at, '-')}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLORS[row.card_status]}>
          {CARD_STATUS_LABELS[row.card_status]}
        </Badge>
      </Table.Td>
      {/* QueryTable keeps a last column for row actions; this list has none. */}
      <Table.Td />
    </Table.Tr>
  );
}

/** /dashboard for a customer: their own requests created in the range, 10 a page (spec 002 §2). */
export function ClientDashboard() {
  const [range, setRange] = useReportRange(DEFAULT_RANGE_DAYS.customerDashboard);
  const [page, setPage] = useState(1);
  const query = useClientDashboard(range, page);
  const pages = Math.ceil((query.data?.count ?? 0) / TABLE_PAGE_SIZE);
  const changeRange = (next: ReportRange) => {
    setRange(next);
    setPage(1);
  };

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your requests in the chosen dates: when each was created and completed, and where it stands now."
        actions={<ReloadButton label="Reload" loading={query.isFetching} onReload={() => void query.refetch()} />}
      />
      <Stack gap="md">
        <ReportRangePicker range={range} onChange={changeRange} />
        <PromiseHitRate range={range} />
        <Text fz="sm" c="dimmed" data-testid="client-total">
          {query.data ? `${query.data.count} ${query.data.count === 1 ? 'request' : 'requests'}` : ' '}
        </Text>
        <QueryTable
          query={query}
          rows={(data) => data.data}
          label="Your requests"
          headers={['#', 'Card title', 'Created', 'Completed', 'Status']}
          minWidth={640}
          errorMessage={MSG.dashboardLoadFailed}
          empty={
            <EmptyStateCard
              icon={<IconLayoutDashboard size={34} stroke={1.5} />}
              title={MSG.noDataFound}
              description=""
            />
          }
          renderRow={(row) => <ClientRowView key={row.card_id} row={row} />}
        />
        {pages > 1 && (
          <Center>
            <Pagination total={pages} value={page} onChange={setPage} siblings={1} aria-label="Pages" />
          </Center>
        )}
      </Stack>
    </>
  );
}
