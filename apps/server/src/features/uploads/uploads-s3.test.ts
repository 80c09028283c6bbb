import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UPLOAD_SINGLE_PART_MAX } from '@cutroom/domain';
import { customerUploads } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { seedWithSessions } from '../../test/helpers.js';
import { MP4, PNG } from '../../test/sample-files.js';
import { startS3rverProcess } from '../../test/s3rver-process.js';
import { syntheticParts, uploadClient, type Started } from '../../test/uploads.js';

const BUCKET = 'cutroom-uploads';
let s3: Awaited<ReturnType<typeof startS3rverProcess>>;
let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
let staff: ReturnType<typeof uploadClient>;
let customer: ReturnType<typeof uploadClient>;
let other: ReturnType<typeof uploadClient>;

beforeAll(async () => {
  // A real S3-compatible server in its own process; the browser's PUTs go to it, never through the app.
  s3 = await startS3rverProcess(BUCKET);
  t = await createTestApp({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  accounts = await seedWithSessions(t.database.db);
  staff = uploadClient(t, accounts.qa.token);
  customer = uploadClient(t, accounts.customer.token);
  other = uploadClient(t, accounts.customer2.token);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const whole = (content: Buffer) => (n: number, s: Started) => content.subarray((n - 1) * s.part_size, n * s.part_size);
/** The object as s3rver keeps it on disk, or null. */
const objectFile = (key: string) => {
  const file = path.join(s3.directory, BUCKET, `${key}._S3rver_object`);
  return fs.existsSync(file) ? file : null;
};

describe('uploads on S3 (s3rver as a separate process)', () => {
  it('sends parts straight to the bucket through presigned URLs and downloads through a presigned link', async () => {
    const content = Buffer.concat([PNG, Buffer.alloc(3000, 2)]);
    const { started, res } = await staff.upload(
      accounts.customer.id,
      'Cover art.png',
      'image/png',
      content.length,
      whole(content),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().file).toMatchObject({ content_type: 'image/png', bytes: content.length });
    expect(fs.readFileSync(objectFile(started.key)!).equals(content)).toBe(true);

    const { url, expires_at } = (await customer.download(started.upload_id)).json<{
      url: string;
      expires_at: string;
    }>();
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('900');
    expect(new Date(expires_at).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="${started.file_name}"`);
    expect(Buffer.from(await got.arrayBuffer()).equals(content)).toBe(true);
    expect((await other.download(started.upload_id)).statusCode).toBe(404);
    expect((await customer.list({})).json().files.map((f: { id: number }) => f.id)).toContain(started.upload_id);
  });

  it("lets the portal's pages connect to the bucket (CSP connect-src)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${s3.endpoint}(;|$)`));
  });

  it("answers a browser's CORS preflight for a part PUT and exposes the ETag", async () => {
    const started = (
      await customer.start({
        customer_id: accounts.customer.id,
        file_name: 'x.png',
        size: PNG.length,
        content_type: 'image/png',
      })
    ).json<Started>();
    const [{ url }] = (await customer.partUrls(started.upload_id, [1])).json().urls;
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const put = await fetch(url, {
      method: 'PUT',
      body: PNG,
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/octet-stream' },
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-expose-headers')).toContain('ETag');
    // s3rver has no ListParts: the browser keeps its own list (parts: null), and cancel still works.
    expect((await customer.parts(started.upload_id)).json().parts).toBeNull();
    expect((await customer.cancel(started.upload_id)).statusCode).toBe(200);
  });

  it('deletes the object when its bytes are not an allowed type', async () => {
    const text = Buffer.from('#!/bin/sh\nrm -rf /\n');
    const { started, res } = await customer.upload(
      accounts.customer.id,
      'clip.mp4',
      'video/mp4',
      text.length,
      whole(text),
    );
    expect(res.statusCode).toBe(400);
    expect(objectFile(started.key)).toBeNull();
    expect(
      (await t.database.db.select().from(customerUploads).where(eq(customerUploads.id, started.upload_id))).length,
    ).toBe(0);
  });

  it('refuses a complete whose total is not the announced size, and deletes what was stored', async () => {
    const started = (
      await customer.start({
        customer_id: accounts.customer.id,
        file_name: 'y.png',
        size: PNG.length + 10,
        content_type: 'image/png',
      })
    ).json<Started>();
    const [{ url }] = (await customer.partUrls(started.upload_id, [1])).json().urls;
    // A presigned S3 PUT can't cap its size: the total is checked when the file is joined.
    const sent = await customer.put(url, PNG);
    const res = await customer.complete(started.upload_id, [{ part_number: 1, etag: sent.etag }]);
    expect([res.statusCode, res.json().field]).toEqual([400, 'parts']);
    expect(objectFile(started.key)).toBeNull();
  });

  it('uploads a file over 100 MB as an S3 multipart upload, a part sent twice', async () => {
    const size = UPLOAD_SINGLE_PART_MAX + 1_048_576;
    const partOf = syntheticParts(MP4, size);
    const started = (
      await staff.start({
        customer_id: accounts.customer.id,
        file_name: 'raw footage.mp4',
        size,
        content_type: 'video/mp4',
      })
    ).json<Started>();
    const numbers = Array.from({ length: started.part_count }, (_, i) => i + 1);
    const { urls } = (await staff.partUrls(started.upload_id, numbers)).json<{
      urls: { part_number: number; url: string }[];
    }>();
    const etags = new Map<number, string>();
    for (const u of urls) etags.set(u.part_number, (await staff.put(u.url, partOf(u.part_number, started))).etag);
    // A part re-sent after a dropped connection replaces the first copy.
    etags.set(2, (await staff.put(urls[1]!.url, partOf(2, started))).etag);
    const res = await staff.complete(
      started.upload_id,
      numbers.map((n) => ({ part_number: n, etag: etags.get(n)! })),
    );
    expect(res.statusCode).toBe(200);
    expect(fs.statSync(objectFile(started.key)!).size).toBe(size);
  }, 120_000);
});
