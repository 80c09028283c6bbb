import type { PGlite } from '@electric-sql/pglite';

/** Distinct statements kept prepared; SQL texts past this run as before (the app has far fewer shapes). */
const MAX_STATEMENTS = 500;

/**
 * A value as an SQL literal, or undefined when it can't be written as one safely. Quoting doubles
 * single quotes, which is complete while standard_conforming_strings is on (checked at start); a
 * NUL would cut the statement text short, so such a value keeps the ordinary path.
 */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (value instanceof Date) text = value.toISOString();
  else return undefined;
  if (text.includes('\0')) return undefined;
  return `'${text.replaceAll("'", "''")}'`;
}

type Query = PGlite['query'];

/**
 * PGlite outside transactions: each SQL text with values is PREPAREd once and run as EXECUTE with its values
 * as literals. PGlite's extended-protocol query() plans on every call and pays its protocol round
 * trips (a board page: 3.2 ms, of which 0.35 ms is execution); EXECUTE of a prepared statement takes
 * 0.5 ms (docs/performance.md). EXECUTE coerces each literal to the parameter type PREPARE inferred,
 * just as a bound parameter is, so results are the same. Other methods pass through untouched.
 */
export async function withPreparedStatements(client: PGlite): Promise<PGlite> {
  const conforming = await client.query<{ standard_conforming_strings: string }>('show standard_conforming_strings');
  if (conforming.rows[0]?.standard_conforming_strings !== 'on') return client;

  // A promise per SQL text, so two first calls at once prepare it once; null: it couldn't be prepared.
  const names = new Map<string, Promise<string | null>>();
  const nameFor = (sql: string) => {
    let name = names.get(sql);
    if (!name) {
      const chosen = `planned_${names.size + 1}`;
      name = client.exec(`prepare ${chosen} as ${sql}`).then(
        () => chosen,
        () => null,
      );
      names.set(sql, name);
    }
    return name;
  };

  const query = (async (sql: string, params?: unknown[], options?: Parameters<Query>[2]) => {
    const values = params?.map(literal);
    if (!values?.length || values.includes(undefined) || (!names.has(sql) && names.size >= MAX_STATEMENTS))
      return client.query(sql, params, options);
    const name = await nameFor(sql);
    if (!name) return client.query(sql, params, options);
    return client.query(`execute ${name}(${values.join(', ')})`, [], options);
  }) as Query;

  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') return query;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
