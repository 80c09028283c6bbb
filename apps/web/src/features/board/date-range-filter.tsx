import { IconCalendar } from '@tabler/icons-react';
import { PickerOnDemand } from '../../components/picker-on-demand';
import type { DateRangeFilterProps } from './date-range-picker';

const loadPicker = () => import('./date-range-picker');

/** '2026-11-02' as the picker shows it (valueFormat MM/DD/YY). */
const shortDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(2, 4)}`;

/** The board's date range filter; the picker loads with the first click, or at once when a range is set. */
export function DateRangeFilter(props: DateRangeFilterProps) {
  const [start, end] = props.value;
  return (
    <PickerOnDemand
      load={loadPicker}
      props={props}
      eager={!!(start && end)}
      field={{
        'aria-label': 'Date range',
        'data-testid': 'date-range',
        leftSection: <IconCalendar size={16} />,
        w: { base: '100%', sm: 230 },
      }}
      text={start && end ? `${shortDate(start)} – ${shortDate(end)}` : null}
      placeholder="Date range"
    />
  );
}
