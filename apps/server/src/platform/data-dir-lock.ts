import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** Whether a process with this pid exists (EPERM: it does, under another user). */
export const processIsAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The bundles and sources a Cutroom process runs (`npm start`, `worker`, `backup`, `restore`, `npm run dev`). */
export type CutroomEntry = 'main' | 'worker' | 'backup';

/**
 * What a pid is now. A lock records only a pid, which the system hands to another program once the
 * process that wrote it is gone: a Cutroom process is node running one of our entry points.
 */
export type ProcessIdentity =
  | { kind: 'gone' }
  | { kind: 'cutroom'; entry: CutroomEntry }
  | { kind: 'other'; command: string }
  | { kind: 'unknown'; reason: string };

/** A process's arguments (Linux: /proc; elsewhere ps), 'gone', or why they could not be read. */
function commandLine(pid: number): string[] | 'gone' | { reason: string } {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    // A process that set its title (pm2, for one) shows it as one string.
    return args.length === 1 ? args[0]!.split(/\s+/) : args;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && fs.existsSync('/proc/self/cmdline')) return 'gone';
    if (code !== 'ENOENT') return { reason: `/proc/${pid}/cmdline could not be read (${code})` };
  }
  // No /proc (macOS, the BSDs): ps prints the arguments, space-separated, and exits 1 for no such process.
  try {
    const out = execFileSync('ps', ['-o', 'args=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.trim().split(/\s+/);
  } catch (e) {
    if ((e as { status?: number }).status === 1) return 'gone';
    return { reason: `there is no /proc and ps failed (${(e as Error).message})` };
  }
}

const ENTRY_FILE =
  /(?:^|\/)(?:apps\/server\/dist\/(main|worker|backup)\.mjs|(?:apps\/server\/)?src\/(main|worker|backup)\.ts)$/;

/** The entry point a command line runs, when it is node running one of ours. */
export function cutroomEntryOf(args: string[]): CutroomEntry | null {
  if (!/^node/.test(path.basename(args[0] ?? ''))) return null;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!.replaceAll('\\', '/');
    // scripts/start.mjs runs the entry its first argument names (`worker`, `backup`), else the server.
    if (/(?:^|\/)scripts\/start\.mjs$/.test(arg)) {
      const next = args[i + 1];
      return next === 'worker' || next === 'backup' ? next : 'main';
    }
    const m = ENTRY_FILE.exec(arg);
    if (m) return (m[1] ?? m[2]) as CutroomEntry;
  }
  return null;
}

export function identifyProcess(pid: number): ProcessIdentity {
  if (!processIsAlive(pid)) return { kind: 'gone' };
  const args = commandLine(pid);
  if (args === 'gone') return { kind: 'gone' };
  if (!Array.isArray(args)) return { kind: 'unknown', reason: args.reason };
  const entry = cutroomEntryOf(args);
  return entry ? { kind: 'cutroom', entry } : { kind: 'other', command: args.join(' ') || '(no command line)' };
}

/** The pid DATA_DIR/.lock names, if there is one. */
export function lockOwner(dataDir: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, '.lock'), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Takes DATA_DIR for this process alone: PGlite has no lock of its own, and two processes on one
 * folder silently lose writes. A lock left by a dead process is taken over, and so is one whose pid
 * now belongs to another program; one whose pid can't be checked is respected.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = lockOwner(dataDir);
      if (owner !== null && owner !== process.pid) {
        const holder = identifyProcess(owner);
        if (holder.kind === 'cutroom')
          throw new DataDirLockedError(
            `DATA_DIR ${dataDir} is in use by another Cutroom process (pid ${owner}). Stop it, or set DATA_DIR to another folder.`,
          );
        if (holder.kind === 'unknown')
          throw new DataDirLockedError(
            `DATA_DIR ${dataDir} is locked by pid ${owner}, which could not be checked to be a Cutroom process: ${holder.reason}. ` +
              `If no Cutroom process uses this folder, delete ${file}.`,
          );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}`);
}
