import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { CustomerFilters } from './api';
import { SEARCH_DEBOUNCE_MS } from './list-controls';

/** A created-between range as the date picker gives it: either end may be missing. */
export type DateRange = [string | null, string | null];

/** The customer list's search, filters, range and page; any change but the page's own goes back to page 1. */
export function useCustomerFilters() {
  const [search, setSearchText] = useState('');
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<Omit<CustomerFilters, 'search'>>({});
  const [range, setRangeValue] = useState<DateRange>([null, null]);
  const [page, setPage] = useState(1);

  const debounced = search.trim() ? typed : '';
  // A half-chosen range waits for its end date.
  const dates = range[0] && range[1] ? { startDate: range[0], endDate: range[1] } : {};
  const applied: CustomerFilters = { ...(debounced ? { search: debounced } : {}), ...filters, ...dates };
  const activeFilters =
    (search.trim() ? 1 : 0) + Object.values(filters).filter(Boolean).length + (range[0] || range[1] ? 1 : 0);

  const setSearch = (text: string) => {
    setSearchText(text);
    setPage(1);
  };
  const setFilter = <K extends keyof typeof filters>(key: K, value: (typeof filters)[K] | undefined) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  const setRange = (next: DateRange) => {
    setRangeValue(next);
    setPage(1);
  };
  const clear = () => {
    setSearchText('');
    setFilters({});
    setRangeValue([null, null]);
    setPage(1);
  };

  return { search, setSearch, filters, setFilter, range, setRange, page, setPage, applied, activeFilters, clear };
}

export type CustomerFilterState = ReturnType<typeof useCustomerFilters>;
