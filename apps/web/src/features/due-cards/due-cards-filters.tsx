import '@mantine/dates/styles.css';
import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconRestore } from '@tabler/icons-react';
import { DUE_CARD_TYPES, DUE_CARD_TYPE_LABELS } from '@cutroom/domain';
import { CustomerFilterSelect } from '../../components/customer-filter-select';
import { useStaffOptions } from '../../lib/staff';

export type DueCardType = (typeof DUE_CARD_TYPES)[number];

export interface DueFilters {
  date: string;
  customer: string | null;
  qa: string | null;
  cardType: DueCardType;
}

const TYPE_CHOICES = DUE_CARD_TYPES.map((value) => ({ value, label: DUE_CARD_TYPE_LABELS[value] }));
const isCardType = (value: unknown): value is DueCardType => DUE_CARD_TYPES.includes(value as DueCardType);

interface DueCardsFiltersProps {
  filters: DueFilters;
  onChange: (change: Partial<DueFilters>) => void;
  onReset: () => void;
  /** The pickers follow the server's access: a QA gets no QA filter (spec 002 §6), an editor lists nobody. */
  showCustomer: boolean;
  showQa: boolean;
}

/** Customer, day, QA and card type, then the reset icon back to today's editing due dates. */
export function DueCardsFilters({ filters, onChange, onReset, showCustomer, showQa }: DueCardsFiltersProps) {
  const staffOptions = useStaffOptions(showQa);
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      {showCustomer && (
        <CustomerFilterSelect value={filters.customer} onChange={(customer) => onChange({ customer })} />
      )}
      <DatePickerInput
        aria-label="Date"
        placeholder="Date"
        leftSection={<IconCalendar size={16} />}
        valueFormat="MM/DD/YYYY"
        value={filters.date}
        // The day is required: clearing isn't offered, the reset icon goes back to today.
        onChange={(date) => date && onChange({ date: String(date) })}
        w={{ base: '100%', sm: 170 }}
        data-testid="due-date"
      />
      {showQa && (
        <Select
          aria-label="QA"
          placeholder="QA"
          searchable
          clearable
          data={staffOptions('qa')}
          value={filters.qa}
          onChange={(qa) => onChange({ qa })}
          w={{ base: '100%', sm: 200 }}
        />
      )}
      <Select
        aria-label="Card type"
        data={TYPE_CHOICES}
        value={filters.cardType}
        allowDeselect={false}
        onChange={(v) => isCardType(v) && onChange({ cardType: v })}
        w={{ base: '100%', sm: 220 }}
      />
      <Tooltip label="Reset filters" withArrow>
        <ActionIcon variant="default" size="lg" aria-label="Reset filters" onClick={onReset} data-testid="due-reset">
          <IconRestore size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
