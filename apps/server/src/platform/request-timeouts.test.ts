import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { seedWithSessions } from '../test/helpers.js';
import { uploadClient } from '../test/uploads.js';

// Short limits, so each case ends in well under a second; the defaults are in config.ts.
const BODY_MS = 300;
const IDLE_MS = 1_000;

let t: TestApp;
let port: number;
let adminToken: string;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_BODY_TIMEOUT_MS: String(BODY_MS), IDLE_TIMEOUT_MS: String(IDLE_MS) });
  const accounts = await seedWithSessions(t.database.db);
  adminToken = accounts.admin.token;
  customerId = accounts.customer.id;
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

const head = (path: string, type: string, length: number, extra = '', method = 'POST') =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n${extra}\r\n`;

const DRIP_MS = 50;
/** How long a drip goes on if nothing stops it: well past the body limit and the idle time. */
const DRIP_FOR_MS = 4_000;

interface Dripped {
  text: string;
  /** From the first byte of the answer to the close. */
  closedAfterAnswerMs: number;
  /** Whether we were still sending when the server closed. */
  cutMidDrip: boolean;
}

/** Sends a request head, then a byte of body every DRIP_MS for DRIP_FOR_MS, as a slow-request attack does. */
function drip(requestHead: string): Promise<Dripped> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let answeredAt = 0;
    let dripping = true;
    const give = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open; it wrote: ${text}`));
    }, DRIP_FOR_MS + 10_000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answeredAt ||= Date.now();
      text += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(give);
      resolve({ text, closedAfterAnswerMs: Date.now() - answeredAt, cutMidDrip: dripping });
    });
    socket.on('connect', () => {
      socket.write(requestHead);
      void (async () => {
        for (const end = Date.now() + DRIP_FOR_MS; Date.now() < end && !socket.destroyed;) {
          await new Promise((r) => setTimeout(r, DRIP_MS));
          if (!socket.destroyed) socket.write('x');
        }
        dripping = false;
      })();
    });
  });
}

const BIG = 1_000_000;
const FORM = 'multipart/form-data; boundary=cutroom-drip';

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

  it('answers an unauthenticated upload at once and closes it, however slowly its body drips', async () => {
    const { text, closedAfterAnswerMs, cutMidDrip } = await drip(head('/api/media', FORM, BIG));
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(cutMidDrip).toBe(true);
    expect(closedAfterAnswerMs).toBeLessThan(BODY_MS);
  });

  it('answers an unauthenticated upload part at once and closes it', async () => {
    const part = '/api/uploads/1/parts/1?expires=9999999999&sig=x';
    const { text, cutMidDrip } = await drip(head(part, 'application/octet-stream', BIG, '', 'PUT'));
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    expect(cutMidDrip).toBe(true);
  });

  it('gives a streamed body to any other route no upload allowance: answered, then closed', async () => {
    const cases = [
      // Public, takes JSON only.
      head('/api/login', FORM, BIG),
      // Signed in, but not an upload route.
      head('/api/getCards', 'application/octet-stream', BIG, `Authorization: Bearer ${adminToken}\r\n`),
      head('/api/no-such-route', FORM, BIG, `Authorization: Bearer ${adminToken}\r\n`),
    ];
    const results = await Promise.all(cases.map(drip));
    expect(results.map((r) => r.text.slice(0, 12))).toEqual(['HTTP/1.1 415', 'HTTP/1.1 415', 'HTTP/1.1 404']);
    for (const r of results) {
      expect(r.cutMidDrip).toBe(true);
      expect(r.closedAfterAnswerMs).toBeLessThan(BODY_MS);
    }
  });

  it('gives a signed-in upload part the upload allowance', async () => {
    const client = uploadClient(t, adminToken);
    const started = await client.start({
      customer_id: customerId,
      file_name: 'slow.png',
      size: 1_000,
      content_type: 'image/png',
    });
    const { upload_id: id } = started.json<{ upload_id: number }>();
    const { urls } = (await client.partUrls(id, [1])).json<{ urls: { url: string }[] }>();
    const { text } = await talk([
      {
        data: head(
          urls[0]!.url,
          'application/octet-stream',
          1_000,
          `Authorization: Bearer ${adminToken}\r\nConnection: close\r\n`,
          'PUT',
        ),
      },
      { data: 'x'.repeat(500) },
      // The rest after the body limit: still taken.
      { data: 'x'.repeat(500), afterMs: BODY_MS * 2 },
    ]);
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
  });
});
