import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiUsage } from '../../db/schema.js';
import { startFakeAi, type FakeAi } from '../../test/fake-ai.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { errorCodes, fireAtOnce, RACERS, statusesOf } from './fire.js';

const LIMIT = 5;
let fake: FakeAi;
let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  fake = await startFakeAi();
  t = await createTestApp({ AI_BASE_URL: fake.baseUrl, AI_MODEL: 'm', AI_DAILY_LIMIT: String(LIMIT) });
  a = await seedWithSessions(t.database.db);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('the AI daily limit under concurrent generations', () => {
  it(`lets exactly ${LIMIT} of ${RACERS} simultaneous calls through; the rest get 429`, async () => {
    const replies = await fireAtOnce(() =>
      t.app.inject({
        method: 'GET',
        url: '/api/ai/toolbox-response?title=Coffee&toolType=title',
        headers: bearer(a.customer.token),
      }),
    );
    const codes = statusesOf(replies);
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMIT);
    expect(errorCodes(replies)).toEqual({ AI_DAILY_LIMIT: RACERS - LIMIT });
    expect(fake.requests).toHaveLength(LIMIT);
    const rows = await t.database.db.select().from(aiUsage).where(eq(aiUsage.userId, a.customer.id));
    expect(rows.map((r) => r.generations)).toEqual([LIMIT]);
  });
});
