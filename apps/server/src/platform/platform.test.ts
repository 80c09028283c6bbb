import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { hashPassword } from './passwords.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('hashes with argon2id at or above the OWASP minimum', async () => {
    const hash = await hashPassword('some password');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
    const [, m, tCost] = /m=(\d+),t=(\d+)/.exec(hash)!;
    expect(Number(m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(tCost)).toBeGreaterThanOrEqual(2);
  });

  it('sends security headers, a request id, and the error shape for unknown API paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error_message: 'Not found', code: 'NOT_FOUND' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"useremail":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error_message');
  });

  it('serves the OpenAPI document and its browsable docs', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.json().paths).toHaveProperty('/api/login');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    // Over plain http at the machine's address the assets must stay http: no upgrade-insecure-requests.
    for (const url of ['/api/docs/', '/api/docs/static/index.html', '/api/docs/static/swagger-initializer.js']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: '192.168.1.20:3000' } });
      expect(res.statusCode, url).toBeLessThan(400);
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['content-security-policy'], url).not.toContain('upgrade-insecure-requests');
    }
  });

  it('limits login calls per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { useremail: `p${i}@example.com`, password: 'x' },
        remoteAddress: '10.9.9.9',
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 401)).toHaveLength(30);
    expect(codes.at(-1)).toBe(429);
  });
});
