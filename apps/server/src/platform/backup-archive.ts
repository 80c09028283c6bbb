// What a Cutroom backup archive holds, and the check `npm run restore` makes of one before it touches anything.
import fs from 'node:fs';
import * as tar from 'tar';

export class BackupError extends Error {}

/** What an archive holds, at its top: the database's kind decides how it is restored. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** Whether the archive carries the stored files (local disk); S3 keeps its own. */
  files: boolean;
}

export const MANIFEST = 'cutroom-backup.json';
export const DUMP_OF = { pglite: 'database/pglite.tar', postgres: 'database/postgres.dump' } as const;
const FORMAT = 1;

/** The one line a malformed archive gets (issue 48): which file, and why it isn't one of ours. */
export const notABackup = (archive: string, why: string) =>
  new BackupError(`${archive} is not a Cutroom backup: ${why}`);

/** Why reading the archive failed, in words: not a tar.gz at all, or one that is cut short or damaged. */
function unreadable(archive: string, e: NodeJS.ErrnoException): string {
  if (e.code === 'EISDIR') return 'it is a folder';
  if (e.code?.startsWith('Z_')) return `it is cut short or damaged (${e.message.replace(/^zlib: /, '')})`;
  const head = Buffer.alloc(2);
  const fd = fs.openSync(archive, 'r');
  fs.readSync(fd, head, 0, 2, 0);
  fs.closeSync(fd);
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  return gzip ? `its gzip holds no tar archive (${e.message})` : 'it is not a .tar.gz archive';
}

/** The manifest's fields, or why they are not a Cutroom backup's of this format. */
function manifestProblem(m: Partial<Record<keyof BackupManifest, unknown>>): string | null {
  if (typeof m.format === 'number' && m.format > FORMAT)
    return `it is format ${m.format}, from a newer Cutroom; this release restores format ${FORMAT}`;
  if (m.format !== FORMAT) return `its ${MANIFEST} does not say format ${FORMAT}`;
  if (m.database !== 'pglite' && m.database !== 'postgres')
    return `its ${MANIFEST} names no database kind ("pglite" or "postgres")`;
  if (typeof m.createdAt !== 'string' || typeof m.files !== 'boolean')
    return `its ${MANIFEST} lacks createdAt or files`;
  return null;
}

/**
 * Reads the whole archive without writing anything: gzip and tar intact, a manifest of this format, and
 * the database dump (and files) it names. A malformed one is a BackupError saying why.
 */
export async function checkArchive(archive: string): Promise<BackupManifest> {
  if (fs.statSync(archive).size === 0) throw notABackup(archive, 'the file is empty');
  const entries: string[] = [];
  let manifestText: string | null = null;
  try {
    await tar.t({
      file: archive,
      strict: true,
      onReadEntry: (entry) => {
        entries.push(entry.path);
        if (entry.path !== MANIFEST || entry.size > 65_536) return entry.resume();
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => chunks.push(c));
        entry.on('end', () => (manifestText = Buffer.concat(chunks).toString('utf8')));
      },
    });
  } catch (e) {
    throw notABackup(archive, unreadable(archive, e as NodeJS.ErrnoException));
  }
  if (manifestText === null) {
    const first = entries.slice(0, 3).join(', ') + (entries.length > 3 ? ', …' : '');
    throw notABackup(archive, `it has no ${MANIFEST}${entries.length ? ` (it holds ${first})` : ' (it is empty)'}`);
  }
  let manifest: Partial<Record<keyof BackupManifest, unknown>>;
  try {
    manifest = JSON.parse(manifestText) as typeof manifest;
  } catch {
    throw notABackup(archive, `its ${MANIFEST} is not JSON`);
  }
  if (typeof manifest !== 'object' || manifest === null) throw notABackup(archive, `its ${MANIFEST} is not an object`);
  const problem = manifestProblem(manifest);
  if (problem) throw notABackup(archive, problem);
  const valid = manifest as BackupManifest;
  if (!entries.includes(DUMP_OF[valid.database])) throw notABackup(archive, `it has no ${DUMP_OF[valid.database]}`);
  if (valid.files && !entries.some((p) => p === 'files/' || p.startsWith('files/')))
    throw notABackup(archive, 'its manifest says it holds stored files, but it has no files/ folder');
  return valid;
}
