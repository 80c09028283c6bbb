import { Input, Select, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { slotOptions, type StaffOption } from '../lib/staff';

interface SlotSelectsProps {
  label: string;
  /** The label of slot i is `${slotLabel} ${i + 1}`. */
  slotLabel: string;
  placeholder: string;
  count: number;
  chosen: readonly (string | null)[];
  options: StaffOption[];
  error?: ReactNode;
  readOnly?: boolean;
  /** The form's input props for slot i. */
  slotProps: (index: number) => object;
}

/** Numbered pickers (QA slots, helpers): each offers the people not already chosen in another slot. */
export function SlotSelects({
  label,
  slotLabel,
  placeholder,
  count,
  chosen,
  options,
  error,
  readOnly,
  slotProps,
}: SlotSelectsProps) {
  return (
    <Input.Wrapper label={label} error={error}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt={4}>
        {Array.from({ length: count }, (_, i) => (
          <Select
            key={i}
            label={`${slotLabel} ${i + 1}`}
            data={slotOptions(options, chosen, i)}
            clearable
            searchable
            placeholder={readOnly ? '—' : placeholder}
            readOnly={readOnly}
            variant={readOnly ? 'filled' : undefined}
            {...slotProps(i)}
          />
        ))}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
