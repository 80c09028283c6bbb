import { useMemo } from 'react';
import { Autocomplete, CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTitleSuggestions } from './api';

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The list view suggests titles as you type (spec 000 §2). */
  suggest: boolean;
}

const common = {
  'aria-label': 'Search by title',
  placeholder: 'Search by title',
  leftSection: <IconSearch size={16} />,
  size: 'sm',
  w: { base: '100%', sm: 220 },
} as const;

function Suggesting({ value, onChange }: Omit<SearchFieldProps, 'suggest'>) {
  const [term] = useDebouncedValue(value, 250);
  const suggestions = useTitleSuggestions(term);
  const titles = useMemo(() => [...new Set((suggestions.data ?? []).map((s) => s.card_title))], [suggestions.data]);
  return (
    <Autocomplete
      {...common}
      data-testid="list-search"
      data={titles}
      value={value}
      onChange={onChange}
      limit={8}
      // The server already matched these titles; filtering again would hide partial-word hits.
      filter={({ options }) => options}
      rightSection={value ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} /> : null}
    />
  );
}

export function SearchField({ value, onChange, suggest }: SearchFieldProps) {
  if (suggest) return <Suggesting value={value} onChange={onChange} />;
  return (
    <TextInput
      {...common}
      data-testid="board-search"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSection={value ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} /> : null}
    />
  );
}
