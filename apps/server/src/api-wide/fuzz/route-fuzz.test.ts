import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';
import { createSession } from '../../platform/auth.js';
import { badRequests, type Operation } from './bad-requests.js';
import { changedTables, nextTransactionId, tableFingerprinter } from './db-fingerprint.js';

/**
 * Every route of the OpenAPI document gets calls with one thing wrong (derived from its own schemas)
 * as admin and as a customer; no reply may be a 5xx, and a 4xx must leave every table as it was.
 */
const onPostgres = process.env.TEST_DB === 'pg';
// Sized for CI's time (halved from 40/20 in issue 31); raise FUZZ_RUNS when hunting (docs/testing.md).
const RUNS = Number(process.env.FUZZ_RUNS ?? (onPostgres ? 10 : 20));
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_610);

const SKIP: Record<string, string> = {
  'GET /api/events': 'an endless SSE stream: inject() would never resolve',
  'POST /api/media': 'multipart uploads: media/upload-fuzz.test.ts and the hostile-upload table cover them',
};

const t = await createTestApp();
const db = t.database.db;
const accounts = await seedWithSessions(db);
const fingerprint = await tableFingerprinter(db, {
  'sessions.last_seen_at': 'resolving a session older than a minute touches it (platform/auth.ts), whatever the call',
});
const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
}>();
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
);
const tokens = { admin: accounts.admin.token, customer: accounts.customer.token };
/** The fingerprint while no call has changed anything since; a refused call keeps it and its session valid. */
let unchanged: Map<string, string> | undefined;
let calls = 0;
const statuses: Record<string, number> = {};
afterAll(async () => {
  console.log(`route fuzz: seed ${SEED}, ${RUNS} runs per route, replies by status ${JSON.stringify(statuses)}`);
  await t.close();
});

function jsonOrText(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body.slice(0, 300);
  }
}

console.log(`route fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);

describe('route fuzzing', () => {
  it('finds the routes, and every skipped route still exists', () => {
    const names = operations.map((op) => `${op.method} ${op.path}`);
    expect(names.length).toBeGreaterThan(40);
    expect(Object.keys(SKIP).filter((name) => !names.includes(name))).toEqual([]);
  });

  it('sees a change to a table in the fingerprint', async () => {
    const before = await fingerprint();
    await createSession(db, accounts.qa.id, false, 'fuzz');
    unchanged = undefined;
    expect(changedTables(before, await fingerprint())).toEqual(['sessions']);
  });

  it('sees any write in the next transaction id, and no read moves it', async () => {
    const before = await nextTransactionId(db);
    await fingerprint();
    await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accounts.customer.token) });
    // On a shared PostgreSQL server the other test files' writes move the id too: only PGlite is alone.
    if (!onPostgres) expect(await nextTransactionId(db)).toBe(before);
    await createSession(db, accounts.qa.id, false, 'fuzz');
    unchanged = undefined;
    expect(await nextTransactionId(db)).not.toBe(before);
  });

  for (const op of operations.filter((o) => !(`${o.method} ${o.path}` in SKIP))) {
    it(`${op.method} ${op.path}`, { timeout: 120_000 }, async () => {
      const caller = fc.constantFrom('admin', 'customer' as const);
      await fc.assert(
        fc.asyncProperty(caller, badRequests(op), async (who, req) => {
          const before = (unchanged ??= await fingerprint());
          const written = await nextTransactionId(db);
          const res = await t.app.inject({
            method: req.method as 'GET',
            url: req.url,
            headers: { ...req.headers, ...bearer(tokens[who]) },
            // A new address per call, so the per-address limits on login, signup and reset don't end the run in 429s.
            remoteAddress: `10.0.${(++calls >> 8) & 255}.${calls & 255}`,
            ...(req.payload === undefined ? {} : { payload: req.payload }),
          });
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          if (res.statusCode < 400 || res.statusCode >= 500) {
            // The call may have changed anything, sessions included (logout, an admin setting the customer's password).
            unchanged = undefined;
            tokens.admin = await createSession(db, accounts.admin.id, false, 'fuzz');
            tokens.customer = await createSession(db, accounts.customer.id, false, 'fuzz');
          }
          expect(res.statusCode, `${who} ${req.label}\n${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode < 400) return;
          expect(jsonOrText(res.body), `${who} ${req.label}: error shape`).toEqual(
            expect.objectContaining({ error_message: expect.any(String), code: expect.any(String) }),
          );
          // Nothing took a transaction id: nothing was written. Else the tables themselves must say so.
          if ((await nextTransactionId(db)) === written) return;
          unchanged = await fingerprint();
          expect(changedTables(before, unchanged), `${who} ${req.label}: tables changed on a 4xx`).toEqual([]);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    });
  }
});
