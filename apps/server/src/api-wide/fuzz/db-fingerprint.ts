import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** Columns left out of the fingerprint, each with why a refused call may still change it. */
export type ExcludedColumns = Record<string, string>;

// node-postgres and PGlite both answer with `rows`; the shared Db type leaves the result unknown.
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * One hash per table of the public schema over all its rows, so two fingerprints differ when a row
 * was added, removed or changed. Tables come from information_schema, so a new one is covered.
 */
export async function tableFingerprinter(db: Db, excluded: ExcludedColumns = {}) {
  const rows = await rowsOf<{ table_name: string; column_name: string }>(
    db.execute(sql`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`),
  );
  const columns = new Map<string, string[]>();
  for (const { table_name, column_name } of rows) {
    if (`${table_name}.${column_name}` in excluded) continue;
    columns.set(table_name, [...(columns.get(table_name) ?? []), quote(column_name)]);
  }
  // A sum of 64-bit row hashes needs no sort, so it costs one pass over each table.
  const query = [...columns]
    .map(([table, cols]) => {
      const hash = `hashtextextended(row(${cols.join(', ')})::text, 0)`;
      return `select '${table}' as name, count(*) || ':' || coalesce(sum(${hash}), 0) as hash from public.${quote(table)}`;
    })
    .join('\nunion all\n');
  return async function fingerprint(): Promise<Map<string, string>> {
    const hashes = await rowsOf<{ name: string; hash: string }>(db.execute(sql.raw(query)));
    return new Map(hashes.map((r) => [r.name, r.hash]));
  };
}

/** Names of the tables whose fingerprint differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((t) => before.get(t) !== after.get(t));
}

/**
 * The id the next writing transaction will get. Only a write (or a row lock) takes an id, so while this
 * stays the same nothing was written and the fingerprint can't have changed. On a shared PostgreSQL
 * server other databases' writes move it too, which only sends the caller to the full fingerprint.
 */
export async function nextTransactionId(db: Db): Promise<string> {
  const [row] = await rowsOf<{ xmax: string }>(
    db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`),
  );
  return row!.xmax;
}
