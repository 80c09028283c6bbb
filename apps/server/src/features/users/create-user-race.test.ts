import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerQas, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';
import { gate, untilSomeoneWaitsOnALock } from '../../test/pg-locks.js';

// PGlite runs one statement at a time, so the two requests can only interleave on PostgreSQL.
describe.runIf(process.env.TEST_DB === 'pg')('creating a customer while their QA changes role (PostgreSQL)', () => {
  let t: TestApp;
  let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
  beforeAll(async () => {
    t = await createTestApp();
    accounts = await seedWithSessions(t.database.db);
  });
  afterAll(() => t.close());

  it('refuses the QA slot once the change that was under way has made the QA an editor', async () => {
    const qaId = accounts.qa.id;
    const slotsOf = () => t.database.db.select().from(customerQas).where(eq(customerQas.qaId, qaId));
    const before = await slotsOf();
    const release = gate();
    const started = gate();
    // The role change holds the QA's row until the test lets it commit.
    const change = t.database.db.transaction(async (tx) => {
      await tx.update(users).set({ clientType: 'editor' }).where(eq(users.id, qaId));
      started.open();
      await release.opened;
    });
    await started.opened;
    const create = t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: bearer(accounts.admin.token),
      payload: {
        firstname: 'Raced',
        lastname: 'Customer',
        email: `raced-${Date.now()}@example.com`,
        password: 'first-password',
        customer_type: 'customer',
        assign_qa: [qaId],
      },
    });
    try {
      await untilSomeoneWaitsOnALock(t.database.db);
    } finally {
      // Let the held transaction end either way, so a failure reads as itself and not as a hung test.
      release.open();
    }
    await change;
    const res = await create;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe('assign_qa');
    expect(await slotsOf()).toEqual(before);
  });
});
