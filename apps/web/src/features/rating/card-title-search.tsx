import { useState } from 'react';
import { Group, Loader, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { CARD_STATUS_LABELS } from '@cutroom/domain';
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

  const found = term ? (titles.data ?? []) : [];
  const data = found.map((t) => ({ value: String(t.card_id), label: t.card_title }));
  // Two cards may share a title; the status tells them apart.
  const statusOf = new Map(found.map((t) => [String(t.card_id), t.card_status]));
  if (chosen && !data.some((o) => o.value === chosen.value)) data.push(chosen);
  // The box holding the picked title isn't a search in progress.
  const searching = search.trim() !== '' && search !== chosen?.label;
  const waiting = searching && (search.trim() !== typed || titles.isFetching);

  return (
    <Select
      label="Card"
      placeholder="Search cards by title"
      searchable
      clearable
      leftSection={<IconSearch size={16} />}
      rightSection={waiting ? <Loader size="xs" /> : undefined}
      data={data}
      value={cardId === null ? null : String(cardId)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the title.
      filter={({ options }) => options}
      nothingFoundMessage={searching ? (waiting ? 'Searching…' : 'No cards match this title') : undefined}
      onChange={(next) => {
        setChosen(data.find((o) => o.value === next) ?? null);
        onChange(next ? Number(next) : null);
      }}
      renderOption={({ option }) => {
        const status = statusOf.get(option.value);
        return (
          <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
            <Text fz="sm">{option.label}</Text>
            {status && (
              <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {status in CARD_STATUS_LABELS ? CARD_STATUS_LABELS[status as keyof typeof CARD_STATUS_LABELS] : status}
              </Text>
            )}
          </Group>
        );
      }}
      data-testid="rating-card-search"
    />
  );
}
