import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import { registerErrorHandling } from '../platform/errors.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { TRANSACTION_ATTEMPTS } from './client.js';

const conflict = (code: string) => Object.assign(new Error(`simulated ${code}`), { code });

describe.runIf(process.env.TEST_DB === 'pg')('transactions on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.execute(sql`create table retry_probe (id int primary key, n int not null default 0)`);
    await t.database.db.execute(sql`insert into retry_probe (id) values (1), (2)`);
  });
  afterAll(() => t.close());

  it('run again when PostgreSQL breaks a deadlock by aborting one of them, and both changes land', async () => {
    let runs = 0;
    let holding = 0;
    let bothHoldOne!: () => void;
    const crossed = new Promise<void>((resolve) => (bothHoldOne = resolve));
    // Each locks one row, waits until the other holds its own, then asks for the other's: a deadlock.
    const crossing = (first: number, second: number) =>
      t.database.db.transaction(async (tx) => {
        runs++;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${first}`);
        if (++holding === 2) bothHoldOne();
        await crossed;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${second}`);
      });
    await Promise.all([crossing(1, 2), crossing(2, 1)]);
    expect(runs).toBe(3);
    const rows = await t.database.db.execute(sql`select id, n from retry_probe order by id`);
    expect((rows as { rows: unknown[] }).rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });

  it('give the conflict to the caller after their last attempt, and do not retry other failures', async () => {
    let runs = 0;
    const always = t.database.db.transaction(async () => {
      runs++;
      throw conflict('40001');
    });
    await expect(always).rejects.toThrow('simulated 40001');
    expect(runs).toBe(TRANSACTION_ATTEMPTS);

    runs = 0;
    const unique = t.database.db.transaction(async () => {
      runs++;
      throw conflict('23505');
    });
    await expect(unique).rejects.toThrow('simulated 23505');
    expect(runs).toBe(1);
  });
});

describe('a conflict that outlasted its retries', () => {
  it('answers 409 with a message that says to try again, not a 500', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/deadlock', async () => {
      throw Object.assign(new Error('Failed query'), { cause: conflict('40P01') });
    });
    app.get('/serialization', async () => {
      throw conflict('40001');
    });
    for (const url of ['/deadlock', '/serialization']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'CONCURRENT_CHANGE', error_message: MSG.concurrentChange });
    }
    await app.close();
  });
});
