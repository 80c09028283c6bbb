import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { backupTool } from './server-process.js';

// The backup tool's refusals and its handling of DATA_DIR's lock, on the embedded database (the archive
// itself and the restore are backup-restore.test.ts): the real tool, as `npm run backup` runs it.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-backup-tool-'));
/** The tool run from the test's own folder unless told otherwise. */
const tool = (args: string[], env: Record<string, string>, cwd = work) => backupTool(args, env, cwd);
const strangers: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  for (const s of strangers) s.kill('SIGKILL');
  fs.rmSync(work, { recursive: true, force: true });
});

/** A live node process running `script` (written under its own folder); what it printed so far. */
async function nodeRunning(script: string, source: string) {
  const file = path.join(fs.mkdtempSync(path.join(work, 'proc-')), script);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, source);
  const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'ignore'] });
  strangers.push(child);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  // Its signal handlers are in place once it says so.
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return { child, output: () => out };
}

/** A DATA_DIR holding a migrated embedded database, as a server leaves it. */
let migrated: string;
beforeAll(async () => {
  migrated = path.join(work, 'migrated');
  const database = await openDatabase({ pgliteDir: path.join(migrated, 'pg') });
  await database.close();
}, 60_000);

const listing = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : null);

describe('npm run backup on the embedded database', () => {
  it('refuses a DATA_DIR that holds no database, and creates nothing', async () => {
    const missing = path.join(work, 'does-not-exist');
    const out = path.join(work, 'out-missing', 'a.tar.gz');
    const made = await tool(['backup', '--out', out], { DATA_DIR: missing });
    expect(made.code, made.out).toBe(1);
    expect(made.out).toContain(`DATA_DIR ${missing} holds no embedded database`);
    expect(fs.existsSync(missing)).toBe(false);
    expect(fs.existsSync(path.dirname(out))).toBe(false);

    const empty = path.join(work, 'empty');
    fs.mkdirSync(empty);
    const again = await tool(['backup', '--out', out], { DATA_DIR: empty });
    expect(again.code, again.out).toBe(1);
    expect(again.out).toContain('holds no embedded database');
    expect(listing(empty)).toEqual([]);
    expect(fs.existsSync(path.dirname(out))).toBe(false);
  });

  it('refuses an embedded database without Cutroom’s schema', { timeout: 60_000 }, async () => {
    const bare = path.join(work, 'bare');
    fs.mkdirSync(path.join(bare, 'pg'), { recursive: true });
    const client = new PGlite({ dataDir: path.join(bare, 'pg') });
    await client.waitReady;
    await client.close();
    const out = path.join(work, 'out-bare', 'a.tar.gz');
    const made = await tool(['backup', '--out', out], { DATA_DIR: bare });
    expect(made.code, made.out).toBe(1);
    expect(made.out).toContain('holds no Cutroom database');
    expect(listing(bare)).toEqual(['pg']);
    expect(fs.existsSync(path.dirname(out))).toBe(false);
  });

  it(
    'takes over a stale lock whose pid is another program, without signalling it; relative paths are the caller’s',
    { timeout: 60_000 },
    async () => {
      const stranger = await nodeRunning(
        'elsewhere/app.mjs',
        "process.on('SIGUSR2', () => { console.log('SIGUSR2'); process.exit(3); });\n" +
          "console.log('ready');\nsetTimeout(() => {}, 60000);\n",
      );
      fs.writeFileSync(path.join(migrated, '.lock'), String(stranger.child.pid));
      // npm runs the script in the project's folder and says in INIT_CWD where it was typed.
      const project = path.join(work, 'project');
      const caller = path.join(work, 'caller');
      fs.mkdirSync(project);
      fs.mkdirSync(caller);
      const made = await tool(['backup', '--out', 'here.tar.gz'], { DATA_DIR: migrated, INIT_CWD: caller }, project);
      expect(made.code, made.out).toBe(0);
      const archive = path.join(caller, 'here.tar.gz');
      expect(made.out).toContain(`Backup written: ${archive}`);
      expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
      expect(listing(project)).toEqual([]);
      expect(stranger.child.exitCode).toBeNull();
      expect(stranger.output()).toBe('ready\n');
      // The tool released the lock it took over.
      expect(fs.existsSync(path.join(migrated, '.lock'))).toBe(false);

      const into = path.join(work, 'restored');
      const back = await tool(['restore', 'here.tar.gz'], { DATA_DIR: into, INIT_CWD: caller }, project);
      expect(back.code, back.out).toBe(0);
      expect(back.out).toContain(`Restored the backup of`);
      expect(fs.existsSync(path.join(into, 'pg', 'PG_VERSION'))).toBe(true);
    },
  );

  it('stops waiting as soon as the server it asked has died', { timeout: 60_000 }, async () => {
    // Node running a file named like our server's bundle: the tool takes it for the server and signals it.
    const server = await nodeRunning(
      'apps/server/dist/main.mjs',
      "process.on('SIGUSR2', () => process.exit(3));\nconsole.log('ready');\nsetTimeout(() => {}, 60000);\n",
    );
    fs.writeFileSync(path.join(migrated, '.lock'), String(server.child.pid));
    const out = path.join(work, 'out-died', 'a.tar.gz');
    const made = await tool(['backup', '--out', out], { DATA_DIR: migrated });
    expect(made.code, made.out).toBe(1);
    expect(made.out).toContain(`The server (pid ${server.child.pid}) exited before it dumped its database`);
    expect(made.ms).toBeLessThan(20_000);
    if (server.child.exitCode === null) await new Promise((r) => server.child.once('exit', r));
    expect(server.child.exitCode).toBe(3);
    expect(listing(path.dirname(out))).toEqual([]);
    expect(fs.existsSync(path.join(migrated, '.backup-request'))).toBe(false);
    fs.rmSync(path.join(migrated, '.lock'));
  });
});
