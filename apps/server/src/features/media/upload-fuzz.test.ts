import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count, eq } from 'drizzle-orm';
import { UPLOAD_PURPOSE_KEYS } from '@cutroom/domain';
import { mediaFiles } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, filesOf, seedWithSessions } from '../../test/helpers.js';
import { GIF, MP3, MP4, PNG, SRT, WEBM, multipartBody } from '../../test/sample-files.js';

/**
 * The route fuzzer skips multipart; this one sends POST /api/media bodies with random parts, bytes,
 * names, types and damage. Never a 5xx; a refusal stores nothing; whatever is stored is served inert.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let t: TestApp;
let token: string;
let ownerId: number;
beforeAll(async () => {
  t = await createTestApp();
  const a = await seedWithSessions(t.database.db);
  token = a.customer.token;
  ownerId = a.customer.id;
});
afterAll(() => t.close());

const signature = fc.constantFrom(Buffer.alloc(0), MP3, MP4, PNG, GIF, SRT, WEBM, Buffer.from('<svg onload=x>'));
const content = fc
  .tuple(signature, fc.uint8Array({ maxLength: 3000 }))
  .map(([head, tail]) => Buffer.concat([head, Buffer.from(tail)]));
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('x.html', 'a.srt', '../../etc/passwd', 'voice.weba', 'évidence "quoted".mp3', ''),
);
const purpose = fc.oneof(fc.constantFrom(...UPLOAD_PURPOSE_KEYS), text);
const part = fc.oneof(
  fc.record({ field: fc.constantFrom('document', 'file', 'purpose'), fileName: text, type: text, content }),
  fc.record({ field: fc.constantFrom('purpose', 'clientID', 'name', 'document'), content: purpose }),
);
/** Mostly-right bodies (a purpose, then a document that starts like a real file) reach the type checks. */
const likely = fc
  .tuple(
    fc.option(fc.constantFrom(...UPLOAD_PURPOSE_KEYS), { nil: undefined }),
    fc.record({ field: fc.constant('document'), fileName: text, type: text, content }),
    fc.array(fc.record({ field: fc.constantFrom('clientID', 'name'), content: text }), { maxLength: 2 }),
  )
  .map(([p, file, extra]) => [...(p ? [{ field: 'purpose', content: p }] : []), file, ...extra]);
const parts = fc.oneof(likely, fc.array(part, { minLength: 0, maxLength: 8 }));
const damage = fc.oneof(
  { weight: 3, arbitrary: fc.constant('none') },
  { weight: 1, arbitrary: fc.constantFrom('cut', 'boundary', 'no-type') },
);

const usedRows = async () =>
  (await t.database.db.select({ n: count() }).from(mediaFiles).where(eq(mediaFiles.ownerId, ownerId)))[0]!.n;

describe('upload fuzzing', () => {
  it(`never answers 5xx, stores nothing it refuses (${RUNS} runs, seed ${SEED})`, async () => {
    let i = 0;
    const statuses: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(parts, damage, fc.nat(), async (chosen, harm, cut) => {
        const body = multipartBody(chosen);
        const payload = harm === 'cut' ? body.payload.subarray(0, cut % (body.payload.length + 1)) : body.payload;
        const type =
          harm === 'boundary'
            ? 'multipart/form-data; boundary=not-the-one'
            : harm === 'no-type'
              ? 'multipart/form-data'
              : body.headers['content-type'];
        const [filesBefore, rowsBefore] = [filesOf(t.dataDir, ownerId).length, await usedRows()];
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/media',
          // An address per call keeps the run under the per-address upload limit.
          remoteAddress: `10.${(i >> 8) & 255}.${i++ & 255}.9`,
          headers: { ...bearer(token), 'content-type': type },
          payload,
        });
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode !== 201) {
          expect(res.json()).toHaveProperty('error_message');
          expect(filesOf(t.dataDir, ownerId)).toHaveLength(filesBefore);
          expect(await usedRows()).toBe(rowsBefore);
          return;
        }
        const served = await t.app.inject({ method: 'GET', url: res.json().url, headers: bearer(token) });
        expect(String(served.headers['content-type'])).toMatch(/^(audio|video|image)\/|x-subrip|text\/vtt/);
        expect(String(served.headers['content-type'])).not.toMatch(/html|svg|xml|javascript/);
        expect(served.headers['content-security-policy']).toContain('sandbox');
      }),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(`upload fuzz: seed ${SEED}, ${RUNS} runs, replies by status ${JSON.stringify(statuses)}`);
    // The run is worth something only if it reached both the refusals and the stored files.
    expect(statuses[201]).toBeGreaterThan(0);
    expect(statuses[400]).toBeGreaterThan(0);
  }, 120_000);
});
