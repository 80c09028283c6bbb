import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fill, formatBytes, MSG, UPLOAD_ABANDONED_MS, UPLOAD_MSG } from '@cutroom/domain';
import { customerUploads } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';
import { MP4, PNG, uploadBody } from '../../test/sample-files.js';
import { uploadClient, type Started } from '../../test/uploads.js';

// Issue 33: the upload page's files and unfinished uploads count in the one STORAGE_QUOTA_MB of /api/media.
const MB = 1_048_576;
const KB600 = 600 * 1024;
const png = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length, 7)]);
const refusal = (left: number) => fill(MSG.storageQuotaFull, { left: formatBytes(left), quota: formatBytes(MB) });

let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp({ STORAGE_QUOTA_MB: '1' });
  accounts = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const start = (token: string, customerId: number, size: number) =>
  uploadClient(t, token).start({ customer_id: customerId, file_name: 'take.png', size, content_type: 'image/png' });
const media = (token: string, content: Buffer) => {
  const body = uploadBody('clip.mp4', 'video/mp4', content, 'video');
  return t.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};
const clip = (bytes: number) => Buffer.concat([MP4, Buffer.alloc(bytes - MP4.length, 7)]);

describe('the upload page within STORAGE_QUOTA_MB', () => {
  it("counts its files in the customer's quota, for them and for staff, and /api/media counts them too", async () => {
    const { customer, admin } = accounts;
    const client = uploadClient(t, customer.token);
    const { res } = await client.upload(customer.id, 'first.png', 'image/png', KB600, () => png(KB600));
    expect(res.statusCode).toBe(200);
    for (const token of [customer.token, admin.token]) {
      const over = await start(token, customer.id, KB600);
      expect(over.statusCode).toBe(413);
      expect(over.json()).toMatchObject({ code: 'STORAGE_QUOTA', error_message: refusal(MB - KB600) });
    }
    const rows = await t.database.db.select().from(customerUploads).where(eq(customerUploads.customerId, customer.id));
    expect(rows).toHaveLength(1);
    const viaMedia = await media(customer.token, clip(KB600));
    expect(viaMedia.statusCode).toBe(413);
    expect(viaMedia.json().error_message).toBe(refusal(MB - KB600));
    // What is left still fits.
    expect((await start(customer.token, customer.id, MB - KB600)).statusCode).toBe(201);
  });

  it('counts what unfinished uploads declared; canceled, refused and abandoned ones stop counting', async () => {
    const { customer2: c } = accounts;
    const client = uploadClient(t, c.token);
    const first = await start(c.token, c.id, KB600);
    expect(first.statusCode).toBe(201);
    expect((await start(c.token, c.id, KB600)).statusCode).toBe(413);
    expect((await media(c.token, clip(KB600))).statusCode).toBe(413);

    expect((await client.cancel(first.json<Started>().upload_id)).statusCode).toBe(200);
    // Bytes that aren't an allowed type: the complete deletes the upload.
    const html = Buffer.alloc(KB600, '<html>');
    const { res: refused } = await client.upload(c.id, 'bad.png', 'image/png', KB600, () => html);
    expect(refused.statusCode).toBe(400);

    const abandoned = await start(c.token, c.id, KB600);
    expect(abandoned.statusCode).toBe(201);
    const { upload_id } = abandoned.json<Started>();
    await t.database.db
      .update(customerUploads)
      .set({ createdAt: new Date(Date.now() - UPLOAD_ABANDONED_MS - 60_000) })
      .where(eq(customerUploads.id, upload_id));
    // Abandoned before the hourly sweep came: it no longer counts, nor can it be finished.
    expect((await start(c.token, c.id, KB600)).statusCode).toBe(201);
    const late = await client.complete(upload_id, [{ part_number: 1, etag: 'x' }]);
    expect([late.statusCode, late.json().error_message]).toEqual([400, UPLOAD_MSG.uploadAbandoned]);
  });
});

// PGlite runs one statement at a time; only PostgreSQL lets the starts interleave.
describe.runIf(process.env.TEST_DB === 'pg')('parallel starts on PostgreSQL', () => {
  it('lets no more starts through than fit the quota', async () => {
    const q = await createTestApp({ STORAGE_QUOTA_MB: '500' });
    try {
      const a = await seedWithSessions(q.database.db);
      const body = { customer_id: a.customer.id, file_name: 'big.mp4', size: 150 * MB, content_type: 'video/mp4' };
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) => uploadClient(q, (i % 2 ? a.admin : a.customer).token).start(body)),
      );
      expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(replies.filter((r) => r.statusCode === 413)).toHaveLength(17);
      const rows = await q.database.db
        .select()
        .from(customerUploads)
        .where(eq(customerUploads.customerId, a.customer.id));
      expect(rows).toHaveLength(3);
    } finally {
      await q.close();
    }
  });
});
