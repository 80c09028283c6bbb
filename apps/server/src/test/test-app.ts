import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import './database-template.js';

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
  const { Client } = await import('pg');
  const name = `cutroom_test_${randomBytes(6).toString('hex')}`;
  const template = inject('pgTemplate');
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), onQuery });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
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
async function startInstance(database: TestApp['database'], env: Record<string, string>): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-test-'));
  // The mail worker stays off unless a test turns it on; mail tests drive delivery themselves.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    MAIL_POLL_MS: '0',
    ...env,
  });
  const app = await buildApp({ config, database });
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

/** The app on a fresh database of its own; `onQuery` hears every statement it sends. */
export async function createTestApp(
  env: Record<string, string> = {},
  onQuery?: (sql: string) => void,
): Promise<TestApp> {
  return startInstance(await openTestDatabase(onQuery), env);
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
