// `npm run backup [-- --out FILE]` and `npm run restore ARCHIVE` (docs/operations.md): one archive of the
// database and the stored files, taken while the server runs, restored into an empty folder or database.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import { configOrExit, fail } from './platform/cli.js';
import { openDatabase } from './db/client.js';
import {
  BACKUP_REQUEST,
  BackupError,
  dumpEmbeddedTo,
  pgDumpTo,
  restoreBackup,
  writeBackup,
  type DumpDatabase,
} from './platform/backup.js';
import { DataDirLockedError, lockDataDir } from './platform/data-dir-lock.js';

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
const size = (file: string) => `${(fs.statSync(file).size / 1_048_576).toFixed(1)} MB`;

/** The process that holds the embedded database, if one is running on DATA_DIR. */
function serverHolding(config: Config): number | null {
  const lock = path.join(config.dataDir, '.lock');
  if (!fs.existsSync(lock)) return null;
  const pid = Number(fs.readFileSync(lock, 'utf8'));
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Asks the running server for its database's dump and waits for it (or for its error) up to 30 minutes. */
const askServer =
  (config: Config, pid: number): DumpDatabase =>
  async (file) => {
    fs.writeFileSync(path.join(config.dataDir, BACKUP_REQUEST), JSON.stringify({ dumpTo: file }));
    process.kill(pid, 'SIGUSR2');
    const deadline = Date.now() + 30 * 60_000;
    while (Date.now() < deadline) {
      if (fs.existsSync(file)) return;
      if (fs.existsSync(`${file}.error`))
        throw new BackupError(`The server could not dump its database: ${fs.readFileSync(`${file}.error`, 'utf8')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new BackupError(`The server (pid ${pid}) dumped no database within 30 minutes`);
  };

async function backup(config: Config, args: string[]) {
  const out = args[0] === '--out' && args[1] ? args[1] : `cutroom-backup-${stamp()}.tar.gz`;
  const target = path.resolve(out);
  if (fs.existsSync(target)) fail(`${target} already exists: choose another --out`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const pid = config.databaseUrl ? null : serverHolding(config);
  if (config.databaseUrl) await writeBackup(config, pgDumpTo(config.databaseUrl), target);
  else if (pid !== null) await writeBackup(config, askServer(config, pid), target);
  else {
    // No server: this process takes the folder for the time of the dump.
    const release = lockDataDir(config.dataDir);
    const database = await openDatabase({ pgliteDir: path.join(config.dataDir, 'pg') });
    try {
      await writeBackup(config, (file) => dumpEmbeddedTo(database, file), target);
    } finally {
      await database.close();
      release();
    }
  }
  process.stdout.write(`Backup written: ${target} (${size(target)})\n`);
}

async function restore(config: Config, args: string[]) {
  const archive = args[0];
  if (!archive) fail('Usage: npm run restore ARCHIVE (into an empty DATA_DIR, or an empty DATABASE_URL database)');
  const manifest = await restoreBackup(config, path.resolve(archive));
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}` +
      `${manifest.files ? ', with its stored files' : ''}. Start the server with the same settings.\n`,
  );
}

const [command, ...args] = process.argv.slice(2);
const config = configOrExit();
try {
  if (command === 'backup') await backup(config, args);
  else if (command === 'restore') await restore(config, args);
  else fail('Usage: npm run backup [-- --out FILE] | npm run restore ARCHIVE');
} catch (e) {
  if (e instanceof BackupError || e instanceof DataDirLockedError) fail(e.message);
  throw e;
}
