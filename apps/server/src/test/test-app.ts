import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import './database-template.js';
import { createScratchDatabase } from './scratch-database.js';

/**
 * A fresh database per test file: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. Both
 * start as a copy of the run's migrated template (database-template.ts) when there is one.
 */
async function openTestDatabase(onQuery?: (sql: string) => void): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'pg' || !serverUrl) {
    const dump = inject('pgliteTemplate');
    return openDatabase({ onQuery, pgliteTemplate: dump ? new Blob([fs.readFileSync(dump)]) : undefined });
  }
  const scratch = await createScratchDatabase(serverUrl, { prefix: 'cutroom_test', template: inject('pgTemplate') });
  const database = await openDatabase({ url: scratch.url, onQuery });
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database & { url?: string };
  dataDir: string;
  close(): Promise<void>;
}

/** The real app (real mail outbox in a temp DATA_DIR) on a given database, without listening. */
async function startInstance(
  database: TestApp['database'],
  env: Record<string, string>,
  logStream?: BuildOptions['logStream'],
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-test-'));
  // The mail worker stays off unless a test turns it on; mail tests drive delivery themselves.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    MAIL_POLL_MS: '0',
    // Media jobs run when a test runs them (media-pipeline tests), not behind every other test's back.
    MEDIA_CONCURRENCY: '0',
    ...env,
  });
  const app = await buildApp({ config, database, logStream });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app on a fresh database of its own; `onQuery` hears every statement it sends, `logStream` its log (LOG_LEVEL). */
export async function createTestApp(
  env: Record<string, string> = {},
  onQuery?: (sql: string) => void,
  logStream?: BuildOptions['logStream'],
): Promise<TestApp> {
  return startInstance(await openTestDatabase(onQuery), env, logStream);
}

/** Another app instance on the same PostgreSQL database (PostgreSQL runs only), e.g. to test fan-out. */
export async function createSiblingApp(first: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  if (!first.database.url) throw new Error('a sibling instance needs PostgreSQL (TEST_DB=pg)');
  const own = await openDatabase({ url: first.database.url });
  return startInstance({ ...own, url: first.database.url }, env);
}

/** Listens on a free loopback port, for tests that need real HTTP (event streams); gives the base URL. */
export async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
