// `npm run backup [-- --out FILE]` and `npm run restore ARCHIVE` (docs/operations.md): one archive of the
// database and the stored files, taken while the server runs, restored into an empty folder or database.
import fs from 'node:fs';
import path from 'node:path';
import { processFacts, type Config } from './config.js';
import { configOrExit, fail } from './platform/cli.js';
import {
  BACKUP_REQUEST,
  BackupError,
  assertEmbeddedDatabase,
  openEmbeddedAsIs,
  pgDumpTo,
  restoreBackup,
  writeBackup,
  type DumpDatabase,
} from './platform/backup.js';
import {
  DataDirLockedError,
  identifyProcess,
  lockDataDir,
  lockOwner,
  processIsAlive,
} from './platform/data-dir-lock.js';
import { bornPrivate, makePrivateOrWarn, privateChmodsUnder } from './platform/private-files.js';

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
const size = (file: string) => `${(fs.statSync(file).size / 1_048_576).toFixed(1)} MB`;

/** Where relative paths are taken from: the folder `npm run` was started in (npm runs scripts in the project's). */
const fromCaller = (file: string) => path.resolve(processFacts.callerDir(), file);

/**
 * The Cutroom server that holds DATA_DIR's embedded database, if one runs: its pid, or null when the lock
 * is free or stale (its process is gone, or its pid now belongs to another program). A lock held by
 * another Cutroom process (a backup, a restore), or by a pid that can't be checked, stops the backup:
 * only a process known to be our server is ever signalled.
 */
function serverHolding(config: Config): number | null {
  const pid = lockOwner(config.dataDir);
  if (pid === null) return null;
  const holder = identifyProcess(pid);
  if (holder.kind === 'cutroom' && holder.entry === 'main') return pid;
  if (holder.kind === 'cutroom')
    fail(`DATA_DIR ${config.dataDir} is in use by a Cutroom ${holder.entry} process (pid ${pid}): wait for it to end.`);
  if (holder.kind === 'unknown')
    fail(
      `DATA_DIR ${config.dataDir} is locked by pid ${pid}, which could not be checked to be a Cutroom server ` +
        `(${holder.reason}), so it was not signalled. If no Cutroom server runs on this folder, delete ` +
        `${path.join(config.dataDir, '.lock')} and run the backup again.`,
    );
  return null;
}

/**
 * Asks the running server for its database's dump and waits for it (or for its error) up to 30 minutes;
 * a server that exits meanwhile ends the wait at once.
 */
const askServer =
  (config: Config, pid: number): DumpDatabase =>
  async (file) => {
    const request = path.join(config.dataDir, BACKUP_REQUEST);
    fs.writeFileSync(request, JSON.stringify({ dumpTo: file }));
    try {
      process.kill(pid, 'SIGUSR2');
      const deadline = Date.now() + 30 * 60_000;
      while (Date.now() < deadline) {
        if (fs.existsSync(file)) return;
        if (fs.existsSync(`${file}.error`))
          throw new BackupError(`The server could not dump its database: ${fs.readFileSync(`${file}.error`, 'utf8')}`);
        if (!processIsAlive(pid)) {
          if (fs.existsSync(file)) return;
          throw new BackupError(`The server (pid ${pid}) exited before it dumped its database: no backup written`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new BackupError(`The server (pid ${pid}) dumped no database within 30 minutes`);
    } finally {
      // Answered, the server removed it; unanswered, it must not reach the next server started here.
      fs.rmSync(request, { force: true });
    }
  };

async function backup(config: Config, args: string[]) {
  const out = args[0] === '--out' && args[1] ? args[1] : `cutroom-backup-${stamp()}.tar.gz`;
  const target = fromCaller(out);
  if (fs.existsSync(target)) fail(`${target} already exists: choose another --out`);
  const outFolder = () => fs.mkdirSync(path.dirname(target), { recursive: true });
  if (config.databaseUrl) {
    outFolder();
    await writeBackup(config, pgDumpTo(config.databaseUrl), target);
  } else {
    // Checked before anything is created: a mistyped DATA_DIR must not be backed up as an empty database.
    assertEmbeddedDatabase(config.dataDir);
    const pid = serverHolding(config);
    if (pid !== null) {
      outFolder();
      await writeBackup(config, askServer(config, pid), target);
    } else {
      // No server: this process takes the folder for the time of the dump.
      const release = lockDataDir(config.dataDir);
      try {
        const database = await openEmbeddedAsIs(config.dataDir);
        try {
          outFolder();
          await writeBackup(config, database.dumpTo, target);
        } finally {
          await database.close();
        }
      } finally {
        release();
      }
      makePrivateOrWarn(config.dataDir);
    }
  }
  process.stdout.write(`Backup written: ${target} (${size(target)})\n`);
}

async function restore(config: Config, args: string[]) {
  const archive = args[0];
  if (!archive) fail('Usage: npm run restore ARCHIVE (into an empty DATA_DIR, or an empty DATABASE_URL database)');
  const manifest = await restoreBackup(config, fromCaller(archive));
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}` +
      `${manifest.files ? ', with its stored files' : ''}. Start the server with the same settings.\n`,
  );
}

bornPrivate();
const [command, ...args] = process.argv.slice(2);
const config = configOrExit();
// PGlite, opened here for a backup or a restore, chmods its files 0666 itself: under DATA_DIR they stay 0600.
privateChmodsUnder(config.dataDir);
try {
  if (command === 'backup') await backup(config, args);
  else if (command === 'restore') await restore(config, args);
  else fail('Usage: npm run backup [-- --out FILE] | npm run restore ARCHIVE');
} catch (e) {
  if (e instanceof BackupError || e instanceof DataDirLockedError) fail(e.message);
  throw e;
}
