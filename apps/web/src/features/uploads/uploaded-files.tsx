import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconFolderOpen, IconSearch, IconTruckDelivery } from '@tabler/icons-react';
import { DELIVERY_TEXT, MSG, formatBytes } from '@cutroom/domain';
import type { UploadedFile } from '@cutroom/domain/schemas';
import { EmptyStateCard } from '../../components/empty-state-card';
import { formatEst } from '../../lib/format-time';
import { QueryTable } from '../../components/query-table';
import { Pager } from '../users/public';
import { useDownload, useUploadedFiles, type UploadFilters } from './api';
import { DeliverDialog } from './deliver-dialog';
import { VideoThumb } from './video-preview';

const SEARCH_DEBOUNCE_MS = 400;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

type Range = [string | null, string | null];

/** A folder's files: search in the name, a date range, 10 a page (at most 5 pager buttons), download. */
export function UploadedFiles({ customerId }: { customerId: number | null }) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [range, setRange] = useState<Range>([null, null]);
  const [page, setPage] = useState(1);
  const download = useDownload();
  // Staff only (a customer's own folder has no customerId here): a finished video goes to a card.
  const [delivering, setDelivering] = useState<UploadedFile | null>(null);

  const filters: UploadFilters = {
    page,
    ...(customerId ? { customer_id: customerId } : {}),
    ...(search.trim() && typed ? { search: typed } : {}),
    // A half-picked range waits for its end.
    ...(range[0] && range[1] ? { start_date: range[0], end_date: range[1] } : {}),
  };
  const query = useUploadedFiles(filters, true);
  const filtered = Boolean(filters.search || filters.start_date);

  const renderRow = (file: UploadedFile) => (
    <Table.Tr key={file.id}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap" align="center">
          <VideoThumb file={file} />
          <Text fz="sm" style={{ wordBreak: 'break-all' }}>
            {file.file_name}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td style={NO_WRAP}>{formatBytes(file.bytes)}</Table.Td>
      <Table.Td>{file.uploaded_by ?? '—'}</Table.Td>
      <Table.Td style={NO_WRAP}>{formatEst(file.created_at)}</Table.Td>
      <Table.Td style={NO_WRAP}>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconDownload size={14} />}
          loading={download.isPending && download.variables === file.id}
          aria-label={`Download ${file.file_name}`}
          onClick={() => download.mutate(file.id)}
        >
          Download
        </Button>
        {customerId !== null && file.media && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconTruckDelivery size={14} />}
            aria-label={`Deliver ${file.file_name} to a card`}
            onClick={() => setDelivering(file)}
          >
            {DELIVERY_TEXT.deliverToCard}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          aria-label="Search files"
          placeholder="Search by file name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 260 }}
        />
        <DatePickerInput
          type="range"
          aria-label="Uploaded between"
          placeholder="Uploaded between"
          clearable
          allowSingleDateInRange
          value={range}
          onChange={(value) => {
            setRange(value);
            setPage(1);
          }}
          valueFormat="YYYY-MM-DD"
          w={{ base: '100%', sm: 260 }}
          data-testid="upload-date-range"
        />
      </Group>
      <QueryTable
        query={query}
        rows={(data) => data.files}
        label="Uploaded files"
        headers={['File', 'Size', 'Uploaded by', 'Uploaded on']}
        renderRow={renderRow}
        errorMessage={MSG.somethingWentWrong}
        minWidth={720}
        empty={
          <EmptyStateCard
            icon={<IconFolderOpen size={34} stroke={1.5} />}
            title={filtered ? MSG.uploadNoMatches : MSG.uploadNoFiles}
            description={filtered ? 'Try another name or date range.' : 'Files uploaded here show up in this list.'}
          />
        }
      />
      {delivering && <DeliverDialog file={delivering} onClose={() => setDelivering(null)} />}
      <Pager count={query.data?.count ?? 0} page={page} onChange={setPage} />
      {query.data && query.data.count > 0 && (
        <Text fz="xs" c="dimmed" ta="center">
          {query.data.count} {query.data.count === 1 ? 'file' : 'files'}
        </Text>
      )}
    </Stack>
  );
}
