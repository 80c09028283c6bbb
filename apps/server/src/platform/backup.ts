import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import type { Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { lockDataDir } from './data-dir-lock.js';
import { BackupError, DUMP_OF, MANIFEST, checkArchive, notABackup, type BackupManifest } from './backup-archive.js';
import { makePrivateOrWarn } from './private-files.js';

export { BackupError, type BackupManifest } from './backup-archive.js';

/** A running server dumps its embedded database where a file here says, when sent SIGUSR2 (`npm run backup`). */
export const BACKUP_REQUEST = '.backup-request';

const filesRoot = (config: Config) => path.join(config.dataDir, 'files');

/** Runs one of PostgreSQL's client tools; a missing tool says what to install. */
function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'ENOENT'
          ? new BackupError(`${tool} was not found: install PostgreSQL's client tools (Debian: postgresql-client)`)
          : e,
      ),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${tool} failed: ${stderr.trim()}`))));
  });
}

/** Writes a file whole or not at all. */
async function writeWhole(file: string, bytes: Uint8Array) {
  await fs.promises.writeFile(`${file}.partial`, bytes);
  await fs.promises.rename(`${file}.partial`, file);
}

/** The embedded database's dump into a file (between two statements: consistent, and quick). */
export async function dumpEmbeddedTo(database: Database, file: string) {
  const dump = await database.dumpEmbedded?.();
  if (!dump) throw new BackupError('The embedded database is not open in this process');
  await writeWhole(file, new Uint8Array(await dump.arrayBuffer()));
}

/** Refuses a DATA_DIR without an embedded database (PGlite keeps a PostgreSQL data folder in DATA_DIR/pg). */
export function assertEmbeddedDatabase(dataDir: string) {
  if (!fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION')))
    throw new BackupError(
      `DATA_DIR ${dataDir} holds no embedded database (no ${path.join(dataDir, 'pg')}): nothing to back up. ` +
        "Set DATA_DIR to the server's folder, or DATABASE_URL if the server runs on PostgreSQL.",
    );
}

/**
 * The embedded database of DATA_DIR opened as it is, for a backup with no server running: not migrated
 * (an archive holds what was there; a restore migrates it), and refused unless Cutroom's migrations were
 * applied to it. The caller holds DATA_DIR's lock.
 */
export async function openEmbeddedAsIs(dataDir: string) {
  assertEmbeddedDatabase(dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite({ dataDir: path.join(dataDir, 'pg') });
  try {
    const applied = await client
      .query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
      .then((r) => r.rows[0]?.n ?? 0)
      .catch(() => 0);
    if (applied === 0)
      throw new BackupError(
        `${path.join(dataDir, 'pg')} holds no Cutroom database (no migrations applied): nothing to back up.`,
      );
  } catch (e) {
    await client.close();
    throw e;
  }
  return {
    dumpTo: async (file: string) =>
      writeWhole(file, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer())),
    close: () => client.close(),
  };
}

/** Where a backup's database dump comes from: pg_dump, this process's embedded database, or the server's. */
export type DumpDatabase = (file: string) => Promise<void>;

export const pgDumpTo =
  (url: string): DumpDatabase =>
  (file) =>
    runPgTool('pg_dump', ['--format=custom', '--no-owner', '--file', file, url]);

/**
 * Writes one archive (tar.gz) of the database and the stored files, in the backup tool's process (the
 * server only dumps its database). The database first: a file a row names was stored before its row
 * committed, so every file the dump names is in the archive.
 */
export async function writeBackup(config: Config, dumpDatabase: DumpDatabase, target: string): Promise<BackupManifest> {
  const staging = await fs.promises.mkdtemp(path.join(path.dirname(target), '.cutroom-backup-'));
  const partial = `${target}.partial`;
  try {
    await fs.promises.mkdir(path.join(staging, 'database'));
    await dumpDatabase(path.join(staging, DUMP_OF[config.databaseUrl ? 'postgres' : 'pglite']));
    const withFiles = !config.s3 && fs.existsSync(filesRoot(config));
    if (withFiles) await fs.promises.symlink(filesRoot(config), path.join(staging, 'files'));
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: config.databaseUrl ? 'postgres' : 'pglite',
      files: withFiles,
    };
    await fs.promises.writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    // `follow` reads through the files link; the archive appears whole or not at all.
    // It holds password hashes, sealed tokens and the signing key: readable by its owner only.
    await fs.promises.rm(partial, { force: true });
    await tar.c({ gzip: true, file: partial, mode: 0o600, cwd: staging, follow: true, portable: true }, [
      MANIFEST,
      'database',
      ...(withFiles ? ['files'] : []),
    ]);
    await fs.promises.chmod(partial, 0o600);
    await fs.promises.rename(partial, target);
    return manifest;
  } finally {
    await fs.promises.rm(partial, { force: true });
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/** A DATA_DIR a failed restore made is gone again; one holding anything is kept (rmdir refuses it). */
function removeIfEmpty(dir: string) {
  try {
    fs.rmdirSync(dir);
  } catch {
    /* not empty: kept */
  }
}

/**
 * Restores an archive into this configuration's empty data folder (embedded database) or empty
 * PostgreSQL database, and its files into DATA_DIR/files. Anything already there is refused, never mixed;
 * a malformed archive is refused before anything is touched. The restored tree is private (0700/0600).
 */
export async function restoreBackup(config: Config, archive: string): Promise<BackupManifest> {
  if (!fs.existsSync(archive)) throw new BackupError(`No archive at ${archive}`);
  const manifest = await checkArchive(archive);
  const here = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== here)
    throw new BackupError(
      `This archive holds ${manifest.database === 'pglite' ? 'an embedded database' : 'a PostgreSQL dump'}: restore it with ${manifest.database === 'pglite' ? 'DATABASE_URL unset' : 'DATABASE_URL set'}`,
    );
  const madeDataDir = !fs.existsSync(config.dataDir);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const staging = path.join(config.dataDir, `.restore-${process.pid}`);
  let restored = false;
  try {
    if (!config.databaseUrl && !isEmptyDir(path.join(config.dataDir, 'pg')))
      throw new BackupError(`DATA_DIR ${config.dataDir} already holds a database: restore into an empty folder`);
    if (!config.s3 && !isEmptyDir(filesRoot(config)))
      throw new BackupError(`DATA_DIR ${config.dataDir} already holds stored files: restore into an empty folder`);
    fs.mkdirSync(staging);
    await tar.x({ file: archive, cwd: staging, strict: true });

    if (config.databaseUrl) {
      const { Client } = await import('pg');
      const probe = new Client({ connectionString: config.databaseUrl });
      await probe.connect();
      const tables = await probe
        .query<{ n: number }>("select count(*)::int as n from information_schema.tables where table_schema = 'public'")
        .finally(() => probe.end());
      if (tables.rows[0]!.n > 0)
        throw new BackupError('DATABASE_URL names a database that already has tables: restore into an empty one');
      await runPgTool('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--dbname',
        config.databaseUrl,
        path.join(staging, DUMP_OF.postgres),
      ]);
    } else {
      await restoreEmbedded(archive, path.join(config.dataDir, 'pg'), path.join(staging, DUMP_OF.pglite));
    }
    if (manifest.files && !config.s3) {
      fs.rmSync(filesRoot(config), { recursive: true, force: true });
      fs.renameSync(path.join(staging, 'files'), filesRoot(config));
    }
    makePrivateOrWarn(config.dataDir);
    restored = true;
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
    if (!restored && madeDataDir) removeIfEmpty(config.dataDir);
  }
}

/** An error's own words in one line: drizzle's "Failed query" wraps the database's reason (its cause). */
const firstLine = (e: unknown): string => {
  const inner = e instanceof Error && e.cause instanceof Error ? e.cause : e;
  return (inner instanceof Error ? inner.message : String(inner)).split('\n')[0]!;
};

/** The embedded dump into an empty pg folder; one PGlite can't load leaves no folder behind. */
async function restoreEmbedded(archive: string, pgDir: string, dumpFile: string) {
  const dump = new Blob([fs.readFileSync(dumpFile)]);
  // Opening it migrates: an archive from an older release comes up to this one's schema.
  const opened = await openDatabase({ pgliteDir: pgDir, pgliteTemplate: dump }).catch((e: unknown) => {
    fs.rmSync(pgDir, { recursive: true, force: true });
    throw notABackup(archive, `its embedded database could not be opened (${firstLine(e)})`);
  });
  await opened.close();
}

let running = false;
/**
 * SIGUSR2 in the server: dumps the embedded database into the file DATA_DIR/.backup-request names (only
 * this process may read the database while it serves); the backup tool archives it. Failures are written
 * beside the file.
 */
export async function answerDumpRequest(
  config: Config,
  database: Database,
  log: { error(o: object, m: string): void },
) {
  const requestFile = path.join(config.dataDir, BACKUP_REQUEST);
  if (running || !fs.existsSync(requestFile)) return;
  running = true;
  const { dumpTo } = JSON.parse(fs.readFileSync(requestFile, 'utf8')) as { dumpTo: string };
  fs.rmSync(requestFile, { force: true });
  try {
    await dumpEmbeddedTo(database, dumpTo);
  } catch (err) {
    log.error({ err }, 'database dump for a backup failed');
    fs.writeFileSync(`${dumpTo}.error`, err instanceof Error ? err.message : String(err));
  } finally {
    running = false;
  }
}
