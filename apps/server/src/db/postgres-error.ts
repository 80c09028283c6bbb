/** The PostgreSQL error under a driver or Drizzle wrapper (node-postgres and PGlite both carry code and constraint). */
export function postgresError(err: unknown): { code: string; constraint?: string } | undefined {
  for (
    let e = err as { code?: unknown; constraint?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, constraint: e.constraint };
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * A serialization failure or a deadlock: PostgreSQL rolled the whole transaction back, and running it
 * again from the start is safe (class 40, "transaction rollback").
 */
export const rolledBackByConflict = (err: unknown): boolean => {
  const code = postgresError(err)?.code;
  return code === '40001' || code === '40P01';
};

/** True when a driver or Drizzle error is a unique violation of this constraint. */
export const violates = (err: unknown, constraint: string): boolean => {
  const pg = postgresError(err);
  return pg?.code === '23505' && pg.constraint === constraint;
};
