// Loaded by DueDatePicker (assignment-rows.tsx) on first use: the date pickers stay off the card page's first load.
import '@mantine/dates/styles.css';
import { useEffect, useRef, useState } from 'react';
import { Loader } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { MSG } from '@cutroom/domain';
import { notify } from '../lib/notify';
import { isoToNyWall, nyWallToIso } from '../lib/format-time';

export interface DueDatePickerProps {
  due: string | null;
  /** The call that saves the date (the card's, or its helper side's). */
  save: { mutate: (iso: string, options: { onError: () => void }) => void; isPending: boolean };
  label?: string;
  testId?: string;
}

/** A due date in New York time, saved when the picker closes on a new value. */
export default function DueDateTimePicker({
  due,
  save,
  label = 'Due date (EST)',
  testId = 'due-date-picker',
  openOnMount,
}: DueDatePickerProps & { openOnMount?: boolean }) {
  const initial = isoToNyWall(due);
  const [value, setValue] = useState<string | null>(initial);
  // The picker calls onChange and then closes in one go; the close must see the new value.
  const latest = useRef(initial);
  const input = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (openOnMount) input.current?.click();
  }, [openOnMount]);
  const commit = (wall: string | null) => {
    if (wall === initial) return;
    const iso = nyWallToIso(wall);
    if (!iso) {
      setValue(initial);
      latest.current = initial;
      return notify.error(MSG.invalidDueDate);
    }
    save.mutate(iso, { onError: () => setValue(initial) });
  };
  return (
    <DateTimePicker
      ref={input}
      size="sm"
      w={{ base: '100%', xs: 300 }}
      aria-label={label}
      placeholder="Pick a date and time"
      valueFormat="MMM D, YYYY h:mm A [EST]"
      value={value}
      onChange={(next) => {
        latest.current = next;
        setValue(next);
      }}
      onDropdownClose={() => commit(latest.current)}
      timePickerProps={{ format: '12h' }}
      rightSection={save.isPending ? <Loader size={14} /> : undefined}
      data-testid={testId}
    />
  );
}
