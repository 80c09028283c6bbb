import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { buildWebIfStale, root } from '../../scripts/build-web.mjs';
import { buildServerIfStale, serverEntry } from '../../scripts/build-server.mjs';
import { startFakeAi, type FakeAi } from '../../apps/server/src/test/fake-ai.js';
import { startFakeGoogle, type FakeGoogle } from '../../apps/server/src/test/fake-google.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The journeys' servers; a worker uses the one of its VITEST_POOL_ID (browser.ts). */
    servers: { baseUrl: string; dataDir: string }[];
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

interface Running {
  process: ChildProcess;
  dataDir: string;
  /** A loopback OpenAI-compatible endpoint for the AI toolbox journey. */
  fakeAi: FakeAi;
  /** A loopback Google (OAuth and YouTube Analytics) for the analytics journey; short-lived tokens, so it refreshes. */
  fakeGoogle: FakeGoogle;
}
const running: Running[] = [];

/** Starts the real server on a free port with a fresh DATA_DIR and fakes of its own, once it answers /readyz. */
async function startServer(): Promise<{ baseUrl: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const fakeAi = await startFakeAi();
  // Slow enough pieces that the journey sees the answer grow.
  fakeAi.pieceDelayMs = 120;
  const fakeGoogle = await startFakeGoogle({ accessTokenSeconds: 120 });
  const server = spawn(process.execPath, ['--enable-source-maps', serverEntry('main')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
      // Each browser context says who it is in X-Forwarded-For (browser.ts clientAddress).
      TRUST_PROXY: 'loopback',
      // The webhook journey's receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      // A busy test machine may take longer than a visitor should wait; the journeys test the drawn board.
      FIRST_SCREEN_MS: '15000',
      AI_BASE_URL: fakeAi.baseUrl,
      AI_API_KEY: 'e2e-fake-key',
      AI_MODEL: 'fake-model',
      ...fakeGoogle.env(),
    },
    stdio: ['ignore', log, log],
  });
  running.push({ process: server, dataDir, fakeAi, fakeGoogle });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`server exited: ${fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8')}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not become ready in 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, dataDir };
}

/**
 * Builds the web app if needed and starts one server per worker: journeys run in parallel, and each file
 * has its worker's server to itself while it runs (docs/testing.md).
 */
export async function setup(project: TestProject) {
  buildWebIfStale();
  await buildServerIfStale();
  const count = Math.max(1, Number(project.config.maxWorkers) || 1);
  const servers = await Promise.all(Array.from({ length: count }, startServer));
  project.provide('servers', servers);
}

export async function teardown() {
  // The servers' logs outlive the run beside the screenshots: they are what explains a failed journey.
  const artifacts = path.resolve(import.meta.dirname, '../artifacts');
  fs.mkdirSync(artifacts, { recursive: true });
  await Promise.all(
    running.map(async ({ process: server, dataDir, fakeAi, fakeGoogle }, i) => {
      await fakeAi.close();
      await fakeGoogle.close();
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      fs.copyFileSync(path.join(dataDir, 'server.log'), path.join(artifacts, `server-${i + 1}.log`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }),
  );
}
