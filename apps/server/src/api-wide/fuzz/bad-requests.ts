import fc from 'fast-check';
import {
  deepValue,
  edgeValue,
  hugeString,
  oddString,
  validValue,
  wrongValue,
  type Schema,
} from './openapi-arbitraries.js';

export interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: Schema;
}
export interface Operation {
  method: string;
  path: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema } | undefined> };
}
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  label: string;
}

type Key = string | number;
const NO_BODY = Symbol('no body');
interface Draft {
  path: Record<string, string>;
  query: [string, string][];
  body: unknown;
  raw?: string;
  contentType?: string;
  zone?: string;
}
interface Change {
  label: string;
  apply(d: Draft): void;
}

/** Percent-encodes every code unit; a lone surrogate becomes its (invalid) three UTF-8-style bytes. */
export function percentEncode(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16)}`).join('');
    } else out += encodeURIComponent(s[i]!);
  }
  return out;
}

const isContainer = (v: unknown): v is Record<Key, unknown> => typeof v === 'object' && v !== null;

/** A copy of `root` with `value` at `path` (containers made on the way); `undefined` deletes. */
function setAt(root: unknown, path: Key[], value: unknown): unknown {
  const top = isContainer(root) ? structuredClone(root) : typeof path[0] === 'number' ? [] : {};
  let node = top as Record<Key, unknown>;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      if (value === undefined) delete node[key];
      else node[key] = value;
      return;
    }
    if (!isContainer(node[key])) node[key] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<Key, unknown>;
  });
  return top;
}

/** Every property of a body schema, nested objects and first array items included. */
function fieldsOf(s: Schema, path: Key[]): { path: Key[]; schema: Schema }[] {
  const target = s.anyOf?.find((b) => b.type === 'object' || b.type === 'array') ?? s;
  if (path.length > 4) return [];
  if (target.type === 'object') {
    return Object.entries(target.properties ?? {}).flatMap(([k, v]) => [
      { path: [...path, k], schema: v },
      ...fieldsOf(v, [...path, k]),
    ]);
  }
  if (target.type === 'array' && target.items) {
    return [{ path: [...path, 0], schema: target.items }, ...fieldsOf(target.items, [...path, 0])];
  }
  return [];
}

const change = (label: string, apply: (d: Draft) => void): Change => ({ label, apply });
const BIG_NUMBER = '\u0000big-number';

function bodyFieldChanges(path: Key[], schema: Schema): fc.Arbitrary<Change>[] {
  const name = path.join('.');
  const set = (label: string, arb: fc.Arbitrary<unknown>) =>
    arb.map((v) => change(`${label} ${name}`, (d) => void (d.body = setAt(d.body, path, v))));
  const wrong = wrongValue(schema);
  const numeric = schema.type === 'integer' || schema.type === 'number';
  return [
    ...(wrong ? [set('wrong type for', wrong)] : []),
    set('missing', fc.constant(undefined)),
    set('edge value for', edgeValue(schema)),
    set('huge string in', hugeString),
    set('odd unicode in', oddString),
    set('deep JSON in', deepValue(500)),
    // 1e400 is valid JSON that parses to Infinity, which JSON.stringify can't produce.
    ...(numeric
      ? [
          fc.constant(
            change(`1e400 in ${name}`, (d) => {
              d.raw = JSON.stringify(setAt(d.body, path, BIG_NUMBER)).replace(JSON.stringify(BIG_NUMBER), '1e400');
            }),
          ),
        ]
      : []),
  ];
}

const INVALID_JSON = ['{', '{"a":}', "{'a':1}", '{"a":1}}', 'nul', '{"a":1,}', '\ufeff{}', '{"a":NaN}', '{"a":"\\x"}'];
const ESCAPED_JSON = ['{"a":"\\ud800"}', '{"a":"\\u0000"}', '[]', '[{}]', '"text"', '42', 'null', 'true'];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'application/jsonx',
  'application/vnd.api+json',
  ';;;',
];

function wholeBodyChanges(): fc.Arbitrary<Change>[] {
  const extraKey = fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'prototype'));
  return [
    // Written by hand so "__proto__" arrives as a key, not as the object's prototype.
    fc.tuple(extraKey, fc.jsonValue({ maxDepth: 2 })).map(([k, v]) =>
      change(`extra field ${JSON.stringify(k)}`, (d) => {
        const rest = isContainer(d.body) && !Array.isArray(d.body) ? JSON.stringify(d.body).slice(1) : '}';
        d.raw = `{${JSON.stringify(k)}:${JSON.stringify(v)}${rest === '}' ? '' : ','}${rest}`;
      }),
    ),
    // Written as text: JSON.stringify itself runs out of stack on the deeper one.
    fc
      .constantFrom(500, 5000)
      .chain((depth) =>
        fc
          .constantFrom('['.repeat(depth) + ']'.repeat(depth), '{"a":'.repeat(depth) + '1' + '}'.repeat(depth))
          .map((raw) => change(`body nested ${depth} deep`, (d) => void (d.raw = raw))),
      ),
    fc.constantFrom(...INVALID_JSON, ...ESCAPED_JSON).map((raw) => change(`body ${raw}`, (d) => void (d.raw = raw))),
    fc.constant(change('empty JSON body', (d) => void (d.raw = ''))),
    fc.constant(change('no body', (d) => void (d.body = NO_BODY))),
    fc.constantFrom(...CONTENT_TYPES).map((type) =>
      change(`content type ${type}`, (d) => {
        d.contentType = type;
        if (d.body === NO_BODY) d.raw = '{}';
      }),
    ),
  ];
}

const NUMBER_JUNK = ['abc', '1.5', '-1', '', '1e3', '0x1f', ' 7', '\uff19', 'true', 'null', '[]', '9'.repeat(30)];
function queryChanges(p: Parameter): fc.Arbitrary<Change>[] {
  const others = (d: Draft) => d.query.filter(([k]) => k !== p.name);
  const set = (label: string, arb: fc.Arbitrary<unknown>) =>
    arb.map((v) => change(`${label} ?${p.name}`, (d) => void (d.query = [...others(d), [p.name, String(v)]])));
  return [
    set('junk in', fc.constantFrom(...NUMBER_JUNK)),
    set('edge value in', edgeValue(p.schema)),
    set('huge', hugeString),
    set('odd unicode in', oddString),
    fc.constant(change(`missing ?${p.name}`, (d) => void (d.query = others(d)))),
    fc.constant(change(`repeated ?${p.name}`, (d) => void (d.query = [...others(d), [p.name, '1'], [p.name, 'x']]))),
  ];
}

/** Already URL-encoded; used as they are, so malformed escapes reach the server. */
const PATH_JUNK = ['-1', '0', '1.5', '1e3', '2147483648', '99999999999999999999', 'abc', '%20', 'NaN', '0x10'];
const ODD_PATHS = ['%', '%zz', '%C0%AF', '1%00', '..%2F..%2Fetc%2Fpasswd', '../../package.json', '.', '..', '//x'];
function pathChanges(p: Parameter): fc.Arbitrary<Change>[] {
  const set = (label: string, arb: fc.Arbitrary<string>) =>
    arb.map((v) => change(`${label} {${p.name}}`, (d) => void (d.path = { ...d.path, [p.name]: v })));
  return [
    set('junk in', fc.constantFrom(...PATH_JUNK, ...ODD_PATHS)),
    set(
      'edge value in',
      edgeValue(p.schema).map((v) => percentEncode(String(v))),
    ),
    set('odd unicode in', oddString.map(percentEncode)),
    set('huge', hugeString.map(percentEncode)),
  ];
}

const ZONES = [
  'Not/AZone',
  '',
  'UTC'.repeat(30_000),
  '../../../etc/localtime',
  'Etc/GMT+99',
  '+99:00',
  '\u00e9t\u00e9',
];

const bodySchemaOf = (op: Operation) => op.requestBody?.content['application/json']?.schema;

/** A valid call of the operation, as the schema describes it. */
function validDraft(op: Operation): fc.Arbitrary<Draft> {
  const params = (where: string) => (op.parameters ?? []).filter((p) => p.in === where);
  const query = params('query');
  const body = bodySchemaOf(op);
  return fc.record({
    path: fc.record(
      Object.fromEntries(
        params('path').map((p) => [p.name, validValue(p.schema).map((v) => percentEncode(String(v)))]),
      ),
    ),
    query: fc
      .record(Object.fromEntries(query.map((p) => [p.name, validValue(p.schema)])), {
        requiredKeys: query.filter((p) => p.required).map((p) => p.name),
      })
      .map((q) => Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])),
    body: body ? validValue(body) : fc.constant(NO_BODY),
  });
}

const short = (s: string | undefined) =>
  s === undefined ? '' : s.length > 160 ? `${s.slice(0, 160)}…(${s.length})` : s;

function toRequest(op: Operation, d: Draft, label: string): FuzzRequest {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => d.path[name] ?? '');
  const query = d.query.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
  const url = query ? `${path}?${query}` : path;
  const payload = d.raw ?? (d.body === NO_BODY ? undefined : JSON.stringify(d.body));
  const headers: Record<string, string> = {};
  if (payload !== undefined) headers['content-type'] = d.contentType ?? 'application/json';
  if (d.zone !== undefined) headers['user-time-zone'] = d.zone;
  const summary = `${label}: ${op.method} ${short(url)} ${short(payload)}`;
  // fast-check prints counterexamples with this, so 100 kB values don't flood the report.
  return {
    method: op.method,
    url,
    headers,
    payload,
    label: summary,
    [fc.toStringMethod]: () => summary,
  } as FuzzRequest;
}

/** Calls of the operation with one thing wrong, each drawn from the operation's own schemas. */
export function badRequests(op: Operation): fc.Arbitrary<FuzzRequest> {
  const body = bodySchemaOf(op);
  const changes: fc.Arbitrary<Change>[] = [
    fc.constant(change('valid', () => {})),
    fc.constantFrom(...ZONES).map((zone) => change(`user-time-zone ${short(zone)}`, (d) => void (d.zone = zone))),
    ...(op.parameters ?? []).flatMap((p) =>
      p.in === 'path' ? pathChanges(p) : p.in === 'query' ? queryChanges(p) : [],
    ),
    ...(op.method === 'GET' ? [] : wholeBodyChanges()),
  ];
  const weighted = changes.map((arbitrary) => ({ arbitrary, weight: 1 }));
  const fields = body ? fieldsOf(body, []) : [];
  // Body fields carry most of a route's rules, so they get as many draws as the rest together.
  if (fields.length) {
    const fieldChange = fc.constantFrom(...fields).chain((f) => fc.oneof(...bodyFieldChanges(f.path, f.schema)));
    weighted.push({ arbitrary: fieldChange, weight: changes.length });
  }
  return fc.tuple(validDraft(op), fc.oneof(...weighted)).map(([draft, c]) => {
    const d = { ...draft, path: { ...draft.path }, query: [...draft.query] };
    c.apply(d);
    return toRequest(op, d, c.label);
  });
}
