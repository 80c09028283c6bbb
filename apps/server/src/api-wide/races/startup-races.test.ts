import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bootstrapAdmin } from '../../features/seed/admin-bootstrap.js';
import { DEMO_ACCOUNTS, seedDemo } from '../../features/seed/demo-seed.js';
import { fireAtOnce } from './fire.js';

// Instances behind a load balancer start together on one database: each runs the start-up seeding.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const usersCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;

describe('start-up seeding from 20 instances at once', () => {
  it('the demo workspace is seeded once, and no instance fails to start', async () => {
    const seeded = await fireAtOnce(() => seedDemo(t.database.db));
    expect(seeded.filter(Boolean)).toHaveLength(1);
    expect(await usersCount()).toBe(DEMO_ACCOUNTS.length);
  });

  it('the configured admin is created once, and no instance fails to start', async () => {
    const admin = { email: 'boot.admin@example.com', password: 'a-long-password' };
    const created = await fireAtOnce(() => bootstrapAdmin(t.database.db, admin));
    expect(created.filter(Boolean)).toHaveLength(1);
    const admins = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.useremail}) = ${admin.email}`);
    expect(admins).toHaveLength(1);
  });
});
