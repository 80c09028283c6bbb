import { useState } from 'react';
import { Button, Center, Group, Pagination, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { API } from '@cutroom/domain/contract';
import { DUE_CARDS_PAGE_SIZE, todayInNewYork } from '@cutroom/domain';
import { PageHeader } from '../../components/page-header';
import { ReloadButton } from '../../components/reload-button';
import { useCurrentUser } from '../../lib/session';
import { mayCall } from '../users/public';
import { exportDueCardsHref, useDueCards, type DueCardFilters } from './api';
import { DueCardsFilters, type DueFilters } from './due-cards-filters';
import { DueCardsTable } from './due-cards-table';

const defaults = (): DueFilters => ({ date: todayInNewYork(), customer: null, qa: null, cardType: 'due_date' });

/** /dueCards ('Cards By Date', spec 002 §2): one New York day's cards by due date, 100 a page, with the total. */
export function DueCardsPage() {
  const role = useCurrentUser().client_type;
  const [filters, setFilters] = useState<DueFilters>(defaults);
  const [page, setPage] = useState(1);
  // Remounting the filters on reset also empties the customer search box.
  const [resets, setResets] = useState(0);

  const showCustomer = mayCall(API.users.customers, role);
  // A QA gets no QA filter and doesn't fetch the staff (spec 002 §6); others only if they may list staff.
  const showQa = role !== 'qa' && mayCall(API.users.list, role);
  const canExport = mayCall(API.dueCards.csv, role);

  const applied: DueCardFilters = {
    date: filters.date,
    card_type: filters.cardType,
    ...(filters.customer ? { customer_id: Number(filters.customer) } : {}),
    ...(filters.qa ? { qa_id: Number(filters.qa) } : {}),
  };
  const query = useDueCards({ ...applied, page });
  const total = query.data?.total;
  const pages = Math.ceil((total ?? 0) / DUE_CARDS_PAGE_SIZE);

  const change = (next: Partial<DueFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const reset = () => {
    setFilters(defaults());
    setPage(1);
    setResets((n) => n + 1);
  };

  return (
    <>
      <PageHeader
        title="Cards By Date"
        description="Cards due on a chosen New York day, by editing or YouTube helper due date."
        actions={
          <>
            <ReloadButton label="Reload" loading={query.isFetching} onReload={() => void query.refetch()} />
            {canExport && (
              <Button
                component="a"
                href={exportDueCardsHref(applied)}
                download="Export Cards.csv"
                variant="default"
                leftSection={<IconDownload size={16} />}
                data-testid="export-due-cards"
              >
                Export Cards
              </Button>
            )}
          </>
        }
      />
      <Stack gap="md">
        <DueCardsFilters
          key={resets}
          filters={filters}
          onChange={change}
          onReset={reset}
          showCustomer={showCustomer}
          showQa={showQa}
        />
        <Group justify="space-between">
          <Text fz="sm" c="dimmed" data-testid="due-total">
            {total === undefined ? ' ' : `Total cards: ${total.toLocaleString('en-US')}`}
          </Text>
        </Group>
        <DueCardsTable query={query} helper={filters.cardType === 'yt_due_date'} />
        {pages > 1 && (
          <Center>
            <Pagination total={pages} value={page} onChange={setPage} siblings={1} aria-label="Pages" />
          </Center>
        )}
      </Stack>
    </>
  );
}
