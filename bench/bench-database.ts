import pg from 'pg';

async function onServer(serverUrl: string, sql: string[]) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const statement of sql) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new empty database `name` on the server (dropped first if a killed run left it); answers its URL. */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  await onServer(serverUrl, [`drop database if exists ${name} with (force)`, `create database ${name}`]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a benchmark's database, ending any connection a pool still holds. */
export const dropDatabase = (serverUrl: string, name: string) =>
  onServer(serverUrl, [`drop database if exists ${name} with (force)`]);
