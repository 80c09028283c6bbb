import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedWithSessions } from '../test/helpers.js';
import { MP4, uploadBody } from '../test/sample-files.js';
import { createTestApp, listenLocal, type TestApp } from '../test/test-app.js';

// A stored file's client that goes away mid-stream (a <video> with preload="metadata", a closed tab) had the
// error handler answer the stream's premature close with a 500 after the 206 was under way: an "unhandled error"
// in the log, "Cannot write headers after they are sent", and warnings of a reply sent twice.
let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let base: string;
const log: { level: number; msg: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, undefined, {
    write: (line) => void log.push(JSON.parse(line) as { level: number; msg: string }),
  });
  a = await seedWithSessions(t.database.db);
  base = await listenLocal(t.app);
});
afterAll(() => t.close());

/** Asks for a file over a socket of its own, reads the first bytes of the reply and closes the connection. */
function readAndLeave(url: string, token: string) {
  const { port } = new URL(base);
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () =>
      socket.write(
        `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nRange: bytes=0-\r\n\r\n`,
      ),
    );
    socket.once('data', (first) => {
      socket.destroy();
      resolve(first.toString('latin1').split('\r\n')[0]!);
    });
    socket.once('error', reject);
  });
}

/** Asks for a file and closes the connection at once: the server hears of it while it looks the file up. */
function askAndLeave(url: string, token: string) {
  const { port } = new URL(base);
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.end(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nRange: bytes=0-\r\n\r\n`);
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
}

describe('a stored file whose client leaves mid-stream', () => {
  it('is cut where it stands, or before it began: nothing logged above info, and the next reader gets the whole file', async () => {
    // Far more than the sockets' buffers take at once, so the reply is still streaming when the client goes.
    const big = Buffer.concat([MP4, Buffer.alloc(40 * 1_048_576, 7)]);
    const body = uploadBody('cut.mp4', 'video/mp4', big, 'video');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...bearer(a.editor.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    const { url } = res.json<{ url: string }>();
    const before = log.length;
    const fds = fs.readdirSync('/proc/self/fd').length;

    for (let i = 0; i < 3; i++) expect(await readAndLeave(url, a.editor.token)).toBe('HTTP/1.1 206 Partial Content');
    await Promise.all(Array.from({ length: 10 }, () => askAndLeave(url, a.editor.token)));
    // Each cut is seen (Fastify logs the aborted stream at info or below) before anything is asserted.
    const whole = await fetch(base + url, { headers: bearer(a.editor.token) });
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(big.length);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // No file left open behind a cut reply (the 13 cuts above would show as 13 more).
    expect(fs.readdirSync('/proc/self/fd').length).toBeLessThan(fds + 5);
    // pino's levels: 40 warn, 50 error.
    expect(
      log
        .slice(before)
        .filter((line) => line.level >= 40)
        .map((line) => line.msg),
    ).toEqual([]);
  });
});
