import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverCommand } from '../test/server-command.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const running = new Set<ChildProcess>();

/**
 * SIGKILL to the process and every process it started (its ffmpeg runs), as a crash of the machine or of the
 * service's cgroup takes them: a killed server's transcodes would otherwise run on as orphans, taking the CPU
 * of the tests after it (a demo video's proxies each time a server with the demo seed is killed).
 */
function killGroup(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ServerProcess {
  origin: string;
  pid: number;
  /** True once the process has exited, for whatever reason. */
  exited(): boolean;
  /** The last lines the process wrote, for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, exactly like a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM, the ordinary shutdown. Resolves with the exit code. */
  stop(): Promise<number | null>;
}

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

/**
 * The API as its own process, started as `npm start -w @cutroom/server` starts it, on 127.0.0.1 only.
 * Only the variables given here reach it, so a DATABASE_URL in the caller's shell can't leak in.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, await serverCommand('main'), {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, so kill() takes its children with it (killGroup).
    detached: true,
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`API process exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log}`);
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      killGroup(child);
      throw new Error(`API process not ready within 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    origin,
    pid: child.pid!,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    output: () => log,
    async kill() {
      const gone = exitOf(child);
      killGroup(child);
      await gone;
    },
    async stop() {
      const gone = exitOf(child);
      // SIGTERM to the server alone: stopping its own ffmpeg runs is part of what a graceful stop does.
      child.kill('SIGTERM');
      const timer = setTimeout(() => killGroup(child), 15_000);
      try {
        return await gone;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** For afterAll: no API process outlives its test file, whether the test passed or not. */
export async function killAllServers(): Promise<void> {
  await Promise.all(
    [...running].map((child) => {
      const gone = exitOf(child);
      killGroup(child);
      return gone;
    }),
  );
}

/** The backup tool as `npm run backup` / `restore` runs it (in `cwd`); its exit code, output and time taken. */
export async function backupTool(args: string[], env: Record<string, string>, cwd?: string) {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [...(await serverCommand('backup')), ...args], {
    ...(cwd ? { cwd } : {}),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, out, ms: Date.now() - startedAt };
}
