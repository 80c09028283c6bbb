import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconCalendar, IconDownload, IconEye, IconFileExport } from '@tabler/icons-react';
import {
  DEFAULT_RANGE_DAYS,
  EARLIEST_DATE,
  EXPORT_LIMITS,
  MSG,
  lastDays,
  todayIn,
  CLOCK_TIME_ZONE,
} from '@cutroom/domain';
import { CustomerFilterSelect } from '../../components/customer-filter-select';
import { EmptyStateCard } from '../../components/empty-state-card';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../lib/notify';
import { exportCardsCsvHref, exportCardsQuery, useExportCards, type ExportCardsQuery } from './api';
import { ExportCardsTable } from './export-cards-table';

type Range = [string | null, string | null];
const LIMIT_CHOICES = EXPORT_LIMITS.map((n) => ({ value: String(n), label: `${n} cards` }));

const defaultRange = (today: string): Range => {
  const { start_date, end_date } = lastDays(DEFAULT_RANGE_DAYS.export, today);
  return [start_date, end_date];
};

/** /exportCards ('Export Card', spec 002 §2 "Export"): preview the cards created in a range, or download them all. */
export function ExportCardsPage() {
  const mobile = useMediaQuery('(max-width: 48em)');
  // Days are the viewer's calendar days, as the server reads the range (spec 002 §9).
  const [today] = useState(() => todayIn(CLOCK_TIME_ZONE));
  const [range, setRange] = useState<Range>(() => defaultRange(today));
  const [limit, setLimit] = useState(String(EXPORT_LIMITS[0]));
  const [customer, setCustomer] = useState<string | null>(null);
  const [shown, setShown] = useState<ExportCardsQuery | null>(null);
  const [viewing, setViewing] = useState(false);
  const queryClient = useQueryClient();
  const cards = useExportCards(shown);

  // Both ends are needed; a half-picked range disables View and Export.
  const filters: ExportCardsQuery | null =
    range[0] && range[1]
      ? {
          startDate: range[0],
          endDate: range[1],
          limit: Number(limit),
          ...(customer ? { customerId: Number(customer) } : {}),
        }
      : null;

  const view = async () => {
    if (!filters) return;
    setViewing(true);
    try {
      // Fetched here, not by the table, so the toast says what this click did.
      await queryClient.fetchQuery({ ...exportCardsQuery(filters), staleTime: 0 });
      notify.success(MSG.dataLoaded);
    } catch {
      notify.error(MSG.dataLoadFailed);
    } finally {
      setShown(filters);
      setViewing(false);
    }
  };

  return (
    <>
      <PageHeader title="Export Card" description="Preview the cards created in a date range, or download them all." />
      <Stack gap="md">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <DatePickerInput
            type="range"
            label="Created between"
            leftSection={<IconCalendar size={16} />}
            valueFormat="MM/DD/YYYY"
            allowSingleDateInRange
            minDate={EARLIEST_DATE}
            maxDate={today}
            numberOfColumns={mobile ? 1 : 2}
            value={range}
            onChange={(r) => setRange([r[0] ? String(r[0]) : null, r[1] ? String(r[1]) : null])}
            w={{ base: '100%', sm: 260 }}
            data-testid="export-range"
          />
          <Select
            label="Limit"
            size="sm"
            data={LIMIT_CHOICES}
            value={limit}
            allowDeselect={false}
            onChange={(v) => v && setLimit(v)}
            w={{ base: '100%', sm: 140 }}
          />
          <CustomerFilterSelect
            value={customer}
            onChange={setCustomer}
            label="Customer"
            placeholder="All customers"
            size="sm"
          />
          <Group gap="sm" w={{ base: '100%', sm: 'auto' }} grow={!!mobile}>
            <Button
              leftSection={<IconEye size={16} />}
              disabled={!filters}
              loading={viewing}
              onClick={() => void view()}
            >
              View
            </Button>
            <Button
              component="a"
              variant="default"
              leftSection={<IconDownload size={16} />}
              href={filters ? exportCardsCsvHref(filters) : undefined}
              // The server names the file after the dates.
              download
              disabled={!filters}
              data-testid="export-cards-csv"
            >
              Export
            </Button>
          </Group>
        </Group>
        {shown === null ? (
          <EmptyStateCard
            icon={<IconFileExport size={34} stroke={1.5} />}
            title="Choose the cards to export"
            description="Pick a date range, a limit and optionally a customer, then View to preview them or Export to download every card in the range."
          />
        ) : (
          <>
            {cards.data && (
              <Text fz="sm" c="dimmed" data-testid="export-total">
                Showing {cards.data.cards.length.toLocaleString('en-US')} of {cards.data.total.toLocaleString('en-US')}{' '}
                cards created {cards.data.range.start_date} to {cards.data.range.end_date}
              </Text>
            )}
            <ExportCardsTable query={cards} />
          </>
        )}
      </Stack>
    </>
  );
}
