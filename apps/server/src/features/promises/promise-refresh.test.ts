import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { cards } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertCard, seedWithSessions } from '../../test/helpers.js';
import { refreshPromisesAfterChange } from './promises.service.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let passes = 0;
beforeAll(async () => {
  // Each recomputation takes the promise lock once: counting those statements counts passes.
  t = await createTestApp({}, (statement) => {
    if (statement.includes('pg_advisory_xact_lock') && statement.includes('promise_dates')) passes++;
  });
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

describe('recomputing promises after changes', () => {
  it('shares one pass among changes at once (and one more for those that came in during it), each caller seeing its change', async () => {
    const waiting: number[] = [];
    for (let i = 0; i < 4; i++) {
      waiting.push(
        (
          await insertCard(t.database.db, {
            clientId: a.customer.id,
            assignedQaId: a.qa.id,
            cardStatus: 'video_request',
          })
        ).id,
      );
    }
    passes = 0;
    await Promise.all(Array.from({ length: 6 }, () => refreshPromisesAfterChange(t.database.db)));
    expect(passes).toBeGreaterThanOrEqual(1);
    expect(passes).toBeLessThanOrEqual(2);
    const unplanned = await t.database.db
      .select({ id: cards.id })
      .from(cards)
      .where(and(eq(cards.cardStatus, 'video_request'), isNull(cards.expectedAt), isNull(cards.archivedAt)));
    expect(unplanned.filter((c) => waiting.includes(c.id))).toEqual([]);

    // Once done, the next change gets a pass of its own.
    passes = 0;
    await refreshPromisesAfterChange(t.database.db);
    expect(passes).toBe(1);
  });
});
