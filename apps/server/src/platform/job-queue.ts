import { and, asc, eq, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/** The columns a durable job table has: the mail outbox and the webhook deliveries share this shape. */
export interface JobTable {
  table: PgTable;
  id: PgColumn;
  nextAttemptAt: PgColumn;
  attempts: PgColumn;
  /** Set once the job succeeded. */
  doneAt: PgColumn;
  /** Set once the job gave up after its last attempt. */
  failedAt: PgColumn;
}

/** Retries wait 30 s, 1 min, 2 min … up to 1 h. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

/** The claimed row, while the claim is still this attempt's: not retaken after a lost claim, not finished or given up. */
export const stillClaimed = (q: JobTable, id: number, attempt: number) =>
  and(eq(q.id, id), eq(q.attempts, attempt), isNull(q.doneAt), isNull(q.failedAt));

export interface ClaimOptions {
  /** The clock for due and claim times (tests move it on); the database's when left out. */
  now?: Date;
  /** Only these rows (work a request wants done now); still only when due, so a row another worker claimed waits. */
  ids?: readonly number[];
  /** Rows this run already took. */
  skip: readonly number[];
  /** How long the claimed row is hidden from other workers while its attempt runs. */
  claimMs: number;
}

/**
 * Claims the next due job by pushing its next attempt `claimMs` on and counting the attempt (FOR UPDATE
 * SKIP LOCKED: two instances never claim one row); a crashed instance's claim runs out and the row comes back.
 */
export async function claimNextJob(db: Db, q: JobTable, { now, ids, skip, claimMs }: ClaimOptions) {
  const at = now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: q.id })
      .from(q.table)
      .where(
        and(
          isNull(q.doneAt),
          isNull(q.failedAt),
          // Ours drops the microseconds of a row written this millisecond: the database's clock decides.
          lte(q.nextAttemptAt, now ?? sql`now()`),
          ids ? inArray(q.id, [...ids]) : undefined,
          skip.length > 0 ? notInArray(q.id, [...skip]) : undefined,
        ),
      )
      .orderBy(asc(q.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return undefined;
    const id = row.id as number;
    await tx.execute(
      sql`update ${q.table} set ${sql.identifier(q.nextAttemptAt.name)} = ${new Date(at.getTime() + claimMs).toISOString()}::timestamptz, ${sql.identifier(q.attempts.name)} = ${sql.identifier(q.attempts.name)} + 1 where ${eq(q.id, id)}`,
    );
    return id;
  });
}

/**
 * Runs `tick` every `pollMs` (a tick never overlaps the next) until stopped; `stop` waits for the running
 * tick. A tick is handed `stopped()` so a batch loop can end early on shutdown.
 */
export function startPolling(
  tick: (stopped: () => boolean) => Promise<void>,
  pollMs: number,
  onError: (err: unknown) => void,
) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const loop = () => {
    running = tick(() => stopped)
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, pollMs);
      });
  };
  timer = setTimeout(loop, pollMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
