import '@mantine/dates/styles.css';
import { Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import { CUSTOMER_ACTIVITY, REFERRALS, SUBSCRIPTION_TYPES, choicesOf, isOptionOf } from '@cutroom/domain';
import { ClearFilters } from './list-controls';
import type { CustomerFilterState } from './use-customer-filters';

const isPlan = isOptionOf(SUBSCRIPTION_TYPES);
const isReferral = isOptionOf(REFERRALS);
const isActivity = isOptionOf(CUSTOMER_ACTIVITY);

interface CustomerFilterBarProps {
  state: CustomerFilterState;
  /** Search is everyone's; the other filters go with the export, for the roles that may call it. */
  canFilter: boolean;
}

/** Search by name, plan, referral, activity and created dates over the customer list, with Clear Filter. */
export function CustomerFilterBar({ state, canFilter }: CustomerFilterBarProps) {
  const { filters, setFilter, range } = state;
  const mobile = useMediaQuery('(max-width: 48em)');
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        aria-label="Search"
        placeholder="Search by name"
        leftSection={<IconSearch size={16} />}
        value={state.search}
        onChange={(e) => state.setSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 240 }}
      />
      {canFilter && (
        <>
          <Select
            aria-label="Customer Type"
            placeholder="Customer Type"
            clearable
            data={choicesOf(SUBSCRIPTION_TYPES)}
            value={filters.customerType ?? null}
            onChange={(v: string | null) => setFilter('customerType', v && isPlan(v) ? v : undefined)}
            w={{ base: '100%', sm: 170 }}
          />
          <Select
            aria-label="Referral"
            placeholder="Referral"
            clearable
            data={choicesOf(REFERRALS)}
            value={filters.referral ?? null}
            onChange={(v: string | null) => setFilter('referral', v && isReferral(v) ? v : undefined)}
            w={{ base: '100%', sm: 170 }}
          />
          <Select
            aria-label="Customer Activity"
            placeholder="Customer Activity"
            clearable
            data={choicesOf(CUSTOMER_ACTIVITY)}
            value={filters.activity ?? null}
            onChange={(v: string | null) => setFilter('activity', v && isActivity(v) ? v : undefined)}
            w={{ base: '100%', sm: 190 }}
          />
          <DatePickerInput
            type="range"
            aria-label="Created between"
            placeholder="Created between"
            leftSection={<IconCalendar size={16} />}
            valueFormat="MM/DD/YY"
            clearable
            numberOfColumns={mobile ? 1 : 2}
            value={range}
            onChange={(r) => state.setRange([r[0] ? String(r[0]) : null, r[1] ? String(r[1]) : null])}
            w={{ base: '100%', sm: 230 }}
          />
        </>
      )}
      <ClearFilters count={state.activeFilters} onClear={state.clear} />
    </Group>
  );
}
