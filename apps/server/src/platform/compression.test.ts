import http from 'node:http';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listenLocal, type TestApp } from '../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../test/helpers.js';
import { connectSse } from '../test/sse-client.js';
import Fastify from 'fastify';
import { COMPRESS_FROM_BYTES, pickEncoding, registerCompression } from './compression.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  base = await listenLocal(t.app);
});
afterAll(() => t.close());

const board = (acceptEncoding?: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/getCards',
    headers: { ...bearer(a.admin.token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    payload,
  });

describe('compressed JSON replies', () => {
  it('sends a large JSON reply as brotli or gzip when asked, and as it is when not', async () => {
    const plain = await board();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES * 4);

    const gzip = await board('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());

    const br = await board('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const identity = await board('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(plain.json());
  });

  it('sends a small reply as it is even when compression is asked for', async () => {
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/requestAllowance',
      headers: { ...bearer(a.customer.token), 'accept-encoding': 'gzip, br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('used');
  });

  it('leaves error replies and the health check alone', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the live event stream uncompressed and delivers each event as it happens', async () => {
    const headers = { ...bearer(a.customer.token), 'accept-encoding': 'gzip, deflate, br' };
    const opened = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(`${base}/api/events`, { headers: { accept: 'text/event-stream', ...headers } }, resolve)
        .on('error', reject),
    );
    expect(opened.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(opened.headers['content-encoding']).toBeUndefined();
    opened.destroy();

    const stream = connectSse(`${base}/api/events`, headers);
    await stream.ready;
    // Two moves, each seen while the stream stays open: nothing waits for a compressor's buffer to fill.
    for (let i = 0; i < 2; i++) {
      const card = await insertCard(t.database.db, { clientId: a.customer.id, cardStatus: 'editing' });
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/card/${card.id}/move`,
        headers: bearer(a.admin.token),
        payload: { card_status: 'editing', newStatus: 'on_hold' },
      });
      expect(moved.statusCode).toBe(200);
      const got = await stream.waitFor((m) => m.event === 'card.moved' && m.data.card_id === card.id, 2000);
      expect(got.data).toMatchObject({ from: 'editing', to: 'on_hold' });
    }
    expect(await stream.endsWithin(0)).toBe(false);
    await stream.close();
  });
});

describe('pickEncoding', () => {
  it('follows the client: brotli first on a tie, q=0 refuses, unknown codings ignored', () => {
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('deflate, zstd')).toBeUndefined();
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('GZIP ; Q=0.3')).toBe('gzip');
  });
});

describe('replies of other kinds', () => {
  it('leaves encoded replies, streams and text alone, and compresses a very large one off the event loop', async () => {
    const app = Fastify();
    registerCompression(app);
    const json = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: `item ${i}` })) });
    app.get('/pre', (_request, reply) =>
      reply.header('content-type', 'application/json').header('content-encoding', 'gzip').send(zlib.gzipSync(json)),
    );
    app.get('/stream', (_request, reply) =>
      reply.header('content-type', 'application/json').send(Readable.from([json])),
    );
    app.get('/text', (_request, reply) => reply.header('content-type', 'text/csv').send(json));
    // Past the size compressed in one synchronous call: the thread pool's turn.
    const big = JSON.stringify({ items: Array.from({ length: 20_000 }, (_, i) => ({ i, name: `item ${i}` })) });
    app.get('/big', (_request, reply) => reply.header('content-type', 'application/json').send(big));
    for (const encoding of ['br', 'gzip']) {
      const res = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      const unpacked = encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload);
      expect(unpacked.toString()).toBe(big);
    }
    const pre = await app.inject({ method: 'GET', url: '/pre', headers: { 'accept-encoding': 'br' } });
    expect(pre.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(pre.rawPayload).toString()).toBe(json);
    for (const url of ['/stream', '/text']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(json);
    }
    await app.close();
  });
});
