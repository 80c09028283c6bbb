/** node-postgres and PGlite both answer db.execute with `rows`; the shared Db type leaves it unknown. */
export const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;
