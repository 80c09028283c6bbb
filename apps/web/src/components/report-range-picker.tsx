import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { EARLIEST_DATE, RANGE_PRESET_DAYS } from '@cutroom/domain';
import { lastDaysRange, viewerToday, type ReportRange } from '../lib/report-range';

type Picked = [string | null, string | null];

interface ReportRangePickerProps {
  range: ReportRange;
  onChange: (range: ReportRange) => void;
}

/** The presets (last 7, 14, 30, 90 days) and a calendar for any range from the first day with data to today. */
export function ReportRangePicker({ range, onChange }: ReportRangePickerProps) {
  const mobile = useMediaQuery('(max-width: 48em)') ?? false;
  // A range picked halfway (start only) stays here until its end is picked; the page keeps the last whole one.
  const [draft, setDraft] = useState<Picked | null>(null);
  const today = viewerToday();
  const presetOf = (days: number) => lastDaysRange(days);
  return (
    <Group gap="sm" wrap="wrap" align="center" data-testid="report-range">
      <Group gap={6} wrap="wrap" role="group" aria-label="Date range presets">
        {RANGE_PRESET_DAYS.map((days) => {
          const preset = presetOf(days);
          const active = preset.start_date === range.start_date && preset.end_date === range.end_date;
          return (
            <Button
              key={days}
              size="xs"
              radius="xl"
              variant={active ? 'filled' : 'default'}
              aria-pressed={active}
              aria-label={`Last ${days} days`}
              onClick={() => {
                setDraft(null);
                onChange(preset);
              }}
            >
              {/* A phone fits the four on one line without 'Last'. */}
              {mobile ? `${days} days` : `Last ${days} days`}
            </Button>
          );
        })}
      </Group>
      <DatePickerInput
        type="range"
        aria-label="Date range"
        leftSection={<IconCalendar size={16} />}
        valueFormat="MMM D, YYYY"
        size="sm"
        w={{ base: '100%', xs: 260 }}
        minDate={EARLIEST_DATE}
        maxDate={today}
        numberOfColumns={mobile ? 1 : 2}
        allowSingleDateInRange
        value={draft ?? [range.start_date, range.end_date]}
        onChange={([start, end]) => {
          if (start && end) {
            setDraft(null);
            onChange({ start_date: String(start), end_date: String(end) });
          } else setDraft([start ? String(start) : null, end ? String(end) : null]);
        }}
        onDropdownClose={() => setDraft(null)}
        data-testid="report-range-input"
        highlightToday
      />
    </Group>
  );
}
