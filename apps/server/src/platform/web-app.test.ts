import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@cutroom/domain';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  // As large as the built page (its head names the first load's files), so it is worth compressing.
  const firstLoad = Array.from({ length: 20 }, (_, i) => `<link rel="modulepreload" href="/assets/part-${i}.js">`);
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>Cutroom</title>${firstLoad.join('')}</head><body></body></html>`,
  );
  fs.writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({
      home: { js: ['/assets/home-1.js', '/assets/"><script>alert(1)</script>.js'], css: ['/assets/home-1.css'] },
      card: { js: ['/assets/card-1.js'], css: [] },
    }),
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  // The build's server render (first screens, issue 36) sits in the same folder but is not a file to download.
  fs.mkdirSync(path.join(dist, 'server'));
  fs.writeFileSync(path.join(dist, 'server', 'render.js'), 'export const renderFirstScreen = async () => null;');
  // As the build leaves them (apps/web/precompress.ts): each file with its brotli and gzip copies.
  for (const file of ['index.html', 'assets/app-1234.js']) {
    const content = fs.readFileSync(path.join(dist, file));
    fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(content));
    fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(content));
  }
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, accept = 'text/html', encoding?: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { accept, ...(encoding ? { 'accept-encoding': encoding } : {}), ...(cookie ? { cookie } : {}) },
  });

/** The body as the browser reads it, whatever the encoding. */
function decoded(res: Awaited<ReturnType<typeof get>>): string {
  const raw = res.rawPayload;
  if (res.headers['content-encoding'] === 'br') return zlib.brotliDecompressSync(raw).toString();
  if (res.headers['content-encoding'] === 'gzip') return zlib.gunzipSync(raw).toString();
  return raw.toString();
}

describe('serving the web app', () => {
  it('answers / and any client route with index.html, never cached', async () => {
    for (const url of ['/', '/login', '/card-details/12', '/ythelper/dashboard']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(decoded(res)).toContain('<title>Cutroom</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves fingerprinted assets as immutable, also when added after start', async () => {
    const res = await get('/assets/app-1234.js', '*/*');
    expect(res.headers['cache-control']).toContain('immutable');
    fs.writeFileSync(path.join(dist, 'assets', 'rebuilt-5678.js'), 'console.log(2)');
    expect((await get('/assets/rebuilt-5678.js', '*/*')).statusCode).toBe(200);
  });

  it('sends the pre-compressed copy the browser accepts, brotli first, and says the reply varies by it', async () => {
    const cases = [
      { encoding: 'gzip, deflate, br', expected: 'br' },
      { encoding: 'gzip', expected: 'gzip' },
      { encoding: 'identity', expected: undefined },
      { encoding: undefined, expected: undefined },
    ];
    for (const { encoding, expected } of cases) {
      const asset = await get('/assets/app-1234.js', '*/*', encoding);
      expect(asset.statusCode, encoding).toBe(200);
      expect(asset.headers['content-encoding'], encoding).toBe(expected);
      expect(asset.headers['content-type'], encoding).toMatch(/javascript/);
      expect(asset.headers.vary, encoding).toMatch(/accept-encoding/i);
      expect(asset.headers['cache-control'], encoding).toContain('immutable');
      expect(decoded(asset), encoding).toBe('console.log(1)');

      // index.html itself, and as the client router's fallback for any page.
      for (const url of ['/', '/login', '/card-details/12']) {
        const page = await get(url, 'text/html', encoding);
        expect(page.headers['content-encoding'], `${url} ${encoding}`).toBe(expected);
        expect(page.headers['content-type'], `${url} ${encoding}`).toMatch(/text\/html/);
        expect(page.headers.vary, `${url} ${encoding}`).toMatch(/accept-encoding/i);
        expect(page.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache');
        expect(decoded(page), `${url} ${encoding}`).toContain('<title>Cutroom</title>');
      }
    }
  });

  it("names the board's and a card's own files in the page for a signed-in visit, and nothing else", async () => {
    const signedIn = `${SIGNED_IN_HINT_COOKIE}=1`;
    const links = async (url: string, cookie?: string) => {
      const page = await get(url, 'text/html', undefined, cookie);
      expect(page.headers.vary, url).toMatch(/cookie/i);
      return [...decoded(page).matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)">/g)]
        .map((m) => `${m[1]} ${m[2]}`)
        .filter((l) => !l.includes('/assets/part-'));
    };
    expect(await links('/', signedIn)).toEqual(['preload /assets/home-1.css', 'modulepreload /assets/home-1.js']);
    expect(await links('/?section=editing', signedIn)).toEqual([
      'preload /assets/home-1.css',
      'modulepreload /assets/home-1.js',
    ]);
    expect(await links('/card-details/12', signedIn)).toEqual(['modulepreload /assets/card-1.js']);
    // Signed out the app goes to /login; other pages load their files themselves.
    for (const [url, cookie] of [
      ['/', undefined],
      ['/card-details/12', undefined],
      ['/login', signedIn],
      ['/card-details/12/x', signedIn],
    ] as const)
      expect(await links(url, cookie), url).toEqual([]);
    // A file name that is not an asset's never reaches the page.
    expect(decoded(await get('/', 'text/html', undefined, signedIn))).not.toContain('<script>');
  });

  it('leaves the page out of the API document', async () => {
    const doc = (await get('/api/openapi.json', 'application/json')).json<{ paths: Record<string, object> }>();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    expect(doc.paths['/api/getCards']).toBeDefined();
    expect(doc.paths['/']).toBeUndefined();
  });

  it("does not hand out the server's own render of first screens", async () => {
    for (const url of ['/server/render.js', '/server/', '/server/../server/render.js']) {
      const res = await get(url, '*/*');
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('renderFirstScreen');
    }
  });

  it('keeps unknown API paths and missing files as JSON 404s', async () => {
    expect((await get('/api/unknown', 'application/json')).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get('/assets/missing.js', '*/*')).statusCode).toBe(404);
  });
});
