import { Readable } from 'node:stream';
import { csvHead, csvLine, type CsvValue } from '@cutroom/domain';

export { UTF8_BOM, csvCell, csvDocument, csvHead, csvLine } from '@cutroom/domain';

/** Rows per query of an export: memory holds one batch, whatever the export's size. */
export const CSV_BATCH_ROWS = 1_000;

type Rows = readonly (readonly CsvValue[])[];

/**
 * A CSV download as a stream: the BOM and header, then each batch of rows as it is read. The first
 * batch is read before the stream is returned, so a failing query still answers as an error reply;
 * later batches are read only as the client takes the text (a dropped download stops the reading).
 */
export async function csvStream(header: readonly string[], batches: AsyncIterable<Rows>): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* text() {
    yield csvHead(header);
    for (let next = first; !next.done; next = await iterator.next()) {
      if (next.value.length > 0) yield next.value.map(csvLine).join('');
    }
  }
  const stream = Readable.from(text(), { objectMode: false });
  // A stream destroyed early (client gone) ends the reading generator and with it the queries.
  stream.once('close', () => void iterator.return?.());
  return stream;
}

/**
 * Reads a query in batches by keyset: `read(after, size)` returns the `size` rows that follow `after`
 * (the previous batch's last row; undefined for the first) in the query's own order. Unlike OFFSET,
 * each batch costs the same however deep the export is.
 */
export async function* keysetBatches<T>(
  read: (after: T | undefined, size: number) => Promise<T[]>,
  size = CSV_BATCH_ROWS,
): AsyncGenerator<T[]> {
  let after: T | undefined;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows.at(-1);
  }
}

/** Maps each batch of a batch reader (rows to CSV cells). */
export async function* mapBatches<T, U>(batches: AsyncIterable<T[]>, map: (row: T) => U): AsyncGenerator<U[]> {
  for await (const batch of batches) yield batch.map(map);
}

/** The headers that make a reply a CSV download with this file name. */
export const csvDownload = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename.replace(/["\\\r\n]/g, '')}"`,
});
