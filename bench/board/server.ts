import { spawn } from 'node:child_process';
import net from 'node:net';
import { buildServerIfStale, serverEntry } from '../../scripts/build-server.mjs';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The API as its own process, started the way `npm start` starts it, on 127.0.0.1 only. An empty
 * databaseUrl runs the embedded database in dataDir; `env` overrides the rest (SEED_DEMO: 'true').
 */
export async function startServer(databaseUrl: string, dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  await buildServerIfStale();
  const child = spawn(process.execPath, ['--enable-source-maps', serverEntry('main')], {
    env: {
      ...inherited,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      MAIL_POLL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`API process exited with code ${code}`))),
  );
  const ready = (async () => {
    for (let attempt = 0; attempt < 300; attempt++) {
      const ok = await fetch(`${origin}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('API process did not become ready within 30 s');
  })();
  await Promise.race([ready, exited]);
  exited.catch(() => {});
  return {
    origin,
    /** The API process, for reading its memory from /proc. */
    pid: child.pid!,
    async stop() {
      child.removeAllListeners('exit');
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
