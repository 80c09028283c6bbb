/** Spreadsheet apps read a file as UTF-8 only when it starts with this byte-order mark. */
export const UTF8_BOM = '\uFEFF';

/** One CSV cell: a leading =, +, -, @, tab or CR would run as a formula in a spreadsheet, so it gets an apostrophe. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A whole CSV document: the BOM, the header and the rows, CRLF line ends (RFC 4180). */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const lines = [header.join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
