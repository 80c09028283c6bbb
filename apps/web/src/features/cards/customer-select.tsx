import { useState } from 'react';
import { Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MSG } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { useCustomerSearch } from '../../lib/customer-search';

interface CustomerSelectProps {
  value: string | null;
  /** The customer behind `value`, so their label shows whatever the current search lists. */
  customer: UserView | null;
  onChange: (value: string | null, customer: UserView | null) => void;
  onBlur?: () => void;
  error?: React.ReactNode;
  autoFocus?: boolean;
}

const optionLabel = (c: UserView) => `${c.fullname} (${c.useremail})`;

/** Admin's 'Request for': a search over the customers the server lists, by name or email. */
export function CustomerSelect({ value, customer: selected, onChange, onBlur, error, autoFocus }: CustomerSelectProps) {
  const [search, setSearch] = useState(() => (selected ? optionLabel(selected) : ''));
  const [debounced] = useDebouncedValue(search, 250);
  // After a pick the box shows the customer's label; that is not a new search.
  const term = selected && debounced === optionLabel(selected) ? '' : debounced.trim();
  const customers = useCustomerSearch(term, true);

  const list = customers.data ?? [];
  const byId = new Map<string, UserView>(list.map((c) => [String(c.client_id), c]));
  if (selected) byId.set(String(selected.client_id), selected);
  const data = [...byId.values()].map((c) => ({ value: String(c.client_id), label: optionLabel(c) }));

  return (
    <Select
      label="Request for"
      description="The customer this video is for"
      placeholder="Search customers by name or email"
      required
      searchable
      clearable
      // Focus (e.g. on opening the modal) alone shouldn't cover the form with the list; typing or a click opens it.
      openOnFocus={false}
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value}
      onChange={(next) => {
        onChange(next, next ? (byId.get(next) ?? null) : null);
      }}
      onBlur={onBlur}
      error={error}
      // The server already filtered by the search text.
      filter={({ options }) => options}
      nothingFoundMessage={customers.isFetching ? 'Searching…' : MSG.noCustomersMatch}
      rightSection={customers.isFetching ? <Loader size="xs" /> : undefined}
      renderOption={({ option }) => {
        const customer = byId.get(option.value);
        return (
          <Stack gap={0}>
            <Text fz="sm">{customer?.fullname ?? option.label}</Text>
            {customer && (
              <Text fz="xs" c="dimmed">
                {customer.useremail}
              </Text>
            )}
          </Stack>
        );
      }}
      data-testid="request-for"
      data-autofocus={autoFocus || undefined}
    />
  );
}
