import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardQaAccess, cards, customerQas, users } from '../../db/schema.js';
import { lockUser } from '../../db/locks.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertCard } from '../../test/helpers.js';
import { gate, untilSomeoneWaitsOnALock } from '../../test/pg-locks.js';

// PGlite runs one statement at a time, so the two rebuilds can only interleave on PostgreSQL.
describe.runIf(process.env.TEST_DB === 'pg')(
  'QA access rows when a QA-slot change meets an unarchive (PostgreSQL)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('end with the QA the customer has after both, not the one before', async () => {
      const db = t.database.db;
      const person = (role: 'qa' | 'customer', name: string) => ({
        clientType: role,
        firstname: name,
        lastname: 'Race',
        useremail: `${name}-race-${Date.now()}@example.com`,
        passwordHash: 'x',
      });
      const [oldQa, newQa, customer] = await db
        .insert(users)
        .values([person('qa', 'old'), person('qa', 'new'), person('customer', 'customer')])
        .returning();
      await db.insert(customerQas).values({ customerId: customer!.id, qaId: oldQa!.id, slot: 0 });
      const card = await insertCard(db, { clientId: customer!.id, cardStatus: 'done', archivedAt: new Date() });

      const release = gate();
      const started = gate();
      // The slot change as updateUser makes it: the customer locked, the slots rewritten, not yet committed.
      const change = db.transaction(async (tx) => {
        await lockUser(tx, customer!.id);
        await tx.delete(customerQas).where(eq(customerQas.customerId, customer!.id));
        await tx.insert(customerQas).values({ customerId: customer!.id, qaId: newQa!.id, slot: 0 });
        started.open();
        await release.opened;
      });
      await started.opened;
      // Unarchiving rebuilds the card's rows: it must wait for the slots, not use the ones being replaced.
      const unarchive = db.update(cards).set({ archivedAt: null }).where(eq(cards.id, card.id)).execute();
      try {
        await untilSomeoneWaitsOnALock(db);
      } finally {
        // Let the held transaction end either way, so a failure reads as itself and not as a hung test.
        release.open();
      }
      await change;
      await unarchive;
      const rows = await db.select().from(cardQaAccess).where(eq(cardQaAccess.cardId, card.id));
      expect(rows.map((r) => r.qaId)).toEqual([newQa!.id]);
    });
  },
);
