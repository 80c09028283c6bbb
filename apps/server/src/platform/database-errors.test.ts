import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@cutroom/domain';
import { sessions } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { registerErrorHandling } from './errors.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a write that refers to a row deleted meanwhile', () => {
  it("answers 404, as the thing is gone, not the database's 500", async () => {
    const app = Fastify();
    registerErrorHandling(app);
    // The real driver's foreign-key violation (23503), as a webhook deleted mid-replay gives it.
    app.get('/gone', async () => {
      await t.database.db.insert(sessions).values({
        tokenHash: 'x'.repeat(64),
        userId: 2_000_000_000,
        remember: false,
        expiresAt: new Date(Date.now() + 60_000),
      });
      return { ok: true };
    });
    const res = await app.inject({ method: 'GET', url: '/gone' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', error_message: ERRORS.NOT_FOUND.message });
    await app.close();
  });
});
