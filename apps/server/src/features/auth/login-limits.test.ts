import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiblingApp, createTestApp, type TestApp } from '../../test/test-app.js';
import { seedWithSessions } from '../../test/helpers.js';
import { FREE_FAILURES, MAX_DELAY_MS, loginDelayMs } from '../../platform/attempt-limiter.js';
import { DEMO_PASSWORD } from '../seed/demo-seed.js';

let t: TestApp;
let proxied: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  accounts = await seedWithSessions(t.database.db);
  proxied = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const login = (app: TestApp, useremail: string, password: string, remoteAddress: string, forwardedFor?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { useremail, password },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('login limits', () => {
  it("stops guesses at the guessing address only; the owner still logs in from theirs, after the account's delay", async () => {
    const email = accounts.lead.email;
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await login(t, email, `guess-${i}`, '198.51.100.7')).statusCode);
    expect(codes).toEqual(Array<number>(10).fill(401));
    expect((await login(t, email, 'guess-10', '198.51.100.7')).statusCode).toBe(429);
    expect((await login(t, email, DEMO_PASSWORD, '198.51.100.7')).statusCode).toBe(429);

    const started = Date.now();
    const owner = await login(t, email, DEMO_PASSWORD, '203.0.113.20');
    expect(owner.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(loginDelayMs(10) - 50);
    // The owner's success clears the account's delay.
    const again = Date.now();
    expect((await login(t, email, DEMO_PASSWORD, '203.0.113.20')).statusCode).toBe(200);
    expect(Date.now() - again).toBeLessThan(loginDelayMs(10));
  });

  it('ignores X-Forwarded-For from anyone but a configured proxy', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 35; i++) {
      codes.push((await login(t, `spray${i}@example.com`, 'x', '198.51.100.9', `192.0.2.${i + 1}`)).statusCode);
    }
    expect(codes.slice(0, 30)).toEqual(Array<number>(30).fill(401));
    expect(codes.slice(30)).toEqual(Array<number>(5).fill(429));
  });

  it("counts an address's failed logins only: an office signing in all at once is never refused", async () => {
    const address = '198.51.100.11';
    const signIns: number[] = [];
    for (let i = 0; i < 35; i++) signIns.push((await login(t, accounts.qa.email, DEMO_PASSWORD, address)).statusCode);
    expect(signIns).toEqual(Array<number>(35).fill(200));
    const failures: number[] = [];
    for (let i = 0; i < 31; i++) failures.push((await login(t, `office${i}@example.com`, 'x', address)).statusCode);
    expect(failures.slice(0, 30)).toEqual(Array<number>(30).fill(401));
    expect(failures[30]).toBe(429);
    expect((await login(t, accounts.qa.email, DEMO_PASSWORD, address)).statusCode).toBe(429);
  });

  it('believes X-Forwarded-For from a configured proxy, and only from it', async () => {
    const viaProxy: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < 35; i++) {
      viaProxy.push((await login(proxied, `p${i}@example.com`, 'x', '10.1.2.3', `192.0.2.${i + 1}`)).statusCode);
      direct.push((await login(proxied, `d${i}@example.com`, 'x', '198.51.100.10', `192.0.2.${i + 1}`)).statusCode);
    }
    // Each forwarded client is its own address behind the proxy; a direct caller can't pick one.
    expect(viaProxy).toEqual(Array<number>(35).fill(401));
    expect(direct.slice(30)).toEqual(Array<number>(5).fill(429));
  });
});

describe('login limits across instances', () => {
  it.runIf(process.env.TEST_DB === 'pg')('are one count for every instance sharing Redis', async () => {
    const redis = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const [one, two] = [await createSiblingApp(t, redis), await createSiblingApp(t, redis)];
    try {
      // Fresh names: Redis outlives test runs, and its counts last their whole window.
      const email = `shared-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const address = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const codes: number[] = [];
      for (let i = 0; i < 10; i++)
        codes.push((await login(i % 2 ? one : two, email, `guess-${i}`, address)).statusCode);
      expect(codes).toEqual(Array<number>(10).fill(401));
      expect((await login(one, email, 'guess-10', address)).statusCode).toBe(429);
      expect((await login(two, email, 'guess-11', address)).statusCode).toBe(429);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('loginDelayMs', () => {
  it('is free for the first failures, then doubles up to its ceiling', () => {
    expect(loginDelayMs(0)).toBe(0);
    expect(loginDelayMs(FREE_FAILURES)).toBe(0);
    const grows = [1, 2, 3, 4].map((n) => loginDelayMs(FREE_FAILURES + n));
    expect(grows).toEqual([200, 400, 800, 1600]);
    expect(loginDelayMs(1_000)).toBe(MAX_DELAY_MS);
  });
});
