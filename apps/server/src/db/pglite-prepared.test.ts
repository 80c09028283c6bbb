import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-prepared.js';

let plain: PGlite;
let prepared: PGlite;

beforeAll(async () => {
  plain = new PGlite();
  prepared = await withPreparedStatements(plain);
  await plain.exec(`create table t (id int primary key, name text, at timestamptz, ok boolean, n numeric)`);
  await plain.exec(`insert into t values (1, 'plain', '2026-01-02T03:04:05Z', true, 1.5)`);
});
afterAll(() => plain.close());

const statementsPrepared = async () =>
  (await plain.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0]!.n;

describe('PGlite with prepared statements', () => {
  it('answers what the ordinary query answers, for every kind of value, and prepares a text once', async () => {
    const sql = `select $1::text as s, $2::int + 1 as i, $3::timestamptz as at, $4::boolean as b, $5::numeric as n,
      $6::text is null as missing, $7::bigint as big`;
    const values = ["it's \\ a 'test' ☃ 👍", 41, new Date('2026-03-29T01:30:00Z'), false, 2.25, null, 12n];
    const before = await statementsPrepared();
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      const expected = await plain.query(sql, values, options);
      const got = await prepared.query(sql, values, options);
      expect(got.rows).toEqual(expected.rows);
      expect(got.fields.map((f) => [f.name, f.dataTypeID])).toEqual(expected.fields.map((f) => [f.name, f.dataTypeID]));
    }
    expect(await statementsPrepared()).toBe(before + 1);
  });

  it('keeps values as data: a quote-laden value cannot end the literal', async () => {
    const attack = `x'); delete from t; select ('`;
    const res = await prepared.query<{ id: number }>(`select id from t where name = $1 or $1 = $1`, [attack]);
    expect(res.rows).toEqual([{ id: 1 }]);
    expect((await plain.query(`select count(*)::int as n from t`)).rows).toEqual([{ n: 1 }]);
  });

  it('leaves a value it cannot write as a literal to the ordinary path, with its ordinary error', async () => {
    const nul = 'a\0b';
    const plainError = await plain.query(`select $1::text as s`, [nul]).catch((e: Error) => e.message);
    const preparedError = await prepared.query(`select $1::text as s`, [nul]).catch((e: Error) => e.message);
    expect(preparedError).toBe(plainError);
    const json = { a: ["it's"] };
    expect((await prepared.query(`select $1::jsonb as j`, [json])).rows).toEqual(
      (await plain.query(`select $1::jsonb as j`, [json])).rows,
    );
  });

  it('gives a text that cannot be prepared its ordinary error, prepares nothing, and passes other calls through', async () => {
    const before = await statementsPrepared();
    const broken = `select id fromm t where id = $1`;
    const plainError = await plain.query(broken, [1]).catch((e: Error) => e.message);
    expect(plainError).toContain('syntax error');
    expect(await prepared.query(broken, [1]).catch((e: Error) => e.message)).toBe(plainError);
    expect(await prepared.query(broken, [2]).catch((e: Error) => e.message)).toBe(plainError);
    expect(await statementsPrepared()).toBe(before);
    expect((await prepared.query(`select 2 as two`)).rows).toEqual([{ two: 2 }]);
    await prepared.exec(`update t set ok = false where id = 1`);
    expect((await plain.query(`select ok from t`)).rows).toEqual([{ ok: false }]);
  });
});
