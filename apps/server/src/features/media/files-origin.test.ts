import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';
import { SRT, WEBM, uploadBody } from '../../test/sample-files.js';
import { fileLinks } from '../../platform/file-links.js';

/** FILES_ORIGIN: user files come from another host, through signed links, so they share nothing with the app. */
const SIGNING_KEY = 'files-signing-key-for-tests-0123456789';
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ FILES_ORIGIN: 'http://files.cutroom.test', FILES_SIGNING_KEY: SIGNING_KEY });
  token = (await seedWithSessions(t.database.db)).customer.token;
});
afterAll(() => t.close());

async function stored(body: ReturnType<typeof uploadBody>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ url: string; key: string }>();
}
const onFilesHost = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'files.cutroom.test' } });

describe('FILES_ORIGIN', () => {
  it('redirects a signed-in reader to a signed link on the files origin, which serves the file inert', async () => {
    const { url, key } = await stored(uploadBody('subs.srt', 'text/plain', SRT, 'subtitles'));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const redirect = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(redirect.statusCode).toBe(302);
    const link = new URL(redirect.headers.location as string);
    expect(link.origin).toBe('http://files.cutroom.test');
    expect(link.pathname).toBe(`/files/${key}`);

    const served = await onFilesHost(link.pathname + link.search);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(SRT)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'application/x-subrip; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });

  it('refuses unsigned, tampered, expired and other-key links, and serves nothing but files there', async () => {
    const { url, key } = await stored(uploadBody('clip.webm', 'video/webm', WEBM, 'video'));
    const link = new URL(
      (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).headers.location as string,
    );
    const sig = link.searchParams.get('sig')!;
    const expires = link.searchParams.get('expires')!;
    const other = await stored(uploadBody('other.webm', 'video/webm', WEBM, 'video'));
    const expired = new URL(fileLinks(SIGNING_KEY).link('http://files.cutroom.test', key, Date.now() - 3_600_000));
    for (const attempt of [
      `/files/${key}`,
      `/files/${key}?expires=${expires}&sig=${sig.slice(0, -2)}xx`,
      `/files/${key}?expires=${Number(expires) + 300}&sig=${sig}`,
      `/files/${other.key}?expires=${expires}&sig=${sig}`,
      expired.pathname + expired.search,
    ]) {
      expect((await onFilesHost(attempt)).statusCode, attempt).toBe(404);
    }
    // A session cookie or token means nothing on the files origin: no API, no pages.
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { ...bearer(token), host: 'files.cutroom.test' },
    });
    expect(api.statusCode).toBe(404);
    expect((await onFilesHost('/')).statusCode).toBe(404);
  });

  it("lets the app's pages load images and media from the files origin", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*http:\/\/files\.cutroom\.test/);
    expect(csp).toMatch(/media-src [^;]*http:\/\/files\.cutroom\.test/);
  });
});
