import { lookup } from 'node:dns/promises';
import { hostname, networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MSG, addressKind } from '@cutroom/domain';
import type { WebhookView } from '@cutroom/domain/schemas';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';

/**
 * A real name that resolves to this machine without being `localhost` (refused by name already): the host's
 * own name, which resolves to loopback or to one of its interfaces. Where it doesn't resolve, the tests skip.
 */
const host = hostname().toLowerCase();
const addresses = (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
const own = new Set(Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address)));
const resolvesHere = addresses.length > 0 && addresses.every((a) => addressKind(a) === 'loopback' || own.has(a));
const resolvesToLoopback = resolvesHere && addresses.every((a) => addressKind(a) === 'loopback');

/** The tests' own setting (WEBHOOK_ALLOW_LOOPBACK=true), and the default that refuses loopback. */
let loose: TestApp;
let strict: TestApp;
let tokens: { loose: string; strict: string };
beforeAll(async () => {
  [loose, strict] = await Promise.all([createTestApp({ WEBHOOK_ALLOW_LOOPBACK: 'true' }), createTestApp()]);
  const [a, b] = await Promise.all([seedWithSessions(loose.database.db), seedWithSessions(strict.database.db)]);
  tokens = { loose: a.admin.token, strict: b.admin.token };
});
afterAll(async () => {
  await loose.close();
  await strict.close();
});

const save = (app: TestApp, token: string, url: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: bearer(token),
    payload: { url, events: ['card.created'] },
  });
const hooks = async (app: TestApp, token: string) =>
  (await app.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: bearer(token) })).json<{
    webhooks: WebhookView[];
  }>().webhooks;
const reasonOf = (res: { json: <T>() => T }) => res.json<{ error_message: string }>().error_message;

describe('webhook URLs at save time', () => {
  it.runIf(resolvesHere)(
    "refuses a name resolving to this server's own port, saying where it points, on create and edit",
    async () => {
      // The tests' app listens (in its config) on 3000; loopback receivers are allowed, its own port never.
      const res = await save(loose, tokens.loose, `http://${host}:3000/api/user`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', field: 'url' });
      expect(reasonOf(res)).toContain(`${host} resolves to `);
      expect(reasonOf(res)).toContain(INTEGRATION_MSG.webhookUrlOwnServer);

      const other = await save(loose, tokens.loose, `http://${host}:4567/hook`);
      expect(other.statusCode).toBe(201);
      const edit = await loose.app.inject({
        method: 'PUT',
        url: `/api/admin/webhooks/${other.json<{ webhook_id: number }>().webhook_id}`,
        headers: bearer(tokens.loose),
        payload: { url: `http://${host}:3000/api/user` },
      });
      expect(edit.statusCode).toBe(400);
      expect(edit.json()).toMatchObject({ field: 'url' });
    },
  );

  it.runIf(resolvesToLoopback)('refuses a name resolving to loopback unless WEBHOOK_ALLOW_LOOPBACK', async () => {
    const res = await save(strict, tokens.strict, `http://${host}:4567/hook`);
    expect(res.statusCode).toBe(400);
    expect(reasonOf(res)).toBe(`${host} resolves to ${addresses[0]}. ${INTEGRATION_MSG.webhookUrlLoopback}`);
    expect(await hooks(strict, tokens.strict)).toEqual([]);
  });

  it('accepts a name that does not resolve (yet): delivery resolves it again and retries', async () => {
    expect((await save(strict, tokens.strict, 'https://receiver.invalid/hook')).statusCode).toBe(201);
  });
});
