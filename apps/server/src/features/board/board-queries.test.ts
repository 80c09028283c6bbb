import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';

/** Every statement the app sends while one call runs. */
let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let heard: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, (sql) => heard.push(sql));
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

async function statementsOf(token: string, url: string, payload?: object) {
  heard = [];
  const res = await t.app.inject({ method: payload ? 'POST' : 'GET', url, headers: bearer(token), payload });
  expect(res.statusCode).toBe(200);
  return heard;
}
/** The allowance reads the customer's QA slots; nothing else on the board does. */
const allowanceReads = (statements: string[]) => statements.filter((s) => s.includes('"customer_qas"'));

describe('board calls: what each one asks the database', () => {
  it('a customer’s column page runs no allowance query', async () => {
    const page = await statementsOf(a.customer.token, '/api/getCards', { section: 'editing', offset: 10, limit: 10 });
    expect(page.length).toBeGreaterThan(0);
    expect(allowanceReads(page)).toEqual([]);
  });

  it('the counts call counts, and the allowance has its own call', async () => {
    expect(allowanceReads(await statementsOf(a.customer.token, '/api/getCardCounts', {}))).toEqual([]);
    const allowance = await statementsOf(a.customer.token, '/api/requestAllowance');
    expect(allowanceReads(allowance)).toHaveLength(1);
  });
});
