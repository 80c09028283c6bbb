import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, describe, expect, it } from 'vitest';
import { ChunkPool } from './chunk-pool.js';
import { BODY_CHUNK, HttpProtocolError, httpGet, type HttpGetOptions } from './http-get.js';
import { writeNewFile } from './storage.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-http-get-'));
const servers: net.Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A raw TCP server: `answer` writes whatever bytes it likes, HTTP or not, for each request received. */
async function rawServer(answer: (socket: net.Socket, request: string) => Promise<void> | void, secure?: object) {
  const onSocket = (socket: net.Socket) => {
    let request = '';
    socket.on('error', () => {});
    socket.on('data', (data) => {
      request += data.toString('latin1');
      if (!request.includes('\r\n\r\n')) return;
      socket.removeAllListeners('data');
      void Promise.resolve(answer(socket, request)).catch(() => socket.destroy());
    });
  };
  const server = secure ? tls.createServer(secure, onSocket) : net.createServer(onSocket);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `${secure ? 'https' : 'http'}://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

const options = (extra: Partial<HttpGetOptions> = {}): HttpGetOptions => ({
  headers: { 'User-Agent': 'test' },
  lookup: dns.lookup,
  signal: new AbortController().signal,
  answerMs: 5_000,
  onAnswerTimeout: () => new Error('no answer in time'),
  ...extra,
});

async function readAll(url: string, extra: Partial<HttpGetOptions> = {}) {
  const answer = await httpGet(new URL(url), options(extra));
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(Buffer.from(chunk as Buffer));
  return { ...answer, bytes: Buffer.concat(chunks) };
}

/** Writes `bytes` in pieces of random sizes, some after a pause, as a real network delivers them. */
async function dribble(socket: net.Socket, bytes: Buffer, maxPiece = 300_000) {
  for (let at = 0; at < bytes.length;) {
    const n = Math.min(bytes.length - at, 1 + Math.floor(Math.random() * maxPiece));
    if (!socket.write(bytes.subarray(at, at + n))) await new Promise((resolve) => socket.once('drain', resolve));
    at += n;
    if (Math.random() < 0.05) await sleep(2);
  }
}

const chunkedEncoding = (bytes: Buffer) => {
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length;) {
    const n = Math.min(bytes.length - at, 1 + Math.floor(Math.random() * 100_000));
    parts.push(Buffer.from(`${n.toString(16)};ext=1\r\n`), bytes.subarray(at, at + n), Buffer.from('\r\n'));
    at += n;
  }
  parts.push(Buffer.from('0\r\nX-Trailer: yes\r\n\r\n'));
  return Buffer.concat(parts);
};

describe('a plain HTTP/1.1 GET for large downloads (issue 49)', () => {
  it('sends one request per connection and reads a body of a declared length exactly, in pieces of a megabyte at most', async () => {
    const body = randomBytes(6 * BODY_CHUNK + 12_345);
    let request = '';
    const url = await rawServer(async (socket, text) => {
      request = text;
      socket.write(`HTTP/1.1 200 OK\r\nContent-Type: video/mp4\r\nContent-Length: ${body.length}\r\n\r\n`);
      await dribble(socket, body);
      // Bytes past the declared length are not the body's.
      socket.end('trailing garbage');
    });
    const answer = await httpGet(new URL(`${url}/media/cut.mp4?dl=1`), options());
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('video/mp4');
    const sizes: number[] = [];
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body) {
      sizes.push((chunk as Buffer).length);
      chunks.push(Buffer.from(chunk as Buffer));
    }
    expect(sha(Buffer.concat(chunks))).toBe(sha(body));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(BODY_CHUNK);
    expect(request).toMatch(/^GET \/media\/cut\.mp4\?dl=1 HTTP\/1\.1\r\n/);
    expect(request).toMatch(/\r\nHost: 127\.0\.0\.1:\d+\r\n/);
    expect(request).toMatch(/\r\nConnection: close\r\n/);
    expect(request).toMatch(/\r\nUser-Agent: test\r\n/);
  });

  it('decodes a chunked body with extensions and trailers, and a body that ends when the connection closes', async () => {
    const body = randomBytes(3 * BODY_CHUNK + 777);
    const chunked = await rawServer(async (socket) => {
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n');
      await dribble(socket, chunkedEncoding(body), 5_000);
      socket.end();
    });
    const untilClose = await rawServer(async (socket) => {
      socket.write('HTTP/1.0 200 OK\r\nContent-Type: video/mp4\r\n\r\n');
      await dribble(socket, body);
      socket.end();
    });
    expect(sha((await readAll(chunked)).bytes)).toBe(sha(body));
    expect(sha((await readAll(untilClose)).bytes)).toBe(sha(body));
  });

  it('skips 1xx answers and takes the body that came in the same packet as the headers', async () => {
    const url = await rawServer((socket) => {
      socket.end(
        'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n' +
          'HTTP/1.1 302 Found\r\nLocation: /next\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nContent-Length: 5\r\n\r\nmoved',
      );
    });
    const answer = await readAll(url);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/next');
    expect(answer.headers['set-cookie']).toBe('a=1, b=2');
    expect(answer.headers.link).toBeUndefined();
    expect(answer.bytes.toString()).toBe('moved');
  });

  it('ends a 204 at once, and a zero-length body without waiting for the close', async () => {
    const held: net.Socket[] = [];
    const url = await rawServer((socket, request) => {
      held.push(socket); // never closed by the server
      socket.write(
        request.includes('/empty') ? 'HTTP/1.1 204 No Content\r\n\r\n' : 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n',
      );
    });
    expect((await readAll(`${url}/empty`)).bytes.length).toBe(0);
    expect((await readAll(`${url}/zero`)).bytes.length).toBe(0);
    for (const socket of held) socket.destroy();
  });

  it.each([
    [
      'a body cut short of its length',
      'HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly this',
      'before the answer ended',
    ],
    [
      'a chunked body cut before its last chunk',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcde\r\n',
      'before the answer ended',
    ],
    [
      'a chunk size that is not hexadecimal',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc',
      'not hexadecimal',
    ],
    [
      'a chunk longer than its size',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabcde\r\n0\r\n\r\n',
      'past its size',
    ],
    ['two different lengths', 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nabcdef', 'not a size'],
  ])('fails the body on %s', async (_label, answer, message) => {
    const url = await rawServer((socket) => {
      socket.end(answer);
    });
    await expect(readAll(url)).rejects.toThrow(message);
  });

  it('refuses what is not an HTTP/1.1 answer, headers without end, and a server that closes without a word', async () => {
    const notHttp = await rawServer((socket) => {
      socket.end('SSH-2.0-OpenSSH_9.2\r\n\r\n');
    });
    const endless = await rawServer(async (socket) => {
      socket.write('HTTP/1.1 200 OK\r\n');
      for (let i = 0; i < 2_000; i++) if (!socket.write(`X-Filler-${i}: ${'x'.repeat(60)}\r\n`)) await sleep(1);
    });
    const silent = await rawServer((socket) => {
      socket.end();
    });
    await expect(httpGet(new URL(notHttp), options())).rejects.toThrow(HttpProtocolError);
    await expect(httpGet(new URL(endless), options())).rejects.toThrow('headers are too long');
    await expect(httpGet(new URL(silent), options())).rejects.toThrow('without an answer');
  });

  it('gives up on a server that never answers, and stops when its signal aborts', async () => {
    const mute = await rawServer(() => {});
    await expect(httpGet(new URL(mute), options({ answerMs: 150 }))).rejects.toThrow('no answer in time');
    const abort = new AbortController();
    const pending = httpGet(new URL(mute), options({ signal: abort.signal }));
    setTimeout(() => abort.abort(new Error('the job was cancelled')), 50);
    await expect(pending).rejects.toThrow('the job was cancelled');
  });

  it('stops reading while nobody reads the body: what waits stays within the queue', async () => {
    // Well over what the kernel can hold between the two sockets: Linux grows a receive buffer up to tcp_rmem's
    // maximum (32 MB here) and a send buffer up to tcp_wmem's (4 MB), so 64 MB could be more than half sent.
    const body = randomBytes(128 * BODY_CHUNK);
    let sent = 0;
    const url = await rawServer(async (socket) => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n`);
      for (let at = 0; at < body.length; at += BODY_CHUNK) {
        const ok = socket.write(body.subarray(at, at + BODY_CHUNK));
        sent = at + BODY_CHUNK;
        if (!ok) await new Promise((resolve) => socket.once('drain', resolve));
      }
      socket.end();
    });
    const answer = await httpGet(new URL(url), options());
    // Until the sender stands still: a loaded machine may take a while to fill the kernel's buffers, and a
    // fixed wait once read the sender mid-way.
    for (let still = 0, last = -1, waited = 0; still < 3 && waited < 10_000; waited += 150) {
      await sleep(150);
      still = sent === last ? still + 1 : 0;
      last = sent;
    }
    // The body's queue (4 MB, the chunk that crossed it, the chunk being filled, and a read the socket had under
    // way when it was paused) and the kernel's socket buffers hold what was sent; the rest waits at the sender.
    expect(answer.body.readableLength).toBeLessThanOrEqual(8 * BODY_CHUNK);
    expect(sent).toBeLessThan(body.length / 2);
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body) chunks.push(chunk as Buffer);
    expect(sha(Buffer.concat(chunks))).toBe(sha(body));
  });

  it('fills pooled chunks that the file writer gives back, and the file holds exactly the bytes sent', async () => {
    const body = randomBytes(30 * BODY_CHUNK + 4_321);
    const url = await rawServer(async (socket) => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n`);
      await dribble(socket, body, 2 * BODY_CHUNK);
      socket.end();
    });
    const pool = new ChunkPool(BODY_CHUNK, 16);
    let given = 0;
    const answer = await httpGet(new URL(url), options({ pool }));
    const target = path.join(dir, 'pooled.bin');
    await writeNewFile(answer.body, target, (chunk) => {
      given++;
      pool.give(chunk);
    });
    expect(sha(fs.readFileSync(target))).toBe(sha(body));
    expect(given).toBeGreaterThan(0);
  });

  const openssl = (() => {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  it.skipIf(!openssl)('speaks HTTPS, with the server name sent for the certificate', async () => {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    const body = randomBytes(2 * BODY_CHUNK + 99);
    let serverName: string | undefined;
    const url = await rawServer(
      async (socket) => {
        serverName = (socket as tls.TLSSocket).servername || undefined;
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n`);
        await dribble(socket, body);
        socket.end();
      },
      { key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
    );
    const port = new URL(url).port;
    const answer = await readAll(`https://localhost:${port}/cut.mp4`, { ca: fs.readFileSync(cert, 'utf8') });
    expect(sha(answer.bytes)).toBe(sha(body));
    expect(serverName).toBe('localhost');
    // Without the certificate trusted, nothing is read.
    await expect(httpGet(new URL(`https://localhost:${port}/cut.mp4`), options())).rejects.toThrow(/certificate/);
  });
});
