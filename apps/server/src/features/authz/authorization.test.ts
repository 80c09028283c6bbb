import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions, type DemoKey } from '../../test/helpers.js';
import { createSession } from '../../platform/auth.js';

/**
 * Walks every route of the OpenAPI document as anonymous, as each role, and as a second customer on
 * the first customer's data, against the table below. A route missing from the table fails.
 */
type Caller = 'anonymous' | 'admin' | 'lead' | 'qa' | 'editor' | 'helperLead' | 'helper' | 'customer' | 'otherCustomer';
const CALLERS: Caller[] = [
  'anonymous',
  'admin',
  'lead',
  'qa',
  'editor',
  'helperLead',
  'helper',
  'customer',
  'otherCustomer',
];
type Expect = Record<Caller, number>;

interface Fixture {
  /** The first customer's id: the data a second customer must not see. */
  customerId: number;
  editorId: number;
}
interface Case {
  name?: string;
  params?: (f: Fixture) => Record<string, string | number>;
  body?: (f: Fixture) => object;
  query?: Record<string, string>;
  expect: Expect;
}

const all = (status: number): Expect => Object.fromEntries(CALLERS.map((c) => [c, status])) as Expect;
const signedIn = (status: number): Expect => ({ ...all(status), anonymous: 401 });
const only = (allowed: Caller[], status: number, otherwise = 403): Expect =>
  Object.fromEntries(
    CALLERS.map((c) => [c, c === 'anonymous' ? 401 : allowed.includes(c) ? status : otherwise]),
  ) as Expect;
const unique = () => `${randomBytes(5).toString('hex')}@example.com`;

const TABLE: Record<string, Case[]> = {
  'GET /healthz': [{ expect: all(200) }],
  'GET /readyz': [{ expect: all(200) }],
  'POST /api/signup': [
    {
      body: () => ({ firstname: 'A', lastname: 'B', email: unique(), password: 'long-enough-pass' }),
      expect: all(201),
    },
  ],
  'POST /api/verify-email-address': [{ body: () => ({ emailToken: 'not-a-real-token-at-all' }), expect: all(400) }],
  'POST /api/login': [{ body: () => ({ useremail: unique(), password: 'wrong-password' }), expect: all(401) }],
  'POST /api/logout': [{ expect: all(200) }],
  'GET /api/me': [{ expect: signedIn(200) }],
  'POST /api/user/password-reset': [{ body: () => ({ email: unique() }), expect: all(404) }],
  'POST /api/user/password-reset/confirm': [
    { body: () => ({ token: 'not-a-real-token-at-all', password: 'long-enough-pass' }), expect: all(400) },
  ],
  'PUT /api/change-password': [
    { name: 'own', body: () => ({ password: 'long-enough-pass' }), expect: signedIn(200) },
    {
      name: "the first customer's",
      body: (f) => ({ client_id: f.customerId, password: 'long-enough-pass' }),
      expect: { ...signedIn(404), admin: 200, customer: 200 },
    },
  ],
  'POST /api/user/profile': [{ body: () => ({ timezone: 'America/Chicago' }), expect: signedIn(200) }],
  'POST /api/user': [
    {
      body: () => ({
        firstname: 'N',
        lastname: 'U',
        email: unique(),
        password: 'long-enough-pass',
        customer_type: 'editor',
      }),
      expect: only(['admin'], 201),
    },
  ],
  'GET /api/user/{id}': [
    {
      name: "the first customer's",
      params: (f) => ({ id: f.customerId }),
      expect: { ...signedIn(200), editor: 404, otherCustomer: 404 },
    },
    {
      name: "the editor's",
      params: (f) => ({ id: f.editorId }),
      expect: { ...signedIn(404), admin: 200, lead: 200, editor: 200 },
    },
  ],
  'GET /api/users': [{ expect: only(['admin', 'lead', 'qa', 'helperLead'], 200) }],
  'GET /api/customers': [{ expect: only(['admin', 'lead', 'qa', 'helperLead', 'helper'], 200) }],
};

let t: TestApp;
let fixture: Fixture;
let userIds: Record<Exclude<Caller, 'anonymous'>, number>;
let routes: string[];

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await seedWithSessions(t.database.db);
  const key = (c: Exclude<Caller, 'anonymous'>): DemoKey => (c === 'otherCustomer' ? 'customer2' : c);
  userIds = Object.fromEntries(
    CALLERS.filter((c): c is Exclude<Caller, 'anonymous'> => c !== 'anonymous').map((c) => [c, accounts[key(c)].id]),
  ) as typeof userIds;
  fixture = { customerId: accounts.customer.id, editorId: accounts.editor.id };
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, object>;
  }>();
  routes = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${p}`),
  );
});
afterAll(() => t.close());

describe('authorization table', () => {
  it('covers every route of the OpenAPI document, and only those', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !(r in TABLE))).toEqual([]);
    expect(Object.keys(TABLE).filter((r) => !routes.includes(r))).toEqual([]);
  });

  for (const [route, cases] of Object.entries(TABLE)) {
    for (const c of cases) {
      it(`${route}${c.name ? ` (${c.name})` : ''}`, async () => {
        const [method, pathTemplate] = route.split(' ') as [string, string];
        const got: Partial<Expect> = {};
        for (const caller of CALLERS) {
          const params = c.params?.(fixture) ?? {};
          const url = pathTemplate.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
          // A fresh session per call, so a logout or password change can't affect the next caller.
          const headers =
            caller === 'anonymous' ? {} : bearer(await createSession(t.database.db, userIds[caller], false, 'authz'));
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            query: c.query,
            headers,
            ...(c.body ? { payload: c.body(fixture) } : method === 'GET' ? {} : { payload: {} }),
          });
          got[caller] = res.statusCode;
          if (res.statusCode >= 400) expect(res.json(), `${caller}: error shape`).toHaveProperty('error_message');
        }
        expect(got).toEqual(c.expect);
      });
    }
  }
});
