// DATA_DIR holds password hashes, sealed tokens, uploads and the database: its folders are 0700 and its
// files 0600, this account's alone (issue 48, docs/operations.md).
import fs from 'node:fs';
import path from 'node:path';

const GROUP_AND_OTHER = 0o077;

/** What the entry points (server, worker, backup tool) do first: every file and folder they create is born private. */
export function bornPrivate() {
  process.umask(GROUP_AND_OTHER);
}

const privateRoots = new Set<string>();

/**
 * Masks chmods under root as the umask masks creations. PGlite (Emscripten's file system) creates each file
 * and then chmods it to 0666 itself, past the umask: database files made while the server runs stay 0600.
 */
export function privateChmodsUnder(root: string) {
  if (privateRoots.size === 0) {
    const chmodSync = fs.chmodSync;
    const inPrivateRoot = (p: fs.PathLike) =>
      typeof p === 'string' && [...privateRoots].some((r) => p === r || p.startsWith(r + path.sep));
    const masked: typeof fs.chmodSync = (p, mode) =>
      chmodSync(p, inPrivateRoot(p) ? modeNumber(mode) & ~GROUP_AND_OTHER : mode);
    Object.assign(fs, { chmodSync: masked });
  }
  privateRoots.add(path.resolve(root));
}

const modeNumber = (mode: fs.Mode) => (typeof mode === 'number' ? mode : parseInt(mode, 8));

/**
 * Takes group and other access off root and everything under it (links under it are not followed; root
 * itself may be one): a tree an older release left open, a restored one. Entries that vanish meanwhile are
 * skipped; those this account may not change (another owner's) are returned.
 */
export function makePrivate(root: string): string[] {
  const refused: string[] = [];
  const pending = [fs.existsSync(root) ? fs.realpathSync(root) : root];
  for (let p = pending.pop(); p !== undefined; p = pending.pop()) {
    try {
      const st = fs.lstatSync(p);
      if (st.isSymbolicLink()) continue;
      if (st.mode & GROUP_AND_OTHER) fs.chmodSync(p, st.mode & ~GROUP_AND_OTHER & 0o7777);
      if (st.isDirectory()) for (const name of fs.readdirSync(p)) pending.push(path.join(p, name));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPERM' || code === 'EACCES') refused.push(p);
      else if (code !== 'ENOENT') throw e;
    }
  }
  return refused;
}

/** makePrivate for a command-line entry: what it could not change is said, and does not stop it. */
export function makePrivateOrWarn(root: string) {
  const refused = makePrivate(root);
  if (refused.length > 0)
    process.stderr.write(
      `${refused.length} entries under ${root} could not be made private (owned by another account?), ` +
        `${refused[0]} among them: chown them to this account.\n`,
    );
}
