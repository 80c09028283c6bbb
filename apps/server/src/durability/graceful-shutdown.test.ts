import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SESSION_ENDED_EVENT } from '@cutroom/domain';
import { connectSse } from '../test/sse-client.js';
import { killAllServers, startServer } from './server-process.js';
import { login } from './write-load.js';

// SIGTERM (issue 37): no new connections, the request in flight answered, event streams ended so browsers
// reconnect to another instance, and the process gone well within its 10 s bound. Once, on PGlite.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-shutdown-'));
const ADMIN = { email: 'ops@cutroom.test', password: 'graceful-shutdown-1' };
afterAll(async () => {
  await killAllServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A POST whose body arrives in two halves with `between` in the middle: a request the server has begun
 * (its 100 Continue says the headers are in) and is still reading when `between` runs.
 */
function slowPost(origin: string, route: string, body: string, between: () => Promise<void>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${origin}${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.on('continue', () => {
      const half = Math.floor(body.length / 2);
      req.write(body.slice(0, half), () => void between().then(() => req.end(body.slice(half)), reject));
    });
    req.flushHeaders();
  });
}

it.skipIf(process.env.TEST_DB === 'pg')(
  'SIGTERM answers the request in flight, ends the event streams and exits 0 within the bound',
  { timeout: 90_000 },
  async () => {
    const server = await startServer({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const api = await login(server.origin, ADMIN.email, ADMIN.password);
    const stream = connectSse(`${server.origin}/api/events`, { authorization: `Bearer ${api.token}` });
    await stream.ready;

    let signalledAt = 0;
    let exit: Promise<number | null> = Promise.resolve(null);
    const inFlight = slowPost(
      server.origin,
      '/api/login',
      JSON.stringify({ useremail: ADMIN.email, password: ADMIN.password }),
      async () => {
        signalledAt = Date.now();
        exit = server.stop();
        // The stream ends while the request is still waiting for the rest of its body.
        expect(await stream.endsWithin(5_000)).toBe(true);
      },
    );
    const answered = await inFlight;
    expect(answered.status, answered.body).toBe(200);
    // Ended as a server going away, not as a logout: the browser's EventSource reconnects (to another instance).
    expect(stream.received.map((m) => m.event)).not.toContain(SESSION_ENDED_EVENT);
    // New connections are refused once it is closing.
    await expect(fetch(`${server.origin}/healthz`)).rejects.toThrow();
    expect(await exit).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(server.output()).not.toMatch(/error/i);
  },
);
