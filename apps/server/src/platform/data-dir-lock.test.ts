import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cutroomEntryOf, DataDirLockedError, identifyProcess, lockDataDir } from './data-dir-lock.js';

/** A live process whose command line is node running `script` (under a temporary folder), which it writes first. */
function nodeRunning(script: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-holder-'));
  const file = path.join(root, script);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'setTimeout(() => {}, 30000);\n');
  const child = spawn(process.execPath, [file]);
  const stop = async () => {
    child.kill();
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
    fs.rmSync(root, { recursive: true, force: true });
  };
  return { child, stop };
}

describe('lockDataDir', () => {
  it('refuses a folder held by a live Cutroom process and takes over a stale lock', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-lock-'));
    const holder = nodeRunning('apps/server/dist/main.mjs');
    fs.writeFileSync(path.join(dir, '.lock'), String(holder.child.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Cutroom process/);
    await holder.stop();
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true });
  });

  it.runIf(process.platform === 'linux')(
    'takes over a lock whose pid now belongs to another program, and leaves that program alone',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-lock-'));
      const stranger = nodeRunning('elsewhere/app.mjs');
      fs.writeFileSync(path.join(dir, '.lock'), String(stranger.child.pid));
      expect(identifyProcess(stranger.child.pid!)).toMatchObject({ kind: 'other' });
      const release = lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
      expect(stranger.child.exitCode).toBeNull();
      release();
      await stranger.stop();
      fs.rmSync(dir, { recursive: true });
    },
  );

  it('knows the command lines of our entry points', () => {
    expect(cutroomEntryOf(['/usr/bin/node', 'scripts/start.mjs'])).toBe('main');
    expect(cutroomEntryOf(['node', '/srv/cutroom/app/scripts/start.mjs', 'backup', 'backup'])).toBe('backup');
    expect(cutroomEntryOf(['node', '/srv/cutroom/app/scripts/start.mjs', 'worker'])).toBe('worker');
    expect(cutroomEntryOf(['node', '--enable-source-maps', '/x/apps/server/dist/main.mjs'])).toBe('main');
    expect(cutroomEntryOf(['node', '--import', 'file:///x/tsx/dist/loader.mjs', 'src/main.ts'])).toBe('main');
    expect(cutroomEntryOf(['node', '/x/other/start.mjs'])).toBeNull();
    expect(cutroomEntryOf(['python3', 'scripts/start.mjs'])).toBeNull();
    expect(cutroomEntryOf([])).toBeNull();
  });
});
