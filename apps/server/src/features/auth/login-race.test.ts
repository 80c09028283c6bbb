import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import { hashPassword } from '../../platform/passwords.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { seedWithSessions } from '../../test/helpers.js';
import { gate, untilSomeoneWaitsOnALock } from '../../test/pg-locks.js';
import { DEMO_PASSWORD } from '../seed/demo-seed.js';

// PGlite runs one statement at a time, so the two requests can only interleave on PostgreSQL.
describe.runIf(process.env.TEST_DB === 'pg')('a login racing a password change (PostgreSQL)', () => {
  let t: TestApp;
  let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
  beforeAll(async () => {
    t = await createTestApp();
    accounts = await seedWithSessions(t.database.db);
  });
  afterAll(() => t.close());

  it('refuses the old password once the change that was under way has signed everyone out', async () => {
    const { id, email } = accounts.editor;
    const newHash = await hashPassword('a whole new password');
    const release = gate();
    const started = gate();
    // The change as the service makes it: the user's row locked and rewritten, then every session signed out.
    const change = t.database.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: newHash }).where(eq(users.id, id));
      started.open();
      await release.opened;
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, id));
    });
    await started.opened;
    // The login reads the committed (old) hash, which the old password matches, and then waits for the row.
    const login = t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { useremail: email, password: DEMO_PASSWORD },
    });
    try {
      await untilSomeoneWaitsOnALock(t.database.db);
    } finally {
      // Let the held transaction end either way, so a failure reads as itself and not as a hung test.
      release.open();
    }
    await change;
    const res = await login;
    expect(res.statusCode).toBe(401);
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
  });
});
