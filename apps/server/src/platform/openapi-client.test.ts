import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** Calls written against the generated types, as a client's author would write them. */
const CLIENT = `
import type { components, operations, paths } from './api.js';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Login = paths['/api/login']['post'];
export type ApiError = components['schemas']['Error'];

export async function login(body: Json<Login['requestBody']>): Promise<Json<Login['responses'][200]>> {
  const res = await fetch('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const error = (await res.json()) as Json<Login['responses'][400]>;
    throw new Error(error.code + ': ' + error.error_message);
  }
  return (await res.json()) as Json<Login['responses'][200]>;
}

type Comments = operations['chatCustomerComments'];
export function commentsUrl(
  params: Comments['parameters']['path'],
  query: NonNullable<Comments['parameters']['query']>,
): string {
  return '/api/card/' + params.id + '/commentsV2?order=' + (query.order ?? 'asc');
}
`;

const RIGHT = `
import { commentsUrl, login, type ApiError } from './client.js';

export async function signIn() {
  const reply = await login({ useremail: 'editor@example.com', password: 'a long secret' });
  const role: 'admin' | 'customer' | 'team-lead' | 'editor' | 'qa' | 'yt-helper' | 'yt-helper-lead' = reply.client_type;
  const token: string | undefined = reply.access_token;
  return { role, token, url: commentsUrl({ id: 5 }, { order: 'desc' }) };
}
export const refused: ApiError = { error_message: 'Card Is Not in Done', code: 'CARD_NOT_IN_DONE' };
`;

/** The same calls with what a typed client must refuse: no password, a text id, an unknown order. */
const WRONG = `
import { commentsUrl, login, type ApiError } from './client.js';

export async function signIn() {
  await login({ useremail: 'editor@example.com' });
  commentsUrl({ id: 'five' }, { order: 'desc' });
  return commentsUrl({ id: 5 }, { order: 'sideways' });
}
export const refused: ApiError = { message: 'no code' };
`;

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-client-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Type errors per file (by base name) of a strict program over the given files. */
function typeErrors(files: string[]): Record<string, string[]> {
  const program = ts.createProgram(files, {
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipDefaultLibCheck: true,
  });
  const found: Record<string, string[]> = {};
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const name = d.file ? path.basename(d.file.fileName) : 'options';
    (found[name] ??= []).push(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }
  return found;
}

describe('a typed client generated from the OpenAPI document', () => {
  it('compiles calls that fit the API and refuses ones that do not', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenAPI3>();
    fs.writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(doc)));
    fs.writeFileSync(path.join(dir, 'client.ts'), CLIENT);
    fs.writeFileSync(path.join(dir, 'right.ts'), RIGHT);
    fs.writeFileSync(path.join(dir, 'wrong.ts'), WRONG);

    const errors = typeErrors(['right.ts', 'wrong.ts'].map((f) => path.join(dir, f)));
    expect(Object.keys(errors)).toEqual(['wrong.ts']);
    const wrong = errors['wrong.ts']!.join('\n');
    expect(wrong).toContain("Property 'password' is missing");
    expect(wrong).toContain("Type 'string' is not assignable to type 'number'");
    expect(wrong).toContain('"sideways"');
    expect(wrong).toContain("'message' does not exist in type");
  }, 60_000);
});
