import fc from 'fast-check';

/** The part of OpenAPI 3.0 schema objects that our zod schemas produce. */
export interface Schema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
}

/** Valid strings and arrays stay short, so a mutation of one field is what a case is about. */
const SAMPLE_CAP = 40;

/** Inclusive integer bounds of a numeric schema, both readings of exclusiveMinimum/Maximum. */
export function bounds(s: Schema): { lo: number; hi: number } {
  const lo =
    typeof s.exclusiveMinimum === 'number'
      ? s.exclusiveMinimum + 1
      : (s.minimum ?? -1_000_000) + (s.exclusiveMinimum === true ? 1 : 0);
  const hi =
    typeof s.exclusiveMaximum === 'number'
      ? s.exclusiveMaximum - 1
      : (s.maximum ?? 1_000_000) - (s.exclusiveMaximum === true ? 1 : 0);
  return { lo: Math.ceil(lo), hi: Math.floor(hi) };
}

const nullable = (s: Schema, arb: fc.Arbitrary<unknown>) => (s.nullable ? fc.option(arb, { nil: null, freq: 6 }) : arb);

// Refinements (an email's form) are not in the OpenAPI document; a field's name stands in for them.
const emailLike = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('example.com', 'cutroom.test'))
  .map(([user, domain]) => `${user}@${domain}`);

/** Values the schema accepts; integers lean to small ones so ids hit seeded rows. */
export function validValue(s: Schema, name = ''): fc.Arbitrary<unknown> {
  if (s.anyOf) return nullable(s, fc.oneof(...s.anyOf.map((branch) => validValue(branch, name))));
  if (s.enum) return nullable(s, fc.constantFrom(...s.enum));
  if (s.type === 'string' && /email/i.test(name)) return nullable(s, emailLike);
  return nullable(s, validByType(s));
}

function validByType(s: Schema): fc.Arbitrary<unknown> {
  switch (s.type) {
    case 'string': {
      const max = s.maxLength ?? Infinity;
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= max);
      if (s.format === 'date-time') {
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      }
      const min = s.minLength ?? 0;
      return fc.oneof(
        fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, SAMPLE_CAP)) }),
        fc.webUrl().filter((u) => u.length >= min && u.length <= max),
      );
    }
    case 'integer':
    case 'number': {
      const { lo, hi } = bounds(s);
      const small = fc.integer({ min: lo, max: Math.min(hi, Math.max(lo, 0) + 60) });
      return fc.oneof({ arbitrary: small, weight: 3 }, fc.integer({ min: lo, max: hi }));
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 4, 4));
      return fc.array(s.items ? validValue(s.items) : fc.jsonValue({ maxDepth: 1 }), { minLength, maxLength });
    }
    case 'object': {
      const props = Object.entries(s.properties ?? {}).map(([k, v]) => [k, validValue(v, k)] as const);
      return fc.record(Object.fromEntries(props), { requiredKeys: s.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'array' | 'object';
const KINDS: Record<Kind, fc.Arbitrary<unknown>> = {
  string: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('', '1', '-1', 'true', 'null', '[]')),
  integer: fc.integer(),
  number: fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  object: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
};

function acceptedKinds(s: Schema): Set<Kind> {
  const kinds = new Set<Kind>(s.nullable ? ['null'] : []);
  for (const branch of s.anyOf ?? []) acceptedKinds(branch).forEach((k) => kinds.add(k));
  if (s.type) kinds.add(s.type);
  if (s.type === 'number') kinds.add('integer');
  if (!s.type && !s.anyOf) Object.keys(KINDS).forEach((k) => kinds.add(k as Kind));
  return kinds;
}

/** A JSON value of a kind the schema does not take (a string for an integer, an object for a string…). */
export function wrongValue(s: Schema): fc.Arbitrary<unknown> | undefined {
  const accepted = acceptedKinds(s);
  const others = (Object.keys(KINDS) as Kind[]).filter((k) => !accepted.has(k));
  return others.length ? fc.oneof(...others.map((k) => KINDS[k])) : undefined;
}

/** Values just outside or at the odd edges of a schema's range, length, enum or item count. */
export function edgeValue(s: Schema): fc.Arbitrary<unknown> {
  const target = s.anyOf?.[0] ?? s;
  if (target.enum) {
    const first = String(target.enum[0]);
    return fc.constantFrom(first.toUpperCase(), ` ${first}`, `${first}\u0000`, 'unknown', '');
  }
  switch (target.type) {
    case 'integer':
    case 'number': {
      const { lo, hi } = bounds(target);
      return fc.constantFrom(
        lo - 1,
        hi + 1,
        -1,
        0,
        -0,
        0.5,
        1.5,
        2 ** 31,
        -(2 ** 31) - 1,
        2 ** 53 + 2,
        1e308,
        -1e308,
        5e-324,
      );
    }
    case 'string':
      return fc.constantFrom(
        '',
        ' ',
        'x'.repeat((target.maxLength ?? 10_000) + 1),
        'not-a-date',
        '2024-02-30T25:61:00Z',
      );
    case 'array': {
      const item = target.items ? validValue(target.items) : fc.constant(1);
      const over = (target.maxItems ?? 1000) + 1;
      return fc.oneof(fc.constant([]), fc.array(item, { minLength: over, maxLength: over }));
    }
    case 'object':
      return fc.constant({});
    default:
      return fc.constantFrom(0, '', false);
  }
}

/** Strings that trip encoders and databases: lone surrogates, NUL, bidi marks, emoji, combining marks. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\ud800',
    'a\udc00b',
    '\udbff\udfff',
    '\u0000',
    'a\u0000b',
    '\u202eevil\u202c',
    '\u200f\u200e\u2066x\u2069',
    '\ud83d\ude00\ud83d\udc69\u200d\ud83d\udc69\u200d\ud83d\udc67',
    'e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301',
    '\ufeff\ufffe\uffff',
    '\r\n\t\u000b\u000c\u0085\u2028\u2029',
    "'; drop table users; --",
    '<img src=x onerror=alert(1)>',
    '%00%2e%2e%2f',
    '${7*7}{{7*7}}',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
);

/** Strings of about 100 kB, in one, two and four bytes per character. */
export const hugeString: fc.Arbitrary<string> = fc.constantFrom(
  'a'.repeat(100_000),
  '\u202e'.repeat(50_000),
  '\ud83d\ude00'.repeat(25_000),
  '<b>x</b>'.repeat(12_500),
);

/** A JSON value nested `depth` levels, as arrays or as objects. */
export const deepValue = (depth: number): fc.Arbitrary<unknown> =>
  fc.constantFrom('array', 'object').map((shape) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = shape === 'array' ? [value] : { a: value };
    return value;
  });
