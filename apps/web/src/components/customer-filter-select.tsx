import { useState } from 'react';
import { Select, type MantineSize } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { MSG } from '@cutroom/domain';
import { useCustomerSearch } from '../lib/customer-search';

interface CustomerFilterSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  /** A compact filter bar passes 'sm'; the theme's inputs are 'md'. */
  size?: MantineSize;
  /** Shown above the box where the other fields of the row have labels. */
  label?: string;
  /** Where the names come from: the customers list by default; the upload page asks for its folders. */
  useSearch?: (search: string, enabled: boolean) => UseQueryResult<{ client_id: number; fullname: string }[]>;
}

/** A list's customer filter: a search over the customers the viewer may list, as in the request form. */
export function CustomerFilterSelect({
  value,
  onChange,
  placeholder = 'Customer',
  size,
  label,
  useSearch = useCustomerSearch,
}: CustomerFilterSelectProps) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  // Picking an option writes its name into the box; that isn't a new search.
  const term = chosen && typed === chosen.label ? '' : typed.trim();
  const customers = useSearch(term, true);

  const data = (customers.data ?? []).map((c) => ({ value: String(c.client_id), label: c.fullname }));
  if (chosen && chosen.value === value && !data.some((o) => o.value === chosen.value)) data.push(chosen);

  return (
    <Select
      label={label}
      aria-label={label ? undefined : 'Customer'}
      placeholder={placeholder}
      size={size}
      searchable
      clearable
      w={{ base: '100%', sm: 220 }}
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the search text.
      filter={({ options }) => options}
      nothingFoundMessage={customers.isFetching ? 'Searching…' : MSG.noCustomersMatch}
      onChange={(next) => {
        setChosen(data.find((o) => o.value === next) ?? null);
        onChange(next);
      }}
    />
  );
}
