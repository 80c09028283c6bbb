import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { createScratchDatabase } from './scratch-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated PGlite database, which each test file loads instead of migrating (server-pglite). */
    pgliteTemplate?: string;
    /** A migrated PostgreSQL database each test file copies with CREATE DATABASE … TEMPLATE (server-pg). */
    pgTemplate?: string;
  }
}

let dumpDir = '';
let pgTemplate: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

/** Vitest global setup of the server projects: migrates once per run, so a test file's fresh database costs a copy. */
export async function setup(project: TestProject) {
  if (project.name === 'server-pg') {
    if (!process.env.TEST_DATABASE_URL) return;
    pgTemplate = await createScratchDatabase(process.env.TEST_DATABASE_URL, { prefix: 'cutroom_template' });
    // A template must have no connections while it is copied: the pools end before any file starts.
    await (await openDatabase({ url: pgTemplate.url })).close();
    project.provide('pgTemplate', pgTemplate.name);
    return;
  }
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  dumpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-template-'));
  const file = path.join(dumpDir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
}

export async function teardown() {
  if (dumpDir) fs.rmSync(dumpDir, { recursive: true, force: true });
  await pgTemplate?.drop();
}
