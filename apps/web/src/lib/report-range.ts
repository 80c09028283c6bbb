import { useSearchParams } from 'react-router';
import { EARLIEST_DATE, RANGE_PRESET_DAYS, lastDays, todayIn, CLOCK_TIME_ZONE } from '@cutroom/domain';

/** A report's range as the server's query names it: two calendar days in New York, the portal's zone. */
export interface ReportRange {
  start_date: string;
  end_date: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today in New York, the zone the server reads the range in (the user-time-zone header the web app sends). */
export const viewerToday = (now = new Date()) => todayIn(CLOCK_TIME_ZONE, now);

/** The last `days` days ending today. */
export const lastDaysRange = (days: number, now = new Date()): ReportRange => lastDays(days, viewerToday(now));

/** Spec 002 §9's presets (last 7, 14, 30 and 90 days, today included) for a range picker's dropdown. */
export const rangePresets = (now = new Date()) =>
  RANGE_PRESET_DAYS.map((days) => {
    const range = lastDaysRange(days, now);
    return { value: [range.start_date, range.end_date] as [string, string], label: `Last ${days} days` };
  });

/** ?startDate=&endDate= when both are real days in order and not before the first day with data, else the default. */
export function rangeFromParams(params: URLSearchParams, defaultDays: number): ReportRange {
  const start = params.get('startDate') ?? '';
  const end = params.get('endDate') ?? '';
  const valid = DAY.test(start) && DAY.test(end) && start >= EARLIEST_DATE && start <= end;
  return valid ? { start_date: start, end_date: end } : lastDaysRange(defaultDays);
}

/** The range a report page shows, kept in the address so a reload or a shared link keeps it. */
export function useReportRange(defaultDays: number) {
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params, defaultDays);
  const setRange = (next: ReportRange) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('startDate', next.start_date);
        updated.set('endDate', next.end_date);
        return updated;
      },
      { replace: true },
    );
  return [range, setRange] as const;
}

/** The query string a link carries to open another report on the same range. */
export const rangeSearch = (range: ReportRange) => `startDate=${range.start_date}&endDate=${range.end_date}`;
