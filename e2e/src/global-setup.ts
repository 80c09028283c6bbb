import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script shared with `npm start`
import { buildWebIfStale, root } from '../../scripts/build-web.mjs';
import { startFakeAi, type FakeAi } from '../../apps/server/src/test/fake-ai.js';
import { startFakeGoogle, type FakeGoogle } from '../../apps/server/src/test/fake-google.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
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

let server: ChildProcess | undefined;
/** A loopback OpenAI-compatible endpoint for the AI toolbox journey. */
let fakeAi: FakeAi | undefined;
/** A loopback Google (OAuth and YouTube Analytics) for the analytics journey; short-lived tokens, so it refreshes. */
let fakeGoogle: FakeGoogle | undefined;
let dataDir = '';

/** Builds the web app if needed and starts the real server on a free port with a fresh DATA_DIR. */
export async function setup(project: TestProject) {
  (buildWebIfStale as () => void)();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  fakeAi = await startFakeAi();
  // Slow enough pieces that the journey sees the answer grow.
  fakeAi.pieceDelayMs = 120;
  fakeGoogle = await startFakeGoogle({ accessTokenSeconds: 120 });
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root as string,
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
      AI_BASE_URL: fakeAi.baseUrl,
      AI_API_KEY: 'e2e-fake-key',
      AI_MODEL: 'fake-model',
      ...fakeGoogle.env(),
    },
    stdio: ['ignore', log, log],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`server exited: ${fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8')}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not become ready in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
}

export async function teardown() {
  await fakeAi?.close();
  await fakeGoogle?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (!dataDir) return;
  // The server's log outlives the run beside the screenshots: it is what explains a failed journey.
  const artifacts = path.resolve(import.meta.dirname, '../artifacts');
  fs.mkdirSync(artifacts, { recursive: true });
  fs.copyFileSync(path.join(dataDir, 'server.log'), path.join(artifacts, 'server.log'));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
