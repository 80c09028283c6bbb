import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// s3rver stands in for the object store we can't reach from here; the adapter under test is the real one.
import S3rver from 's3rver';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { bearer, seedWithSessions } from '../test/helpers.js';

let s3: S3rver;
let s3Dir: string;
let t: TestApp;
let token: string;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'cutroom-media', configs: [] }],
  });
  const address = await s3.run();
  t = await createTestApp({
    S3_BUCKET: 'cutroom-media',
    S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  token = (await seedWithSessions(t.database.db)).customer.token;
});
afterAll(async () => {
  await t.close();
  await s3.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

describe('S3 storage', () => {
  it('puts uploads in the bucket and reads them back through a signed URL', async () => {
    const boundary = 's3boundary';
    const content = Buffer.from('subtitle file body\n'.repeat(50));
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="captions.srt"\r\nContent-Type: application/x-subrip\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(res.statusCode).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: res.json().url, headers: bearer(token) });
    expect(read.statusCode).toBe(302);
    const signed = new URL(read.headers.location as string);
    expect(signed.searchParams.get('X-Amz-Signature')).toBeTruthy();
    const body = Buffer.from(await (await fetch(signed)).arrayBuffer());
    expect(body.equals(content)).toBe(true);
  });
});
