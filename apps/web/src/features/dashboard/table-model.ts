import type { ReactNode } from 'react';
import { csvDocument } from '@cutroom/domain';
import type { ReportRange } from '../../lib/report-range';

/** One column of a report table: its value sorts and goes into the CSV; `render` is only for the screen. */
export interface ReportColumn<Row> {
  key: string;
  header: string;
  value: (row: Row) => string | number;
  render?: (row: Row) => ReactNode;
  numeric?: boolean;
}

export interface SortState {
  key: string;
  direction: 'asc' | 'desc';
}

const compare = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });

/** A first click sorts a column ascending, the next one descending. */
export const nextSort = (current: SortState | null, key: string): SortState =>
  current?.key === key && current.direction === 'asc' ? { key, direction: 'desc' } : { key, direction: 'asc' };

/** The rows whose name holds the search text, in the chosen order (ties keep the server's order). */
export function visibleRows<Row>(
  rows: readonly Row[],
  columns: readonly ReportColumn<Row>[],
  nameOf: (row: Row) => string,
  search: string,
  sort: SortState | null,
): Row[] {
  const term = search.trim().toLowerCase();
  const found = term ? rows.filter((row) => nameOf(row).toLowerCase().includes(term)) : [...rows];
  const column = sort && columns.find((c) => c.key === sort.key);
  if (!sort || !column) return found;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return found.sort((a, b) => sign * compare(column.value(a), column.value(b)));
}

/** The table as CSV: its headers and the rows as shown (searched and sorted), formulas neutralised. */
export const tableCsv = <Row>(columns: readonly ReportColumn<Row>[], rows: readonly Row[]): string =>
  csvDocument(
    columns.map((c) => c.header),
    rows.map((row) => columns.map((c) => c.value(row))),
  );

/** e.g. 'Team performance - QA - 2026-11-17 to 2026-11-23.csv'. */
export const csvFileName = (title: string, tab: string, range: ReportRange) =>
  `${title} - ${tab} - ${range.start_date} to ${range.end_date}.csv`;
