/** Spreadsheet apps read a file as UTF-8 only when it starts with this byte-order mark. */
export const UTF8_BOM = '\uFEFF';

export type CsvValue = string | number | null | undefined;

/** One CSV cell: a leading =, +, -, @, tab or CR would run as a formula in a spreadsheet, so it gets an apostrophe. */
export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One CSV record with its CRLF line end (RFC 4180). */
export const csvLine = (row: readonly CsvValue[]): string => `${row.map(csvCell).join(',')}\r\n`;

/** The BOM and the header line; headers are our own fixed names, written bare. */
export const csvHead = (header: readonly string[]): string => `${UTF8_BOM}${header.join(',')}\r\n`;

/** A whole CSV document: the BOM, the header and the rows. */
export const csvDocument = (header: readonly string[], rows: readonly (readonly CsvValue[])[]): string =>
  csvHead(header) + rows.map(csvLine).join('');
