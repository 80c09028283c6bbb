import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { MSG, lastDays, todayIn } from '@cutroom/domain';
import { AppError } from '../../platform/errors.js';

/** A resolved range: two calendar days in the caller's zone, half-open `[start 00:00, end + 1 day 00:00)`. */
export interface ReportRange {
  start_date: string;
  end_date: string;
  zone: string;
  /** Calendar days in the range, both ends included. */
  days: number;
  /** The range's first and last instants as SQL (AT TIME ZONE, as the board's date filter). */
  from: SQL;
  to: SQL;
}

/**
 * Fills what the caller left out (docs/reporting.md "The range"): end today in their zone, start
 * `days - 1` days before the end. A start after the defaulted end is as reversed as a sent one.
 */
export function resolveRange(
  query: { start_date?: string; end_date?: string },
  zone: string,
  defaultDays: number,
): ReportRange {
  const end_date = query.end_date ?? todayIn(zone);
  const start_date = query.start_date ?? lastDays(defaultDays, end_date).start_date;
  if (start_date > end_date) throw new AppError('VALIDATION', MSG.dateRangeReversed, 'start_date');
  const days = Math.round((Date.parse(end_date) - Date.parse(start_date)) / 86_400_000) + 1;
  return {
    start_date,
    end_date,
    zone,
    days,
    from: sql`(${start_date}::date::timestamp at time zone ${zone})`,
    to: sql`((${end_date}::date + 1)::timestamp at time zone ${zone})`,
  };
}

/** `column` falls in the range. */
export const inRange = (column: SQLWrapper, range: ReportRange) =>
  sql`(${column} >= ${range.from} and ${column} < ${range.to})`;

export { rowsOf } from '../../db/rows.js';

/** An instant from a driver (Date from node-postgres, Date or string from PGlite) as ISO text. */
export const isoOf = (value: unknown): string => new Date(value as string).toISOString();
export const isoOrNull = (value: unknown): string | null => (value == null ? null : isoOf(value));
