import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MEDIA_MAX_BYTES, MSG, UPLOAD_PURPOSES } from '@cutroom/domain';
import { mediaFiles } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, filesOf, seedWithSessions } from '../../test/helpers.js';
import { GIF, MP3, MP4, PNG, SRT, VTT, WEBM, multipartBody, uploadBody } from '../../test/sample-files.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const upload = (token: string, body: ReturnType<typeof multipartBody>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });

describe('uploads', () => {
  it('stores an upload under an unguessable key and serves it back, with ranges', async () => {
    const res = await upload(a.customer.token, uploadBody('My voice note (1).mp3', 'audio/mpeg', MP3, 'voice_note'));
    expect(res.statusCode).toBe(201);
    const { url, key, name, bytes, content_type } = res.json();
    expect(key).toMatch(new RegExp(`^media/${a.customer.id}/\\d+-[0-9a-f]{16}-My-voice-note-1\\.mp3$`));
    expect({ url, name, bytes, content_type }).toEqual({
      url: `/files/${key}`,
      name: 'My voice note (1).mp3',
      bytes: MP3.length,
      content_type: 'audio/mpeg',
    });

    const whole = await t.app.inject({ method: 'GET', url, headers: bearer(a.editor.token) });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'audio/mpeg',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(whole.rawPayload.equals(MP3)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url, headers: { ...bearer(a.editor.token), range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(MP3.subarray(0, 10))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('judges the type by the bytes: the extension and the served type come from what the file is', async () => {
    // An image named and declared as a page is stored and served as the image it is.
    const res = await upload(a.customer.token, uploadBody('cover.html', 'text/html', PNG, 'thumbnail'));
    expect(res.statusCode).toBe(201);
    expect(res.json().key).toMatch(/-cover\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.json().url, headers: bearer(a.admin.token) });
    expect(served.headers['content-type']).toBe('image/png');

    // Without a purpose, any of the kinds is accepted; a WebM becomes a video, within voice notes audio.
    const video = await upload(a.admin.token, uploadBody('clip.bin', 'application/octet-stream', WEBM));
    expect(video.json()).toMatchObject({ content_type: 'video/webm' });
    const note = await upload(a.customer.token, uploadBody('note.webm', 'video/webm', WEBM, 'voice_note'));
    expect(note.json()).toMatchObject({ content_type: 'audio/webm' });
    expect(note.json().key).toMatch(/\.weba$/);
  });

  it("holds each purpose to its own kinds, with the purpose's message", async () => {
    const cases = [
      { purpose: 'voice_note', ok: MP3, wrong: PNG },
      { purpose: 'subtitles', ok: SRT, wrong: MP3 },
      { purpose: 'avatar', ok: GIF, wrong: MP4 },
      { purpose: 'thumbnail', ok: PNG, wrong: SRT },
      { purpose: 'video', ok: MP4, wrong: MP3 },
    ] as const;
    for (const c of cases) {
      expect((await upload(a.qa.token, uploadBody('f.bin', 'video/mp4', c.ok, c.purpose))).statusCode, c.purpose).toBe(
        201,
      );
      const refused = await upload(a.qa.token, uploadBody('f.bin', 'video/mp4', c.wrong, c.purpose));
      expect(refused.statusCode, c.purpose).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'FILE_REFUSED',
        field: 'document',
        error_message: UPLOAD_PURPOSES[c.purpose].refusal,
      });
    }
    expect((await upload(a.qa.token, uploadBody('c.vtt', 'text/vtt', VTT, 'subtitles'))).json().content_type).toBe(
      'text/vtt; charset=utf-8',
    );
    const unknown = await upload(a.qa.token, uploadBody('f.mp3', 'audio/mpeg', MP3, 'anything'));
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION', field: 'purpose' });
  });

  it('serves subtitles and keys stored before type checks as downloads under the sandbox', async () => {
    const srt = await upload(a.qa.token, uploadBody('captions.srt', 'application/x-subrip', SRT, 'subtitles'));
    const served = await t.app.inject({ method: 'GET', url: srt.json().url, headers: bearer(a.admin.token) });
    expect(served.headers['content-type']).toBe('application/x-subrip; charset=utf-8');
    expect(served.headers['content-disposition']).toBe('attachment; filename="captions.srt"');

    // A page stored by the old code under its own extension is not a page any more.
    const legacyKey = `media/${a.customer.id}/1700000000000-0123456789abcdef-page.html`;
    fs.mkdirSync(path.join(t.dataDir, 'files', path.dirname(legacyKey)), { recursive: true });
    fs.writeFileSync(path.join(t.dataDir, 'files', legacyKey), '<script src="/files/x.js"></script>');
    const legacy = await t.app.inject({ method: 'GET', url: `/files/${legacyKey}`, headers: bearer(a.admin.token) });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="page.html"',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
    });
  });

  it('refuses a file over the size limit and leaves nothing behind', async () => {
    const before = filesOf(t.dataDir, a.editor.id);
    const big = Buffer.concat([MP4, Buffer.alloc(MEDIA_MAX_BYTES + 1024 - MP4.length, 1)]);
    const res = await upload(a.editor.token, uploadBody('huge.mp4', 'video/mp4', big, 'video'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', error_message: 'The file is larger than 50 MB' });
    expect(filesOf(t.dataDir, a.editor.id)).toEqual(before);
    expect(await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.ownerId, a.editor.id))).toEqual([]);
  });

  it("refuses a body that ends mid-file as the sender's fault, and leaves nothing behind", async () => {
    const before = filesOf(t.dataDir, a.editor.id);
    const body = uploadBody('clip.mp4', 'video/mp4', Buffer.concat([MP4, Buffer.alloc(200_000, 3)]), 'video');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...bearer(a.editor.token), ...body.headers },
      payload: body.payload.subarray(0, body.payload.length - 100),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FILE_REFUSED', error_message: MSG.uploadInterrupted });
    expect(filesOf(t.dataDir, a.editor.id)).toEqual(before);
    for (const cutAt of [10, 60, 150]) {
      const early = await t.app.inject({
        method: 'POST',
        url: '/api/media',
        headers: { ...bearer(a.editor.token), ...body.headers },
        payload: body.payload.subarray(0, cutAt),
      });
      expect({ cutAt, status: early.statusCode }).toEqual({ cutAt, status: 400 });
    }
  });

  it('refuses empty files, other fields and bodies that are not multipart', async () => {
    const empty = await upload(a.customer.token, uploadBody('a.mp3', 'audio/mpeg', Buffer.alloc(0)));
    expect(empty.json()).toMatchObject({ code: 'FILE_REFUSED', error_message: MSG.fileEmpty });
    const wrongField = await upload(
      a.customer.token,
      multipartBody([{ field: 'file', fileName: 'a.mp3', type: 'audio/mpeg', content: MP3 }]),
    );
    expect(wrongField.json()).toMatchObject({ code: 'VALIDATION', error_message: MSG.fileMissing });
    for (const url of ['/files/../../etc/passwd', '/files/media/1/..%2F..%2Fsecret', '/files/config.json']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(a.admin.token) })).statusCode).toBe(404);
    }
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: bearer(a.admin.token),
      payload: { a: 1 },
    });
    expect(notMultipart.statusCode).toBe(400);
  });
});

describe('storage quota', () => {
  let q: TestApp;
  let users: Awaited<ReturnType<typeof seedWithSessions>>;
  beforeAll(async () => {
    q = await createTestApp({ STORAGE_QUOTA_MB: '1' });
    users = await seedWithSessions(q.database.db);
  });
  afterAll(() => q.close());
  const send = (token: string, content: Buffer) => {
    const body = uploadBody('clip.mp4', 'video/mp4', content, 'video');
    return q.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const clip = (kb: number) => Buffer.concat([MP4, Buffer.alloc(kb * 1024 - MP4.length, 7)]);

  it('refuses what would pass the quota, leaves nothing behind, and counts each user apart', async () => {
    expect((await send(users.editor.token, clip(600))).statusCode).toBe(201);
    const over = await send(users.editor.token, clip(600));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'STORAGE_QUOTA' });
    expect(over.json().error_message).toContain('424 KB of 1 MB left');
    expect(filesOf(q.dataDir, users.editor.id)).toHaveLength(1);
    expect((await send(users.qa.token, clip(600))).statusCode).toBe(201);
  });

  it('holds under parallel uploads: stored files and recorded bytes stay within the quota', async () => {
    const replies = await Promise.all(Array.from({ length: 6 }, () => send(users.lead.token, clip(300))));
    const stored = replies.filter((r) => r.statusCode === 201);
    expect(stored).toHaveLength(3);
    expect(replies.filter((r) => r.statusCode === 413)).toHaveLength(3);
    const rows = await q.database.db.select().from(mediaFiles).where(eq(mediaFiles.ownerId, users.lead.id));
    expect(rows.map((r) => r.key).sort()).toEqual(stored.map((r) => r.json().key as string).sort());
    expect(filesOf(q.dataDir, users.lead.id)).toHaveLength(3);
  });
});
