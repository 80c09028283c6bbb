import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLOCK_TIME_ZONE, MSG, UPLOAD_ABANDONED_MS, UPLOAD_MSG, UPLOAD_SINGLE_PART_MAX } from '@cutroom/domain';
import { cards, customerUploads } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { MP4, PNG } from '../../test/sample-files.js';
import { syntheticParts, uploadClient, type Started } from '../../test/uploads.js';
import { loadConfig } from '../../config.js';
import type { AppContext } from '../../platform/context.js';
import { createMultipartStore } from '../../platform/storage-multipart.js';
import { signedLinks } from '../../platform/signed-links.js';
import { COMPLETE_CLAIM_MS, sweepStaleUploads } from './uploads.service.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
let admin: ReturnType<typeof uploadClient>;
let customer: ReturnType<typeof uploadClient>;
let other: ReturnType<typeof uploadClient>;

beforeAll(async () => {
  // A 150 MB cap, so the multipart test's 101 MB fits and a 200 MB announcement doesn't.
  t = await createTestApp({ UPLOAD_MAX_MB: '150' });
  accounts = await seedWithSessions(t.database.db);
  admin = uploadClient(t, accounts.admin.token);
  customer = uploadClient(t, accounts.customer.token);
  other = uploadClient(t, accounts.customer2.token);
});
afterAll(() => t.close());

const filesDir = () => path.join(t.dataDir, 'files');
const whole = (content: Buffer) => (n: number, s: Started) => content.subarray((n - 1) * s.part_size, n * s.part_size);
/** A one-part PNG upload the customer starts in their own folder. */
const startPng = async (fileName: string) =>
  (
    await customer.start({
      customer_id: accounts.customer.id,
      file_name: fileName,
      size: PNG.length,
      content_type: 'image/png',
    })
  ).json<Started>();
const rowOf = async (id: number) =>
  (await t.database.db.select().from(customerUploads).where(eq(customerUploads.id, id)))[0];

describe('uploads on local disk', () => {
  it('takes a file from staff into the customer folder, lists it and downloads it through a signed link', async () => {
    const content = Buffer.concat([MP4, Buffer.alloc(5000, 1)]);
    const { started, res } = await admin.upload(
      accounts.customer.id,
      'My holiday clip (final)!.mp4',
      'video/mp4',
      content.length,
      whole(content),
    );
    expect(res.statusCode).toBe(200);
    const { file } = res.json<{
      file: { file_name: string; key: string; bytes: number; content_type: string; uploaded_by: string };
    }>();
    expect(file.file_name).toMatch(/^My-holiday-clip-final-\d{8}-\d{9}\.mp4$/);
    expect(file.key).toBe(`uploads/${accounts.customer.id}/${file.file_name.replace(/\.mp4$/, '')}`);
    expect(file).toMatchObject({ bytes: content.length, content_type: 'video/mp4', uploaded_by: 'Ada Admin' });
    expect(fs.readFileSync(path.join(filesDir(), file.key)).equals(content)).toBe(true);
    // The parts folder is gone once the file is joined.
    expect(fs.readdirSync(path.join(filesDir(), '.parts'))).toEqual([]);

    const listed = await customer.list({});
    expect(listed.statusCode).toBe(200);
    expect(listed.json().files.map((f: { id: number }) => f.id)).toContain(started.upload_id);

    const link = await customer.download(started.upload_id);
    expect(link.statusCode).toBe(200);
    const { url, expires_at } = link.json<{ url: string; expires_at: string }>();
    expect(new Date(expires_at).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    // The link works on its own, without a session.
    const got = await t.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(content)).toBe(true);
    expect(got.headers['content-disposition']).toBe(`attachment; filename="${file.file_name}"`);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    // A forged or expired link is a plain 404.
    const forged = url.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const stale = url.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) - 1}`);
    expect((await t.app.inject({ method: 'GET', url: stale })).statusCode).toBe(404);
    // Another customer sees neither the file nor the folder.
    expect((await other.download(started.upload_id)).statusCode).toBe(404);
    expect((await other.list({ customer_id: String(accounts.customer.id) })).statusCode).toBe(404);
    expect((await other.list({})).json().files).toEqual([]);
  });

  it("offers each caller the folders they may open: an editor those of their cards' customers", async () => {
    const folders = async (token: string, search?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/uploads/folders',
        headers: bearer(token),
        query: search ? { search } : {},
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ customers: { client_id: number }[] }>().customers.map((c) => c.client_id);
    };
    const both = [accounts.customer.id, accounts.customer2.id].sort();
    expect((await folders(accounts.admin.token)).sort()).toEqual(both);
    expect((await folders(accounts.qa.token)).sort()).toEqual(both);
    expect(await folders(accounts.customer.token)).toEqual([accounts.customer.id]);
    expect(await folders(accounts.admin.token, 'Max')).toEqual([accounts.customer2.id]);
    expect(await folders(accounts.admin.token, '%')).toEqual([]);

    const editor = uploadClient(t, accounts.editor.token);
    // The demo's editor works on both customers' cards; from none, then one.
    await t.database.db.update(cards).set({ assignedTo: null }).where(eq(cards.assignedTo, accounts.editor.id));
    expect(await folders(accounts.editor.token)).toEqual([]);
    expect((await editor.list({ customer_id: String(accounts.customer.id) })).statusCode).toBe(404);
    await insertCard(t.database.db, { clientId: accounts.customer.id, assignedTo: accounts.editor.id });
    expect(await folders(accounts.editor.token)).toEqual([accounts.customer.id]);
    expect((await editor.list({ customer_id: String(accounts.customer.id) })).statusCode).toBe(200);
    expect((await editor.list({ customer_id: String(accounts.customer2.id) })).statusCode).toBe(404);
  });

  it('keeps every name inside the customer folder, whatever path, bytes or letters it holds', async () => {
    const names = [
      '../../../etc/passwd.mp4',
      '..\\..\\boot.ini.mp4',
      'a/b/../c.mp4',
      'nul\u0000byte.mp4',
      'Ünïcødé 视频 😀.mp4',
      '...',
      '   ',
      '.mp4',
      '/',
    ];
    for (const name of names) {
      const { res } = await customer.upload(accounts.customer.id, name, 'video/mp4', MP4.length, whole(MP4));
      expect(res.statusCode, name).toBe(200);
      const { key, file_name } = res.json<{ file: { key: string; file_name: string } }>().file;
      expect(key, name).toBe(`uploads/${accounts.customer.id}/${file_name.replace(/\.mp4$/, '')}`);
      expect(file_name, name).toMatch(/^[A-Za-z0-9_-]+\.mp4$/);
      expect(fs.existsSync(path.join(filesDir(), key)), name).toBe(true);
    }
    expect(fs.existsSync(path.join(t.dataDir, 'etc'))).toBe(false);
  });

  it('refuses an empty file, one over the limit and a type not allowed, naming the field', async () => {
    const start = (body: object) =>
      customer.start({
        customer_id: accounts.customer.id,
        file_name: 'a.mp4',
        content_type: 'video/mp4',
        size: 10,
        ...body,
      });
    const empty = await start({ size: 0 });
    expect([empty.statusCode, empty.json().field]).toEqual([400, 'size']);
    const big = await start({ size: 200 * 1_048_576 });
    expect([big.statusCode, big.json().field]).toEqual([400, 'size']);
    const html = await start({ content_type: 'text/html' });
    expect([html.statusCode, html.json().field]).toEqual([400, 'content_type']);
    const noName = await start({ file_name: '' });
    expect([noName.statusCode, noName.json().field]).toEqual([400, 'file_name']);
    expect((await start({ customer_id: accounts.customer2.id })).statusCode).toBe(404);
    expect((await start({ customer_id: accounts.admin.id })).statusCode).toBe(404);
  });

  it('deletes a file whose bytes are not an allowed type, whatever type it claimed', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const { started, res } = await customer.upload(
      accounts.customer.id,
      'clip.mp4',
      'video/mp4',
      html.length,
      whole(html),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message).toContain("The file's contents are not an allowed type");
    expect(fs.existsSync(path.join(filesDir(), started.key))).toBe(false);
    expect(await rowOf(started.upload_id)).toBeUndefined();
  });

  it("names the stored file by the type its bytes show, never by the name's extension (issue 33)", async () => {
    for (const [name, claimed] of [
      ['poly.html', 'image/png'],
      ['clip.mp4', 'video/mp4'],
    ] as const) {
      const { started, res } = await customer.upload(accounts.customer.id, name, claimed, PNG.length, whole(PNG));
      expect(res.statusCode, name).toBe(200);
      const { file_name, key, content_type } = res.json<{
        file: { file_name: string; key: string; content_type: string };
      }>().file;
      expect(file_name, name).toMatch(/^(poly|clip)-\d{8}-\d{9}\.png$/);
      expect(content_type, name).toBe('image/png');
      // The storage key carries no extension the sender chose: only the file name, set by the bytes, has one.
      expect(key, name).toBe(`uploads/${accounts.customer.id}/${file_name.replace(/\.png$/, '')}`);
      expect(fs.readFileSync(path.join(filesDir(), key)).equals(PNG), name).toBe(true);
      const { url } = (await customer.download(started.upload_id)).json<{ url: string }>();
      const got = await t.app.inject({ method: 'GET', url });
      expect(got.headers['content-disposition'], name).toBe(`attachment; filename="${file_name}"`);
      expect(got.headers['content-type'], name).toBe('image/png');
    }
  });

  it('refuses a part of the wrong size and a complete with a part missing, and takes the part sent again', async () => {
    const started = await startPng('p.png');
    const [{ url }] = (await customer.partUrls(started.upload_id, [1])).json().urls;
    const short = await customer.put(url, PNG.subarray(0, 50));
    expect(short.status).toBe(400);
    const long = await customer.put(url, Buffer.concat([PNG, PNG]));
    expect(long.status).toBe(400);
    expect((await customer.complete(started.upload_id, [{ part_number: 1, etag: short.etag || 'x' }])).statusCode).toBe(
      400,
    );
    const wrongCount = await customer.complete(started.upload_id, [
      { part_number: 1, etag: 'x' },
      { part_number: 2, etag: 'y' },
    ]);
    expect([wrongCount.statusCode, wrongCount.json().field]).toEqual([400, 'parts']);
    const first = await customer.put(url, PNG);
    const again = await customer.put(url, PNG);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect((await customer.parts(started.upload_id)).json().parts).toEqual([
      { part_number: 1, size: PNG.length, etag: again.etag },
    ]);
    const done = await customer.complete(started.upload_id, [{ part_number: 1, etag: again.etag }]);
    expect(done.statusCode).toBe(200);
    expect(done.json().file.content_type).toBe('image/png');
    // Finished means finished.
    expect((await customer.complete(started.upload_id, [{ part_number: 1, etag: again.etag }])).statusCode).toBe(400);
    expect((await customer.put(url, PNG)).status).toBe(400);
    expect((await customer.cancel(started.upload_id)).statusCode).toBe(400);
  });

  it('refuses forged, expired and borrowed part URLs', async () => {
    const started = await startPng('p.png');
    const [{ url }] = (await customer.partUrls(started.upload_id, [1])).json().urls;
    expect((await customer.put(url.replace(/sig=[^&]+/, 'sig=forged'), PNG)).status).toBe(403);
    expect(
      (await customer.put(url.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) - 5}`), PNG)).status,
    ).toBe(403);
    expect((await customer.put(url.replace('/parts/1', '/parts/2'), PNG)).status).toBe(403);
    // The admin may see the folder but the URL was signed for the customer.
    expect((await admin.put(url, PNG)).status).toBe(403);
    // Another customer doesn't see the upload at all.
    expect((await other.put(url, PNG)).status).toBe(404);
    expect((await other.partUrls(started.upload_id, [1])).statusCode).toBe(404);
    expect((await customer.partUrls(started.upload_id, [2])).statusCode).toBe(400);
    const raw = await t.app.inject({
      method: 'PUT',
      url,
      headers: { authorization: `Bearer ${accounts.customer.token}`, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect([raw.statusCode, raw.json().field]).toEqual([400, 'body']);
  });

  it('cancels an upload: its parts are deleted and its URLs stop working', async () => {
    const started = await startPng('c.png');
    const [{ url }] = (await customer.partUrls(started.upload_id, [1])).json().urls;
    expect((await customer.put(url, PNG)).status).toBe(200);
    expect((await other.cancel(started.upload_id)).statusCode).toBe(404);
    const partsDir = path.join(filesDir(), '.parts', (await rowOf(started.upload_id))!.storageUploadId!);
    expect(fs.existsSync(partsDir)).toBe(true);
    const res = await customer.cancel(started.upload_id);
    expect([res.statusCode, res.json().message]).toEqual([200, MSG.uploadCanceled]);
    expect(await rowOf(started.upload_id)).toBeUndefined();
    expect(fs.existsSync(partsDir)).toBe(false);
    expect((await customer.put(url, PNG)).status).toBe(404);
  });

  it('uploads a file over 100 MB in parts, resumes from the stored parts and joins them in order', async () => {
    const size = UPLOAD_SINGLE_PART_MAX + 5 * 1_048_576;
    const partOf = syntheticParts(MP4, size);
    const started = (
      await admin.start({
        customer_id: accounts.customer.id,
        file_name: 'long take.mp4',
        size,
        content_type: 'video/mp4',
      })
    ).json<Started>();
    expect(started.part_count).toBeGreaterThan(1);
    const numbers = Array.from({ length: started.part_count }, (_, i) => i + 1);
    const { urls } = (await admin.partUrls(started.upload_id, numbers)).json<{
      urls: { part_number: number; url: string }[];
    }>();
    // The connection drops after three parts; the page asks what is stored and sends only the rest.
    for (const u of urls.slice(0, 3)) expect((await admin.put(u.url, partOf(u.part_number, started))).status).toBe(200);
    const stored = (await admin.parts(started.upload_id)).json<{ parts: { part_number: number; etag: string }[] }>()
      .parts;
    expect(stored.map((p) => p.part_number)).toEqual([1, 2, 3]);
    const etags = new Map(stored.map((p) => [p.part_number, p.etag]));
    for (const u of urls.filter((x) => !etags.has(x.part_number))) {
      const sent = await admin.put(u.url, partOf(u.part_number, started));
      etags.set(u.part_number, sent.etag);
    }
    const res = await admin.complete(
      started.upload_id,
      numbers.map((n) => ({ part_number: n, etag: etags.get(n)! })),
    );
    expect(res.statusCode).toBe(200);
    const target = path.join(filesDir(), started.key);
    expect(fs.statSync(target).size).toBe(size);
    const head = Buffer.alloc(MP4.length);
    const fd = fs.openSync(target, 'r');
    fs.readSync(fd, head, 0, head.length, 0);
    fs.closeSync(fd);
    expect(head.equals(MP4)).toBe(true);
    fs.rmSync(target);
  });

  it('gives same-named files started at once their own keys, and lets one of two completes win', async () => {
    const body = {
      customer_id: accounts.customer.id,
      file_name: 'same.png',
      size: PNG.length,
      content_type: 'image/png',
    };
    const started = await Promise.all([customer.start(body), admin.start(body), customer.start(body)]);
    expect(started.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(started.map((r) => r.json<Started>().key)).size).toBe(3);
    const first = started[0].json<Started>();
    const [{ url }] = (await customer.partUrls(first.upload_id, [1])).json().urls;
    const { etag } = await customer.put(url, PNG);
    const both = await Promise.all([
      customer.complete(first.upload_id, [{ part_number: 1, etag }]),
      customer.complete(first.upload_id, [{ part_number: 1, etag }]),
    ]);
    // One wins; the other is refused as busy while the winner joins, or as finished once it has.
    const [won, lost] = both[0].statusCode === 200 ? both : [both[1], both[0]];
    expect(won.statusCode).toBe(200);
    expect([
      [409, UPLOAD_MSG.uploadBusy],
      [400, UPLOAD_MSG.uploadFinished],
    ]).toContainEqual([lost.statusCode, lost.json().error_message]);
    expect(
      (await customer.list({ search: 'same' })).json().files.filter((f: { id: number }) => f.id === first.upload_id),
    ).toHaveLength(1);
  });

  it('holds an upload another instance is joining: a complete or a cancel here waits, until a dead claim runs out', async () => {
    const started = await startPng('joined-elsewhere.png');
    const [{ url }] = (await customer.partUrls(started.upload_id, [1])).json().urls;
    const { etag } = await customer.put(url, PNG);
    const claimAt = (at: Date) =>
      t.database.db.update(customerUploads).set({ completedAt: at }).where(eq(customerUploads.id, started.upload_id));
    // Another instance's claim, as its complete writes it.
    await claimAt(new Date());
    const parts = [{ part_number: 1, etag }];
    for (const r of [await customer.complete(started.upload_id, parts), await customer.cancel(started.upload_id)]) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error_message).toBe(UPLOAD_MSG.uploadBusy);
    }
    expect((await rowOf(started.upload_id))?.status).toBe('pending');
    // That instance died while joining: its claim runs out and the upload can be finished here.
    await claimAt(new Date(Date.now() - COMPLETE_CLAIM_MS - 1_000));
    expect((await customer.complete(started.upload_id, parts)).statusCode).toBe(200);
    expect((await rowOf(started.upload_id))?.status).toBe('complete');
  });

  it('drops uploads abandoned for a week, parts and all', async () => {
    const started = await startPng('gone.png');
    const [{ url }] = (await customer.partUrls(started.upload_id, [1])).json().urls;
    expect((await customer.put(url, PNG)).status).toBe(200);
    const partsDir = path.join(filesDir(), '.parts', (await rowOf(started.upload_id))!.storageUploadId!);
    const config = loadConfig({ DATA_DIR: t.dataDir });
    const deps = {
      ctx: { db: t.database.db, config } as AppContext,
      store: await createMultipartStore(config),
      links: await signedLinks(config),
      log: { warn: () => {} },
    };
    // A day old stays; eight days old goes.
    expect(await sweepStaleUploads(deps, Date.now() + 86_400_000)).toBe(0);
    expect(await sweepStaleUploads(deps, Date.now() + UPLOAD_ABANDONED_MS + 86_400_000)).toBeGreaterThan(0);
    expect(await rowOf(started.upload_id)).toBeUndefined();
    expect(fs.existsSync(partsDir)).toBe(false);
  });

  it('lists 10 a page, newest first, with search and a date range in the caller zone', async () => {
    const fresh = await createTestApp();
    try {
      const acc = await seedWithSessions(fresh.database.db);
      const c = uploadClient(fresh, acc.customer.token);
      for (let i = 0; i < 12; i++) {
        const { res } = await c.upload(
          acc.customer.id,
          i === 3 ? 'Summer trip.png' : `shot ${i}.png`,
          'image/png',
          PNG.length,
          whole(PNG),
        );
        expect(res.statusCode).toBe(200);
      }
      const first = (await c.list({})).json();
      expect([first.count, first.files.length, first.page_size]).toEqual([12, 10, 10]);
      expect(first.files[0].file_name).toMatch(/^shot-11-/);
      expect((await c.list({ page: '2' })).json().files).toHaveLength(2);
      const found = (await c.list({ search: 'summer trip' })).json();
      expect(found.files.map((f: { file_name: string }) => f.file_name.slice(0, 12))).toEqual(['Summer-trip-']);
      // Today where the caller is (New York by default), not in UTC: they differ for hours each night.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: CLOCK_TIME_ZONE }).format(new Date());
      expect((await c.list({ start_date: today, end_date: today })).json().count).toBe(12);
      expect((await c.list({ end_date: '2020-01-01' })).json().count).toBe(0);
      const backwards = await c.list({ start_date: '2026-02-02', end_date: '2026-02-01' });
      expect([backwards.statusCode, backwards.json().field]).toEqual([400, 'end_date']);
      expect((await c.list({ start_date: 'yesterday' })).statusCode).toBe(400);
      expect((await uploadClient(fresh, acc.admin.token).list({})).json().field).toBe('customer_id');
    } finally {
      await fresh.close();
    }
  });
});
