import { useState } from 'react';
import { Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconStarOff } from '@tabler/icons-react';
import { MSG } from '@cutroom/domain';
import { CustomerFilterSelect } from '../../components/customer-filter-select';
import { EmptyStateCard } from '../../components/empty-state-card';
import { QueryTable } from '../../components/query-table';
import { Pager } from '../users/public';
import { useCustomerRatings, type CustomerRatingsQuery } from './api';
import { TITLE_DEBOUNCE_MS } from './card-title-search';
import { useQaOptions } from './qa-options';
import { CardLink, CreatedAt, Stars, numbered } from './rating-table-parts';

const COMMENT_CHOICES = [
  { value: 'with', label: 'Cards with Comment' },
  { value: 'without', label: 'Cards without Comment' },
];
const isCommented = (v: string | null): v is 'with' | 'without' => v === 'with' || v === 'without';

/** 'Rated by Customer': the ratings customers gave, by customer, QA, title and whether they commented. */
export function CustomerRatingsList() {
  const [customer, setCustomer] = useState<string | null>(null);
  const [qa, setQa] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [typedTitle] = useDebouncedValue(title.trim(), TITLE_DEBOUNCE_MS);
  const [commented, setCommented] = useState<'with' | 'without' | null>(null);
  const [page, setPage] = useState(1);
  const qaOptions = useQaOptions();

  const query: CustomerRatingsQuery = {
    index: page,
    ...(customer ? { customerId: Number(customer) } : {}),
    ...(qa ? { qaId: Number(qa) } : {}),
    // A cleared box applies at once; typing waits for the pause.
    ...(title.trim() && typedTitle ? { title: typedTitle } : {}),
    ...(commented ? { commented } : {}),
  };
  const list = useCustomerRatings(query);
  // Any filter change goes back to the first page.
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <CustomerFilterSelect value={customer} onChange={filter(setCustomer)} size="sm" />
        <Select
          aria-label="QA"
          placeholder="QA"
          size="sm"
          searchable
          clearable
          data={qaOptions}
          value={qa}
          onChange={filter(setQa)}
          w={{ base: '100%', sm: 220 }}
        />
        <TextInput
          aria-label="Card title"
          placeholder="Card title"
          size="sm"
          leftSection={<IconSearch size={16} />}
          value={title}
          onChange={(e) => filter(setTitle)(e.currentTarget.value)}
          w={{ base: '100%', sm: 220 }}
        />
        <Select
          aria-label="Comment"
          placeholder="Comment"
          size="sm"
          clearable
          data={COMMENT_CHOICES}
          value={commented}
          onChange={(v) => filter(setCommented)(isCommented(v) ? v : null)}
          w={{ base: '100%', sm: 210 }}
        />
        {!!list.data?.total && (
          <Text fz="sm" c="dimmed" ml="auto" data-testid="customer-rated-total">
            {list.data.total} rating{list.data.total === 1 ? '' : 's'}
          </Text>
        )}
      </Group>
      <QueryTable
        query={list}
        rows={(data) => numbered(data.data, page)}
        label="Rated by customer"
        headers={['SR No.', 'Card title', 'Rating', 'QA name', 'Customer name', 'Comment', 'Created date']}
        minWidth={900}
        errorMessage={MSG.somethingWentWrong}
        empty={<EmptyStateCard icon={<IconStarOff size={34} stroke={1.5} />} title={MSG.noDataFound} description="" />}
        renderRow={({ row, sr }) => (
          <Table.Tr key={row.id} data-testid={`customer-rating-${row.id}`}>
            <Table.Td>{sr}</Table.Td>
            <Table.Td maw={260}>
              <CardLink id={row.card_id} title={row.card_title} />
              {row.card_type === 'repurpose' && (
                <Text fz="xs" c="dimmed">
                  Repurpose
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Stars value={row.rating} />
            </Table.Td>
            <Table.Td>{row.qa_name ?? '—'}</Table.Td>
            <Table.Td>{row.customer_name}</Table.Td>
            <Table.Td maw={300}>
              <Text fz="sm" lineClamp={3}>
                {row.comment?.trim() || '-'}
              </Text>
            </Table.Td>
            <Table.Td>
              <CreatedAt iso={row.created_date} />
            </Table.Td>
            <Table.Td />
          </Table.Tr>
        )}
      />
      <Pager count={list.data?.total ?? 0} page={page} onChange={setPage} />
    </Stack>
  );
}
