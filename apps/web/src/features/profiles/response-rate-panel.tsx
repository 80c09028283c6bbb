import { useState } from 'react';
import { Anchor, Button, Center, Group, Pagination, Stack, Table } from '@mantine/core';
import { IconDownload, IconMessageOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG, TABLE_PAGE_SIZE, fill } from '@cutroom/domain';
import type { ResponseRateReply, UserView } from '@cutroom/domain/schemas';
import { EmptyStateCard } from '../../components/empty-state-card';
import { QueryTable } from '../../components/query-table';
import { ReportRangePicker } from '../../components/report-range-picker';
import { errorMessage } from '../../lib/api-client';
import { cardDetailsPath } from '../../lib/card-url';
import { downloadText } from '../../lib/download';
import { notify } from '../../lib/notify';
import type { ReportRange } from '../../lib/report-range';
import { commentsCsv } from './comments-csv';
import { fetchComments, useResponseRate, type CommentSide, type ProfileType } from './report-api';
import { ReportSummary } from './report-summary';

type Row = ResponseRateReply['data'][number];

const percent = (n: number) => `${Math.round(n * 100) / 100}%`;

function RateRow({ row }: { row: Row }) {
  return (
    <Table.Tr data-testid={`rate-card-${row.card_id}`}>
      <Table.Td maw={320}>
        <Anchor component={Link} to={cardDetailsPath(row.card_id)} fw={600} lineClamp={2}>
          {row.card_title}
        </Anchor>
      </Table.Td>
      <Table.Td>{`${row.first_name} ${row.last_name}`.trim()}</Table.Td>
      <Table.Td>{row.total_comments_count}</Table.Td>
      <Table.Td>{row.replied_count}</Table.Td>
      <Table.Td>{percent(row.response_rate)}</Table.Td>
      <Table.Td />
    </Table.Tr>
  );
}

interface ResponseRatePanelProps {
  person: UserView;
  range: ReportRange;
  onRangeChange: (range: ReportRange) => void;
  side: CommentSide;
  profileType?: ProfileType;
}

/** A person's answers to customer comments (or, for helpers, the helper chat) per card, 10 a page. */
export function ResponseRatePanel({ person, range, onRangeChange, side, profileType }: ResponseRatePanelProps) {
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const query = useResponseRate({ userId: person.client_id, range, page, profileType }, side);
  const pages = Math.ceil((query.data?.count ?? 0) / TABLE_PAGE_SIZE);
  const rows = query.data?.data ?? [];
  const summary = query.data?.summary;
  const testId = side === 'comments' ? 'response-rate' : 'yt-response-rate';

  const exportComments = async () => {
    setExporting(true);
    try {
      const reply = await fetchComments(
        rows.map((r) => r.card_id),
        range,
        side,
        profileType,
      );
      if (reply.data.length === 0) notify.info(MSG.noCommentsToExport);
      else
        downloadText(
          `Comments - ${person.fullname} - ${range.start_date} to ${range.end_date}.csv`,
          commentsCsv(reply.data),
        );
    } catch (error) {
      notify.error(fill(MSG.commentsLoadFailed, { error: errorMessage(error) }));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md" data-testid={`${testId}-panel`}>
      <Group justify="space-between" align="center" gap="sm">
        <ReportRangePicker
          range={range}
          onChange={(next) => {
            onRangeChange(next);
            setPage(1);
          }}
        />
        <Button
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} />}
          disabled={rows.length === 0}
          loading={exporting}
          onClick={() => void exportComments()}
          data-testid={`${testId}-export`}
        >
          Export comments
        </Button>
      </Group>
      {summary && (
        <ReportSummary
          testId={`${testId}-summary`}
          ring={{
            label: 'Response rate',
            value: percent(summary.response_rate),
            percent: summary.response_rate,
            color: 'teal',
          }}
          facts={[
            { label: 'Comments', value: summary.total_comments_count },
            { label: 'Replied', value: summary.replied_count },
            { label: 'Cards with comments', value: summary.total_response_rated_cards },
          ]}
        />
      )}
      <QueryTable
        query={query}
        rows={(data) => data.data}
        label={side === 'comments' ? 'Response Rate' : 'YT Helper Response Rate'}
        headers={['Card title', 'Customer', 'Comments', 'Replied', 'Rate']}
        minWidth={620}
        errorMessage={fill(MSG.responseRateLoadFailed, { error: errorMessage(query.error) })}
        empty={
          <EmptyStateCard icon={<IconMessageOff size={34} stroke={1.5} />} title={MSG.noDataFound} description="" />
        }
        renderRow={(row) => <RateRow key={row.card_id} row={row} />}
      />
      {pages > 1 && (
        <Center>
          <Pagination total={pages} value={page} onChange={setPage} siblings={1} aria-label="Pages" />
        </Center>
      )}
    </Stack>
  );
}
