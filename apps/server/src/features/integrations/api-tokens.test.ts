import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INTEGRATION_MSG } from '@cutroom/domain';
import type { ApiTokenView } from '@cutroom/domain/schemas';
import { apiTokens } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;

beforeAll(async () => {
  t = await createTestApp();
  accounts = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

async function newToken(scopes: string[], as = accounts.admin.token) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/apiTokens',
    headers: bearer(as),
    payload: { name: `Zapier ${scopes.join('+')}`, scopes },
  });
  return res;
}

describe('API tokens', () => {
  it('shows the token once and stores only its hash', async () => {
    const res = await newToken(['cards:read']);
    expect(res.statusCode).toBe(201);
    const { token, api_token } = res.json<{ token: string; api_token: ApiTokenView }>();
    expect(token).toMatch(/^ctr_[\w-]{40,}$/);
    expect(api_token).toMatchObject({ scopes: ['cards:read'], created_by: accounts.admin.id, revoked_at: null });
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, api_token.id));
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/apiTokens',
      headers: bearer(accounts.admin.token),
    });
    expect(list.body).not.toContain(token);
    expect(list.json<{ api_tokens: ApiTokenView[] }>().api_tokens[0]).toMatchObject({
      id: api_token.id,
      prefix: token.slice(0, 10),
    });
  });

  it('refuses a token without scopes, with an unknown or repeated scope, and non-admins', async () => {
    expect((await newToken([])).statusCode).toBe(400);
    expect((await newToken(['cards:delete'])).statusCode).toBe(400);
    const twice = await newToken(['cards:read', 'comments:read', 'cards:read']);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ field: 'scopes', error_message: INTEGRATION_MSG.apiTokenScopeTwice });
    expect((await newToken(['cards:read'], accounts.lead.token)).statusCode).toBe(403);
    expect((await newToken(['cards:read'], accounts.customer.token)).statusCode).toBe(403);
  });

  it('acts as its admin on the routes its scopes open, and is refused (403) everywhere else', async () => {
    const { token } = (await newToken(['cards:read'])).json<{ token: string }>();
    const card = await insertCard(t.database.db, { clientId: accounts.customer.id, cardStatus: 'editing' });
    const read = await t.app.inject({ method: 'GET', url: `/api/card/${card.id}`, headers: bearer(token) });
    expect(read.statusCode).toBe(200);
    const board = await t.app.inject({ method: 'POST', url: '/api/getCards', headers: bearer(token), payload: {} });
    expect(board.statusCode).not.toBe(403);

    const refused = [
      // An admin-only route: user creation.
      {
        method: 'POST' as const,
        url: '/api/user',
        payload: { firstname: 'Api', lastname: 'Made', useremail: 'api-made@example.com', customer_type: 'admin' },
      },
      { method: 'GET' as const, url: '/api/admin/apiTokens' },
      { method: 'POST' as const, url: '/api/admin/apiTokens', payload: { name: 'escalate', scopes: ['cards:write'] } },
      { method: 'POST' as const, url: `/api/card/${card.id}/comment`, payload: { note: 'From a token' } },
      {
        method: 'POST' as const,
        url: `/api/card/${card.id}/move`,
        payload: { card_status: 'editing', newStatus: 'on_hold' },
      },
      { method: 'GET' as const, url: '/api/users' },
      { method: 'POST' as const, url: '/api/logout' },
    ];
    for (const call of refused) {
      const res = await t.app.inject({ ...call, headers: bearer(token) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
  });

  it('writes comments with comments:write, as its creator', async () => {
    const { token } = (await newToken(['comments:write', 'comments:read'])).json<{ token: string }>();
    const card = await insertCard(t.database.db, { clientId: accounts.customer.id, cardStatus: 'editing' });
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/card/${card.id}/comment`,
      headers: bearer(token),
      payload: { note: 'Posted by the integration' },
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({ note: { note_by_id: accounts.admin.id, client_type: 'admin' } });
  });

  it('stops working (401) once revoked; revoking twice is fine; unknown ids are 404', async () => {
    const { token, api_token_id: id } = (await newToken(['cards:read'])).json<{
      token: string;
      api_token_id: number;
    }>();
    const card = await insertCard(t.database.db, { clientId: accounts.customer.id });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/card/${card.id}`, headers: bearer(token) })).statusCode,
    ).toBe(200);
    const [used] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(used!.lastUsedAt).not.toBeNull();
    for (let i = 0; i < 2; i++) {
      const revoke = await t.app.inject({
        method: 'POST',
        url: `/api/admin/apiTokens/${id}/revoke`,
        headers: bearer(accounts.admin.token),
      });
      expect(revoke.statusCode).toBe(200);
    }
    const after = await t.app.inject({ method: 'GET', url: `/api/card/${card.id}`, headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/apiTokens/999999/revoke',
          headers: bearer(accounts.admin.token),
        })
      ).statusCode,
    ).toBe(404);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/card/${card.id}`,
      headers: bearer('ctr_not-a-real-token'),
    });
    expect(forged.statusCode).toBe(401);
  });
});
