import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Cutroom</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, accept = 'text/html') => t.app.inject({ method: 'GET', url, headers: { accept } });

describe('serving the web app', () => {
  it('answers / and any client route with index.html, never cached', async () => {
    for (const url of ['/', '/login', '/card-details/12', '/ythelper/dashboard']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Cutroom</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves fingerprinted assets as immutable, also when added after start', async () => {
    const res = await get('/assets/app-1234.js', '*/*');
    expect(res.headers['cache-control']).toContain('immutable');
    fs.writeFileSync(path.join(dist, 'assets', 'rebuilt-5678.js'), 'console.log(2)');
    expect((await get('/assets/rebuilt-5678.js', '*/*')).statusCode).toBe(200);
  });

  it('keeps unknown API paths and missing files as JSON 404s', async () => {
    expect((await get('/api/unknown', 'application/json')).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get('/assets/missing.js', '*/*')).statusCode).toBe(404);
  });
});
