import { expect } from 'vitest';

/** Parses our CSV (every cell quoted, CRLF records) back into rows, BOM and header apart. */
export function parseCsv(body: string): { bom: boolean; header: string; rows: string[][] } {
  const bom = body.startsWith('\uFEFF');
  const text = bom ? body.slice(1) : body;
  const headerEnd = text.indexOf('\r\n');
  const rows: string[][] = [];
  const cell = /"((?:[^"]|"")*)"(,|\r\n)/gy;
  cell.lastIndex = headerEnd + 2;
  let row: string[] = [];
  for (let m = cell.exec(text); m; m = cell.exec(text)) {
    row.push(m[1]!.replace(/""/g, '"'));
    if (m[2] === '\r\n') {
      rows.push(row);
      row = [];
    }
  }
  expect(cell.lastIndex === 0 ? text.length : cell.lastIndex, 'the whole body parses').toBe(text.length);
  return { bom, header: text.slice(0, headerEnd), rows };
}
