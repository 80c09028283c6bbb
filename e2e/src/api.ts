import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl } from './browser.js';

/** Every demo account's password (apps/server/src/features/seed/demo-seed.ts). */
export const DEMO_PASSWORD = 'cutroom-demo';

/** A bearer token for a demo account, for setting data up through the API. */
export async function bearer(email: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ useremail: email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** One JSON call to the API with a bearer token; a non-2xx answer fails the test with its body. */
export async function call<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The toast carrying a text. */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
