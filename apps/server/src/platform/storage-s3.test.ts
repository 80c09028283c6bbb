import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// s3rver stands in for the object store we can't reach from here; the adapter under test is the real one.
import S3rver from 's3rver';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { MEDIA_MAX_BYTES } from '@cutroom/domain';
import { bearer, seedWithSessions } from '../test/helpers.js';
import { MP4, SRT, uploadBody } from '../test/sample-files.js';

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

const upload = (body: ReturnType<typeof uploadBody>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });

/** What the bucket holds, as s3rver keeps it on disk (one folder per object key). */
const objectsInBucket = () =>
  fs.existsSync(path.join(s3Dir, 'cutroom-media'))
    ? fs
        .readdirSync(path.join(s3Dir, 'cutroom-media'), { recursive: true })
        .filter((f) => String(f).endsWith('._S3rver_object'))
    : [];

describe('S3 storage', () => {
  it('puts uploads in the bucket and reads them back through a signed URL with the detected type', async () => {
    const res = await upload(uploadBody('captions.srt', 'text/html', SRT, 'subtitles'));
    expect(res.statusCode).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: res.json().url, headers: bearer(token) });
    expect(read.statusCode).toBe(302);
    const signed = new URL(read.headers.location as string);
    expect(signed.searchParams.get('X-Amz-Signature')).toBeTruthy();
    const fetched = await fetch(signed);
    expect(fetched.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8');
    expect(fetched.headers.get('content-disposition')).toBe('attachment; filename="captions.srt"');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(SRT)).toBe(true);
  });

  it('leaves nothing in the bucket when an upload is refused for its size', async () => {
    const before = objectsInBucket().length;
    expect(before, 'the first test stored one object').toBeGreaterThan(0);
    const big = Buffer.concat([MP4, Buffer.alloc(MEDIA_MAX_BYTES + 1024 - MP4.length, 1)]);
    const res = await upload(uploadBody('huge.mp4', 'video/mp4', big, 'video'));
    expect(res.statusCode).toBe(413);
    expect(objectsInBucket()).toHaveLength(before);
  });
});
