import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function onServer(serverUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A new database on the server of `serverUrl`, empty or a copy of `template` (which must have no connections);
 * drop() removes it, connections and all.
 */
export async function createScratchDatabase(serverUrl: string, { prefix = 'cutroom_scratch', template = '' } = {}) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
