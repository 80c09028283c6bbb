// Loaded by date-range-filter.tsx on first use: the date pickers stay off the board's first load (issue 17).
import '@mantine/dates/styles.css';
import { useEffect, useRef } from 'react';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { rangePresets } from '../../lib/report-range';
import type { DateRange } from './use-home-filters';

export interface DateRangeFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  mobile: boolean;
  /** The click that loaded the picker opens it. */
  openOnMount?: boolean;
}

/** The board's date range (spec 000 §2), with the spec's presets; opens at once when a click loaded it. */
export default function DateRangePicker({ value, onChange, mobile, openOnMount }: DateRangeFilterProps) {
  const input = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (openOnMount) input.current?.click();
  }, [openOnMount]);
  return (
    <DatePickerInput
      ref={input}
      type="range"
      aria-label="Date range"
      data-testid="date-range"
      presets={rangePresets()}
      highlightToday
      placeholder="Date range"
      leftSection={<IconCalendar size={16} />}
      valueFormat="MM/DD/YY"
      size="sm"
      w={{ base: '100%', sm: 230 }}
      clearable
      numberOfColumns={mobile ? 1 : 2}
      value={value}
      onChange={(range) => onChange([range[0] ? String(range[0]) : null, range[1] ? String(range[1]) : null])}
    />
  );
}
