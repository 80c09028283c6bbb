import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { serverCommand } from '../test/server-command.js';
import { freePort, killAllServers, startServer, type ServerProcess } from './server-process.js';

// What `npm start` tells a newcomer (issue 18): the embedded database's start, so once, in the PGlite project.
const dataDirs: string[] = [];
const tempDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-first-start-'));
  dataDirs.push(dir);
  return dir;
};
afterAll(async () => {
  await killAllServers();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function printed(server: ServerProcess, text: string) {
  for (let i = 0; i < 50 && !server.output().includes(text); i++) await new Promise((r) => setTimeout(r, 100));
  return server.output();
}

describe.skipIf(process.env.TEST_DB === 'pg')('the first start and the next', () => {
  // Two cold starts of the real server (migrations, the demo seed's hashes and clips): 27 s alone on a busy machine.
  it(
    'prints the demo logins on the start that seeds them, and only the address on a restart',
    { timeout: 90_000 },
    async () => {
      const env = { DATA_DIR: tempDataDir(), LOG_LEVEL: 'warn' };
      const first = await startServer(env);
      const out = await printed(first, 'Open http');
      expect(out).toContain('Demo workspace ready');
      expect(out).toContain('admin@cutroom.demo');
      expect(await first.stop()).toBe(0);

      const again = await startServer(env);
      const restarted = await printed(again, 'Open http');
      expect(restarted).toContain('Open http://localhost');
      expect(restarted).not.toContain('Demo workspace ready');
      expect(restarted).not.toContain('cutroom-demo');
      expect(await again.stop()).toBe(0);
    },
  );

  it('stops on a taken port before touching the data folder, without telling anyone to open it', async () => {
    const port = await freePort();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    const dataDir = tempDataDir();
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const child = spawn(process.execPath, await serverCommand('main'), {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    await new Promise((resolve) => holder.close(resolve));
    expect(code).toBe(1);
    expect(out).toContain(`Port ${port} is already in use`);
    expect(out).not.toContain('Open http');
    expect(out).not.toContain('Demo workspace ready');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
