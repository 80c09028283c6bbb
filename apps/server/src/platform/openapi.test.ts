import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, allRoutes, operationIdOf } from '@cutroom/domain/contract';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { documentedRoute } from './openapi.js';

interface Response {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
}
interface Operation {
  operationId?: string;
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, Response>;
}
interface Doc {
  openapi: string;
  servers?: { url: string }[];
  components: { schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> }> };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const ERROR_REF = '#/components/schemas/Error';
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

let t: TestApp;
let doc: Doc;
let operations: (Operation & { key: string; path: string })[];
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Doc>();
  operations = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, op]) => ({ ...op, key: `${m.toUpperCase()} ${p}`, path: p })),
  );
});
afterAll(() => t.close());

const opAt = (key: string) => operations.find((op) => op.key === key);

/** Every schema object in a part of the document, depth first. */
function* schemasIn(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const v of value) yield* schemasIn(v);
  else if (value && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const v of Object.values(value)) yield* schemasIn(v);
  }
}

describe('the OpenAPI document', () => {
  it('names every operation once, contract routes by their key in API', () => {
    expect(operations.length).toBeGreaterThan(150);
    const ids = operations.map((op) => op.operationId);
    expect(operations.filter((op) => !op.operationId).map((op) => op.key)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(opAt('GET /api/dashboard-data-V2')?.operationId).toBe('dashboardStaff');
    expect(opAt('POST /api/login')?.operationId).toBe('authLogin');
    for (const route of allRoutes()) expect(opAt(documentedRoute(route))?.operationId).toBe(operationIdOf(route));
  });

  it('documents the error replies with the one Error schema, as the server sends them', async () => {
    const error = doc.components.schemas.Error;
    expect(error?.required?.sort()).toEqual(['code', 'error_message']);
    for (const op of operations) {
      const errors = Object.entries(op.responses).filter(([status]) => /^4\d\d$|^default$/.test(status));
      expect(
        errors.map(([s]) => s),
        op.key,
      ).toContain('403');
      for (const [status, reply] of errors) {
        expect(reply.content?.['application/json']?.schema, `${op.key} ${status}`).toEqual({ $ref: ERROR_REF });
      }
    }
    const statuses = (key: string) => Object.keys(opAt(key)?.responses ?? {}).filter((s) => /^4/.test(s));
    // Public with a body and a per-address limit; signed-in with roles, a query and no path id; a path id.
    expect(statuses('POST /api/login')).toEqual(['400', '403', '429']);
    expect(statuses(documentedRoute(API.dashboard.staff))).toEqual(['400', '401', '403', '404']);
    expect(opAt(documentedRoute(API.dashboard.staff))?.responses['403']?.description).toContain('team-lead');
    expect(statuses(documentedRoute(API.chat.customer.comments))).toEqual(['400', '401', '403', '404']);
    expect(statuses(documentedRoute(API.notifications.count))).toEqual(['401', '403']);
    expect(statuses('GET /healthz')).toEqual(['403']);
    expect(statuses('POST /api/media')).toContain('413');

    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { useremail: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(error?.properties ?? {})).toEqual(expect.arrayContaining(Object.keys(res.json())));
  });

  it('names every path parameter, the file routes’ wildcard too', () => {
    for (const op of operations) {
      const inPath = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(declared.sort(), op.key).toEqual(inPath);
      for (const name of inPath) expect(name, op.key).toMatch(/^\w+$/);
    }
    expect(opAt('GET /files/{path}')).toBeDefined();
    expect(opAt('GET /api/guest/files/{path}')).toBeDefined();
  });

  it('says where the API is served', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('writes nullability as OpenAPI 3.0 reads it: beside a type, in unions as a branch', () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    const found = [...schemasIn(doc.paths), ...schemasIn(doc.components.schemas)];
    expect(found.filter((s) => s.nullable === true && typeof s.type !== 'string')).toEqual([]);
    expect(found.filter((s) => Array.isArray(s.anyOf) && s.anyOf.length < 2)).toEqual([]);
    const banner = doc.paths['/api/portal/settings/V2']?.put?.requestBody;
    expect(JSON.stringify(banner)).toContain('"enum":[null]');
  });

  it('passes Redocly’s recommended lint: no errors, no warning but the one path the spec names', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(doc));
      const cli = path.join(
        path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
        'bin/cli.js',
      );
      const args = [
        cli,
        'lint',
        file,
        '--config',
        path.join(REPO, 'redocly.yaml'),
        '--format=json',
        '--max-problems=1000',
      ];
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
      const stdout = await promisify(execFile)(process.execPath, args, { env, maxBuffer: 64 << 20 }).then(
        (r) => r.stdout,
        (err: { stdout?: string }) => err.stdout ?? '',
      );
      const problems = (JSON.parse(stdout) as { problems: { ruleId: string; severity: string; message: string }[] })
        .problems;
      expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)).toEqual([
        'warn no-path-trailing-slash: `/api/generic/update/vc_ythelper_card/` should not have a trailing slash.',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
