import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye } from '@tabler/icons-react';
import { MSG } from '@cutroom/domain';
import { useViewAsOptions, type PersonOption } from './api';

interface ViewAsSelectProps {
  viewerId: number;
  value: string | null;
  onChange: (value: string | null) => void;
}

/** View As (admin, team lead, helper lead): the board as a chosen colleague or customer sees it. */
export function ViewAsSelect({ viewerId, value, onChange }: ViewAsSelectProps) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<PersonOption | null>(null);
  // Picking an option writes its label into the box; that isn't a search.
  const term = chosen && typed === chosen.label ? '' : typed;
  const [opened, setOpened] = useState(false);
  const options = useViewAsOptions(viewerId, term, opened || value !== null || search !== '');

  const data = useMemo(() => {
    const list = [...(options.data ?? [])];
    if (chosen && chosen.value === value && !list.some((o) => o.value === chosen.value)) list.push(chosen);
    return (['Team', 'Customers'] as const)
      .map((group) => ({
        group,
        items: list.filter((o) => o.group === group).map(({ value: v, label }) => ({ value: v, label })),
      }))
      .filter((g) => g.items.length > 0);
  }, [options.data, chosen, value]);

  return (
    <Select
      aria-label="View As"
      placeholder="View As"
      data-testid="view-as"
      leftSection={<IconEye size={16} />}
      searchable
      clearable
      allowDeselect
      size="sm"
      w={{ base: '100%', sm: 200 }}
      nothingFoundMessage={options.isFetching || options.isPending ? 'Searching…' : MSG.nobodyFound}
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next) => {
        setChosen(options.data?.find((o) => o.value === next) ?? null);
        onChange(next);
      }}
      onDropdownOpen={() => setOpened(true)}
      comboboxProps={{ width: 280, position: 'bottom-start' }}
    />
  );
}
