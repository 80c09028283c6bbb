import fs from 'node:fs';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { withPreparedStatements } from './pglite-prepared.js';
import { rolledBackByConflict } from './postgres-error.js';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import * as schema from './schema.js';
import { SERVER_ROOT } from '../platform/server-root.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  /**
   * Runs named statements (db/prepared.ts) with their cached generic plan every time. PostgreSQL
   * would otherwise re-plan a paged query on each call, since a parameter OFFSET makes its generic
   * plan look dearer than a custom one. Only for statements whose plan holds for any values.
   */
  planned: Db;
  kind: 'pglite' | 'postgres';
  /** The connection pools and how they are used (PostgreSQL; the embedded database has none). */
  pools(): PoolUse[];
  /** The embedded database's whole data folder as one consistent tar, taken between statements (backups). */
  dumpEmbedded?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface PoolUse {
  pool: 'main' | 'planned';
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/** Connections per pool: the API's queries, and the named statements run with generic plans. */
const POOL_MAX = { main: 20, planned: 10 } as const;

const migrationsFolder = path.join(SERVER_ROOT, 'src/db/migrations');

/**
 * A database restart drops every connection. An idle client's 'error' reaches the pool, which replaces
 * the client. A checked-out client between two queries (inside a transaction) emits 'error' on itself,
 * and unheard that crashes the process: heard, its next query fails (the request answers 500) and the
 * pool discards it on release as no longer queryable.
 */
function survivingDroppedConnections(pool: Pool): Pool {
  pool.on('error', (err) => process.emitWarning(`PostgreSQL idle client error: ${err.message}`));
  // Reported by the query that fails next; the pool's own listener covers idle clients.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** How many times a transaction runs before its deadlock or serialization failure reaches the caller (a 409). */
export const TRANSACTION_ATTEMPTS = 3;

/**
 * PostgreSQL aborts one of two transactions that deadlock, or that a serializable check finds crossing;
 * the work was rolled back whole, so it runs again after a short random pause. Transaction bodies only
 * touch the database (events and mail go out after the commit), which is what makes this safe.
 * PGlite runs one transaction at a time and never needs it.
 */
function retryingConflicts(db: Db): Db {
  const run = db.transaction.bind(db);
  const transaction: Db['transaction'] = async (body, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(body, config);
      } catch (err) {
        if (attempt >= TRANSACTION_ATTEMPTS || !rolledBackByConflict(err)) throw err;
        await setTimeout(Math.random() * 20 * attempt);
      }
    }
  };
  return Object.assign(db, { transaction });
}

/** node-postgres pool when a URL is given; embedded PGlite (in a folder, or in memory) otherwise. */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir?: string;
  /** An embedded database to start from instead of an empty one (tests: a dump of a migrated database). */
  pgliteTemplate?: Blob;
  /** Hears every statement sent (tests count the queries a call makes). */
  onQuery?: (sql: string) => void;
}): Promise<Database> {
  const logger = opts.onQuery ? { logQuery: opts.onQuery } : undefined;
  if (opts.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // A database that stops answering fails a request after 10 s instead of holding it forever.
    const connectionTimeoutMillis = 10_000;
    const pool = survivingDroppedConnections(
      new Pool({ connectionString: opts.url, max: POOL_MAX.main, connectionTimeoutMillis }),
    );
    const db = drizzle(pool, { schema, logger });
    await migrate(db, { migrationsFolder });
    const plannedPool = survivingDroppedConnections(
      new Pool({
        connectionString: opts.url,
        max: POOL_MAX.planned,
        connectionTimeoutMillis,
        options: '-c plan_cache_mode=force_generic_plan',
      }),
    );
    const planned = drizzle(plannedPool, { schema, logger });
    return {
      db: retryingConflicts(db),
      planned: planned as unknown as Db,
      kind: 'postgres',
      pools: () =>
        (
          [
            ['main', pool],
            ['planned', plannedPool],
          ] as const
        ).map(([name, p]) => ({
          pool: name,
          max: POOL_MAX[name],
          total: p.totalCount,
          idle: p.idleCount,
          waiting: p.waitingCount,
        })),
      close: async () => {
        await Promise.all([pool.end(), plannedPool.end()]);
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = new PGlite({ dataDir: opts.pgliteDir, loadDataDir: opts.pgliteTemplate });
  await migrate(drizzle(client, { schema, logger }), { migrationsFolder });
  // Statements outside transactions run prepared (pglite-prepared.ts); both handles share them.
  const db = drizzle(await withPreparedStatements(client), { schema, logger });
  return {
    db: db as unknown as Db,
    planned: db as unknown as Db,
    kind: 'pglite',
    pools: () => [],
    dumpEmbedded: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
