import { useState } from 'react';
import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArchive, IconArrowBackUp, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG, NAV_ITEMS, SUBSCRIPTION_TYPES, calendarDay, labelOf, CLOCK_TIME_ZONE } from '@cutroom/domain';
import type { ArchivedCard } from '@cutroom/domain/schemas';
import { EmptyStateCard } from '../../components/empty-state-card';
import { PageHeader } from '../../components/page-header';
import { QueryTable } from '../../components/query-table';
import { ReloadButton } from '../../components/reload-button';
import { cardDetailsPath } from '../../lib/card-url';
import { useCurrentUser } from '../../lib/session';
import { Pager } from '../users/public';
import { mayListCustomers, useCustomerSearch } from '../../lib/customer-search';
import { useArchivedCards, useUnarchiveCard, type ArchiveFilters } from './api';

/** The spec asks the title search to wait a full second after typing. */
const TITLE_DEBOUNCE_MS = 1000;

/** Archive dates read YYYY-MM-DD on New York's calendar, the portal's zone. */
const isoDay = (iso: string | null) => (iso ? calendarDay(new Date(iso), CLOCK_TIME_ZONE) : '—');

/** A date must not break at its hyphens. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** /cards/archive: finished and canceled cards taken off the board, with un-archive for staff who may. */
export function ArchivePage() {
  const viewer = useCurrentUser();
  const isCustomer = viewer.client_type === 'customer';
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), TITLE_DEBOUNCE_MS);
  const [customerSearch, setCustomerSearch] = useState('');
  const [debouncedCustomer] = useDebouncedValue(customerSearch.trim(), 250);
  const [clientId, setClientId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const pickCustomer = mayListCustomers(viewer.client_type);
  const customers = useCustomerSearch(debouncedCustomer, pickCustomer);
  const unarchive = useUnarchiveCard();

  const filters: ArchiveFilters = {
    page,
    ...(search.trim() && typed ? { card_name: typed } : {}),
    ...(clientId ? { client_id: Number(clientId) } : {}),
  };
  const query = useArchivedCards(filters);
  const customerOptions = (customers.data ?? []).map((c) => ({ value: String(c.client_id), label: c.fullname }));

  const headers = [
    'Customer',
    'Card Title',
    'Rating',
    ...(isCustomer ? [] : ['Subscription']),
    'Created On',
    'Assigned On',
    'Done On',
    'Archived On',
  ];

  const renderRow = (card: ArchivedCard) => (
    <Table.Tr key={card.card_id}>
      <Table.Td>{card.client_name}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={cardDetailsPath(card.card_id)}>
          {card.card_title}
        </Anchor>
      </Table.Td>
      <Table.Td>{card.rating ?? '—'}</Table.Td>
      {!isCustomer && (
        <Table.Td>{card.subscription_type ? labelOf(SUBSCRIPTION_TYPES, card.subscription_type) : '—'}</Table.Td>
      )}
      <Table.Td style={NO_WRAP}>{isoDay(card.creation_time)}</Table.Td>
      <Table.Td style={NO_WRAP}>{isoDay(card.assigned_time)}</Table.Td>
      <Table.Td style={NO_WRAP}>{isoDay(card.done_time)}</Table.Td>
      <Table.Td style={NO_WRAP}>{isoDay(card.archived_time)}</Table.Td>
      <Table.Td>
        {!isCustomer && (
          <Tooltip label={MSG.forbidden} disabled={card.may_unarchive}>
            {/* A disabled button fires no events, so the tooltip hangs on its wrapper. */}
            <span>
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconArrowBackUp size={14} />}
                disabled={!card.may_unarchive}
                loading={unarchive.isPending && unarchive.variables === card.card_id}
                aria-label={`Un-archive ${card.card_title}`}
                onClick={() => unarchive.mutate(card.card_id)}
              >
                Un-archive
              </Button>
            </span>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <>
      <PageHeader
        title={NAV_ITEMS.archived.label}
        actions={<ReloadButton label="Reload" loading={query.isFetching} onReload={() => void query.refetch()} />}
      />
      <Stack gap="md">
        <Group gap="sm" wrap="wrap" align="flex-end">
          {pickCustomer && (
            <Select
              aria-label="Customer"
              placeholder="All customers"
              searchable
              clearable
              searchValue={customerSearch}
              onSearchChange={setCustomerSearch}
              // The server already filtered by the search text.
              filter={({ options }) => options}
              data={customerOptions}
              value={clientId}
              onChange={(v) => {
                setClientId(v);
                setPage(1);
              }}
              nothingFoundMessage={MSG.noCustomersMatch}
              w={{ base: '100%', sm: 240 }}
              data-testid="archive-customer"
            />
          )}
          <TextInput
            aria-label="Search"
            placeholder="Search by card title"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 240 }}
          />
        </Group>
        <QueryTable
          query={query}
          rows={(data) => data.cards}
          label="Archived cards"
          headers={headers}
          renderRow={renderRow}
          errorMessage={MSG.somethingWentWrong}
          minWidth={1000}
          empty={
            <EmptyStateCard icon={<IconArchive size={34} stroke={1.5} />} title="No archived cards" description="" />
          }
        />
        <Pager count={query.data?.total ?? 0} page={page} onChange={setPage} />
        {query.data && (
          <Text fz="xs" c="dimmed" ta="center">
            {query.data.total} archived
          </Text>
        )}
      </Stack>
    </>
  );
}
