import { useState } from 'react';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useCardTitles } from './api';

/** The spec asks title suggestions to wait a full second after typing (spec 002 §9). */
export const TITLE_DEBOUNCE_MS = 1000;

interface CardTitleSearchProps {
  cardId: number | null;
  onChange: (cardId: number | null) => void;
}

/** Finds the card to correct by its title, with suggestions from the cards the admin sees. */
export function CardTitleSearch({ cardId, onChange }: CardTitleSearchProps) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), TITLE_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  // Picking a card writes its title into the box; that isn't a new search.
  const term = chosen && typed === chosen.label ? '' : typed;
  const titles = useCardTitles(term);

  const data = (term ? (titles.data ?? []) : []).map((t) => ({ value: String(t.card_id), label: t.card_title }));
  if (chosen && !data.some((o) => o.value === chosen.value)) data.push(chosen);
  const waiting = search.trim() !== typed || titles.isFetching;

  return (
    <Select
      label="Card"
      placeholder="Search cards by title"
      searchable
      clearable
      leftSection={<IconSearch size={16} />}
      rightSection={waiting && search.trim() ? <Loader size="xs" /> : undefined}
      data={data}
      value={cardId === null ? null : String(cardId)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the title.
      filter={({ options }) => options}
      nothingFoundMessage={search.trim() ? (waiting ? 'Searching…' : 'No cards match this title') : undefined}
      onChange={(next) => {
        setChosen(data.find((o) => o.value === next) ?? null);
        onChange(next ? Number(next) : null);
      }}
      data-testid="rating-card-search"
    />
  );
}
