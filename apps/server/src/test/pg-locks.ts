import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Resolves once some session of this database (or `sessions` of them) waits on a row lock (PostgreSQL only):
 * the race's second step has begun.
 */
export async function untilSomeoneWaitsOnALock(db: Db, timeoutMs = 10_000, sessions = 1) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if ((result as { rows: { n: number }[] }).rows[0]!.n >= sessions) return;
    if (Date.now() > deadline) throw new Error('nobody waited for the lock held by the test');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A gate a transaction holding locks waits at until the test opens it. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
