import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

/** A multipart/form-data body with one file field. */
function multipart(field: string, fileName: string, type: string, content: Buffer) {
  const boundary = `----cutroom${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (token: string, body: ReturnType<typeof multipart>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });

describe('media', () => {
  it('stores an upload under an unguessable key and serves it back, with ranges', async () => {
    const audio = Buffer.from('ID3 fake mp3 payload for the test '.repeat(20));
    const res = await upload(a.customer.token, multipart('document', 'My voice note (1).mp3', 'audio/mpeg', audio));
    expect(res.statusCode).toBe(201);
    const { url, key, name } = res.json();
    expect(key).toMatch(new RegExp(`^media/${a.customer.id}/\\d+-[0-9a-f]{16}-My-voice-note-1\\.mp3$`));
    expect(url).toBe(`/files/${key}`);
    expect(name).toBe('My voice note (1).mp3');

    const whole = await t.app.inject({ method: 'GET', url, headers: bearer(a.editor.token) });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toContain('audio/mpeg');
    expect(whole.rawPayload.equals(audio)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url, headers: { ...bearer(a.editor.token), range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString()).toBe(audio.subarray(0, 10).toString());
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses files that are not media, and paths outside the media folder', async () => {
    const html = await upload(
      a.customer.token,
      multipart('document', 'page.html', 'text/html', Buffer.from('<script>x</script>')),
    );
    expect(html.statusCode).toBe(400);
    expect(html.json().field).toBe('document');
    const svg = await upload(
      a.customer.token,
      multipart('document', 'logo.svg', 'image/svg+xml', Buffer.from('<svg onload=x>')),
    );
    expect(svg.statusCode).toBe(400);
    const srt = await upload(
      a.qa.token,
      multipart(
        'document',
        'captions.srt',
        'application/octet-stream',
        Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nHi\n'),
      ),
    );
    expect(srt.statusCode).toBe(201);
    const wrongField = await upload(a.customer.token, multipart('file', 'a.mp3', 'audio/mpeg', Buffer.from('x')));
    expect(wrongField.statusCode).toBe(400);
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
