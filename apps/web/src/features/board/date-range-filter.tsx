import { useEffect, useState, type ComponentType } from 'react';
import { Input, InputBase, Loader } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import type { DateRange } from './use-home-filters';

export interface DateRangeFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  mobile: boolean;
  /** The click that loaded the picker opens it. */
  openOnMount?: boolean;
}

const loadPicker = () => import('./date-range-picker');

/** '2026-11-02' as the picker shows it (valueFormat MM/DD/YY). */
const shortDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(2, 4)}`;

/** What the picker looks like closed, drawn without its code: same size, icon and text. */
function ClosedPicker({ value, loading, onOpen }: { value: DateRange; loading: boolean; onOpen: () => void }) {
  const [start, end] = value;
  return (
    <InputBase
      component="button"
      type="button"
      pointer
      aria-label="Date range"
      data-testid="date-range"
      leftSection={<IconCalendar size={16} />}
      size="sm"
      w={{ base: '100%', sm: 230 }}
      rightSection={loading ? <Loader size={14} /> : null}
      // Pointer or focus on the field fetches the code; the click swaps in the picker, open.
      onPointerEnter={() => void loadPicker()}
      onFocus={() => void loadPicker()}
      onClick={onOpen}
    >
      {start && end ? `${shortDate(start)} – ${shortDate(end)}` : <Input.Placeholder>Date range</Input.Placeholder>}
    </InputBase>
  );
}

/**
 * The board's date range filter. The date pickers (with dayjs) load with the first click on the field, or at
 * once when a range is already set; until then a closed field of the same size stands in, and the click
 * that asked for the picker opens it.
 */
export function DateRangeFilter(props: DateRangeFilterProps) {
  const [Picker, setPicker] = useState<ComponentType<DateRangeFilterProps> | null>(null);
  const ranged = !!(props.value[0] && props.value[1]);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!opened && !ranged) return;
    let live = true;
    void loadPicker().then((m) => live && setPicker(() => m.default));
    return () => {
      live = false;
    };
  }, [opened, ranged]);
  if (Picker) return <Picker {...props} openOnMount={opened} />;
  return <ClosedPicker value={props.value} loading={opened} onOpen={() => setOpened(true)} />;
}
