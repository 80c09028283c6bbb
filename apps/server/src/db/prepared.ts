import type { Db } from './client.js';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement built once per database handle and name. On PostgreSQL the name makes it a named
 * prepared statement, so each connection plans it once instead of on every call; the name must
 * therefore stand for exactly one SQL text.
 */
export function prepareOnce<Statement>(db: Db, name: string, prepare: (name: string) => Statement): Statement {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map<string, unknown>()));
  let statement = byName.get(name) as Statement | undefined;
  if (!statement) byName.set(name, (statement = prepare(name)));
  return statement;
}
