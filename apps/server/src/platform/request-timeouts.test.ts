import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { seedWithSessions } from '../test/helpers.js';

// Short limits, so each case ends in well under a second; the defaults are in config.ts.
const BODY_MS = 300;
const IDLE_MS = 1_000;

let t: TestApp;
let port: number;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_BODY_TIMEOUT_MS: String(BODY_MS), IDLE_TIMEOUT_MS: String(IDLE_MS) });
  adminToken = (await seedWithSessions(t.database.db)).admin.token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

interface Outcome {
  /** Everything the server wrote before it closed the connection. */
  text: string;
  /** From the last byte we sent to the close. */
  ms: number;
}

/** Sends the parts with the given pauses between them, then waits (up to 10 s) for the server to close. */
function talk(parts: { data: string; afterMs?: number }[]): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let lastSent = Date.now();
    const give = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open; it wrote: ${text}`));
    }, 10_000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(give);
      resolve({ text, ms: Date.now() - lastSent });
    });
    const send = async () => {
      for (const part of parts) {
        if (part.afterMs) await new Promise((r) => setTimeout(r, part.afterMs));
        if (socket.destroyed) return;
        socket.write(part.data);
        lastSent = Date.now();
      }
    };
    socket.on('connect', () => void send());
  });
}

const head = (path: string, type: string, length: number, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n${extra}\r\n`;

describe('request time-outs', () => {
  it('answers 408 in the error shape and closes when a JSON body never arrives whole', async () => {
    // Five bytes declared, two sent: the probe's case.
    const { text, ms } = await talk([{ data: head('/api/login', 'application/json', 5) + '{}' }]);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text.toLowerCase()).toContain('connection: close');
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { code: string; error_message: string };
    expect(body).toMatchObject({ code: 'REQUEST_TIMEOUT', error_message: MSG.requestTimedOut });
    expect(ms).toBeGreaterThanOrEqual(BODY_MS - 50);
    expect(ms).toBeLessThan(IDLE_MS);
  });

  it('counts the whole body, so a body dripped a byte at a time still ends in 408', async () => {
    const json = JSON.stringify({ useremail: 'nobody@example.com', password: 'not-the-password' });
    const drip = [...json].map((c) => ({ data: c, afterMs: 40 }));
    const { text } = await talk([{ data: head('/api/login', 'application/json', json.length) }, ...drip]);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('leaves a body that arrives in time alone', async () => {
    const json = JSON.stringify({ useremail: 'nobody@example.com', password: 'not-the-password' });
    const { text } = await talk([
      { data: head('/api/login', 'application/json', json.length, 'Connection: close\r\n') },
      { data: json, afterMs: BODY_MS / 3 },
    ]);
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('lets a streamed upload outlast the JSON limit, and closes it once nothing moves for the idle time', async () => {
    const boundary = 'cutroom-timeout-test';
    const start = `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const { text, ms } = await talk([
      {
        data:
          head(
            '/api/media',
            `multipart/form-data; boundary=${boundary}`,
            1_000_000,
            `Authorization: Bearer ${adminToken}\r\n`,
          ) + start,
      },
      // Still moving after the JSON limit: not cut off.
      { data: 'x'.repeat(1_000), afterMs: BODY_MS * 2 },
    ]);
    expect(text).not.toMatch(/ 408 /);
    expect(ms).toBeGreaterThanOrEqual(IDLE_MS - 100);
  });

  it('closes a connection that sends half its headers and stops', async () => {
    const { text, ms } = await talk([{ data: 'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\n' }]);
    expect(text).not.toMatch(/ 200 /);
    expect(ms).toBeGreaterThanOrEqual(IDLE_MS - 100);
  });
});
