import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listenLocal, type TestApp } from '../../test/test-app.js';
import { seedWithSessions } from '../../test/helpers.js';
import { PNG } from '../../test/sample-files.js';
import { uploadClient, type Started } from '../../test/uploads.js';

// Over real sockets: what a refused or dropped part does to the connection, which inject can't show.
let t: TestApp;
let base: string;
let token: string;
let customer: ReturnType<typeof uploadClient>;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await seedWithSessions(t.database.db);
  token = accounts.customer.token;
  customerId = accounts.customer.id;
  customer = uploadClient(t, token);
  base = await listenLocal(t.app);
});
afterAll(() => t.close());

async function partUrl() {
  const started = (
    await customer.start({ customer_id: customerId, file_name: 'p.png', size: PNG.length, content_type: 'image/png' })
  ).json<Started>();
  const [{ url }] = (await customer.partUrls(started.upload_id, [1])).json().urls;
  return { started, url: `${base}${url as string}` };
}

/** PUTs chunks without a Content-Length (chunked), optionally dropping the connection after them. */
function sendChunked(url: string, chunks: Buffer[], drop = false) {
  return new Promise<{ status: number; body: string } | 'dropped'>((resolve) => {
    const req = http.request(url, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', () => resolve('dropped'));
    for (const c of chunks) req.write(c);
    if (drop) setTimeout(() => req.destroy(), 100);
    else req.end();
  });
}

describe('a part sent over HTTP', () => {
  it('longer than its size, sent chunked: answered 400 on the same request, nothing kept', async () => {
    const { started, url } = await partUrl();
    const res = await sendChunked(url, [PNG, PNG]);
    expect(res).not.toBe('dropped');
    expect((res as { status: number }).status).toBe(400);
    expect(JSON.parse((res as { body: string }).body).field).toBe('body');
    expect((await customer.parts(started.upload_id)).json().parts).toEqual([]);
  });

  it('cut off half way: nothing kept, and the same part sent again is stored', async () => {
    const { started, url } = await partUrl();
    expect(await sendChunked(url, [PNG.subarray(0, 40)], true)).toBe('dropped');
    // The server finishes with the dropped request on its own time; the part list must never show the half.
    await new Promise((r) => setTimeout(r, 200));
    expect((await customer.parts(started.upload_id)).json().parts).toEqual([]);
    const again = await fetch(url, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: PNG,
    });
    expect(again.status).toBe(200);
    expect((await customer.parts(started.upload_id)).json().parts).toMatchObject([
      { part_number: 1, size: PNG.length },
    ]);
  });
});
