import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { INTEGRATION_MSG, WEBHOOK_LIMITS } from '@cutroom/domain';
import type { DeliveryView, WebhookView } from '@cutroom/domain/schemas';
import { webhookDeliveries } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { verifyWebhookSignature } from '../../platform/webhook-signature.js';
import { deliverDueWebhooks, postWebhook } from './webhook-delivery.js';

/** A real HTTP receiver on 127.0.0.1 that answers with the statuses queued for it (200 once they run out). */
function receiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'thanks' : 'receiver broke');
    });
  });
  return {
    received,
    statuses,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sink = receiver();
let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
let url: string;
const config = () => ({ publicUrl: 'http://localhost:3000', port: 3000, webhookAllowLoopback: true });

beforeAll(async () => {
  url = await sink.start();
  t = await createTestApp({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
  accounts = await seedWithSessions(t.database.db);
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const admin = () => bearer(accounts.admin.token);
async function createHook(body: object) {
  return t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: admin(), payload: body });
}
/** The customer asks for a card: every webhook listening to card.created gets a delivery. */
const requestCard = (title: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/card',
    headers: bearer(accounts.customer.token),
    payload: {
      card_title: `${title} ${Date.now()}`,
      dropbox_link: 'https://www.dropbox.com/sh/raw?dl=0',
      youtube_aspect_ratio: '16:9',
      video_purpose: 'podcast',
    },
  });
const deliveriesOf = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/webhooks/${id}/deliveries`, headers: admin() })).json<{
    deliveries: DeliveryView[];
  }>().deliveries;

describe('webhooks', () => {
  it('refuses forbidden URLs and empty event lists with 400 naming the field, and stores nothing', async () => {
    for (const bad of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/',
      'http://metadata.google.internal/',
      'http://localhost:3000/api/user',
      'http://127.0.0.1:3000/api/admin/apiTokens',
      'ftp://example.com/',
      'http://user:pw@example.com/',
    ]) {
      const res = await createHook({ url: bad, events: ['card.created'] });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', field: 'url' });
    }
    const noEvents = await createHook({ url, events: [] });
    expect(noEvents.statusCode).toBe(400);
    const unknownEvent = await createHook({ url, events: ['card.deleted'] });
    expect(unknownEvent.statusCode).toBe(400);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: admin() });
    expect(list.json<{ webhooks: WebhookView[] }>().webhooks).toEqual([]);
  });

  it('signs a card.created delivery, retries after a 500, logs both attempts, and replays it', async () => {
    const created = await createHook({ url, events: ['card.created', 'comment.added'] });
    expect(created.statusCode).toBe(201);
    const { webhook_id: hookId, secret } = created.json<{ webhook_id: number; secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    // The secret is shown once: the list never carries it.
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: admin() });
    expect(listed.body).not.toContain(secret);

    const card = await requestCard('Hooked');
    expect(card.statusCode).toBe(201);
    const cardId = card.json<{ card_id: number }>().card_id;
    await vi.waitFor(async () => expect(await deliveriesOf(hookId)).toHaveLength(1));

    sink.statuses.push(500);
    const first = await deliverDueWebhooks(t.database.db, config());
    expect(first).toEqual({ delivered: 0, failed: 1 });
    let [delivery] = await deliveriesOf(hookId);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, event_type: 'card.created' });
    expect(delivery!.attempts_log).toEqual([
      expect.objectContaining({ status_code: 500, response_excerpt: 'receiver broke', error: null }),
    ]);
    // Not due again until its backoff has passed.
    expect(await deliverDueWebhooks(t.database.db, config())).toEqual({ delivered: 0, failed: 0 });
    const later = new Date(Date.now() + 31_000);
    expect(await deliverDueWebhooks(t.database.db, config(), { now: later })).toEqual({ delivered: 1, failed: 0 });
    [delivery] = await deliveriesOf(hookId);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 2, next_attempt_at: null });
    expect(delivery!.attempts_log.map((a) => a.status_code)).toEqual([500, 200]);

    expect(sink.received).toHaveLength(2);
    for (const got of sink.received) {
      expect(verifyWebhookSignature(secret, got.headers['cutroom-signature'] as string, got.body)).toBe(true);
      expect(verifyWebhookSignature('whsec_wrong', got.headers['cutroom-signature'] as string, got.body)).toBe(false);
      expect(got.headers['cutroom-event']).toBe('card.created');
      expect(got.headers['content-type']).toBe('application/json');
    }
    const payload = JSON.parse(sink.received[1]!.body) as { id: string; type: string; data: { card_id: number } };
    expect(payload).toMatchObject({ type: 'card.created', data: { card_id: cardId, card_status: 'video_request' } });
    // Retries send the same bytes.
    expect(sink.received[0]!.body).toBe(sink.received[1]!.body);

    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/admin/webhookDeliveries/${delivery!.id}/replay`,
      headers: admin(),
    });
    expect(replay.statusCode).toBe(201);
    const replayId = replay.json<{ delivery_id: number }>().delivery_id;
    expect(await deliverDueWebhooks(t.database.db, config(), { ids: [replayId] })).toEqual({ delivered: 1, failed: 0 });
    const log = await deliveriesOf(hookId);
    expect(log[0]).toMatchObject({ id: replayId, replay_of: delivery!.id, state: 'delivered', event_id: payload.id });
    expect(sink.received[2]!.body).toBe(sink.received[1]!.body);
    expect(Number(sink.received[2]!.headers['cutroom-delivery'])).toBe(replayId);
  });

  it('sends comment.added and card.completed only to webhooks listening to them, and nothing to inactive ones', async () => {
    const completed = (await createHook({ url, events: ['card.completed'] })).json<{ webhook_id: number }>().webhook_id;
    const off = (await createHook({ url, events: ['card.moved', 'comment.added'], active: false })).json<{
      webhook_id: number;
    }>().webhook_id;
    const card = await insertCard(t.database.db, {
      clientId: accounts.customer.id,
      assignedQaId: accounts.qa.id,
      cardStatus: 'done',
    });
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/card/${card.id}/markComplete`,
      headers: bearer(accounts.customer.token),
      payload: { status: 1, cardSection: 'done' },
    });
    expect(done.statusCode).toBe(200);
    await vi.waitFor(async () => expect(await deliveriesOf(completed)).toHaveLength(1));
    const [delivery] = await deliveriesOf(completed);
    expect(JSON.parse(delivery!.payload)).toMatchObject({ type: 'card.completed', data: { card_id: card.id } });
    expect(await deliveriesOf(off)).toEqual([]);
  });

  it('gives up after the last attempt and logs a refused address without calling it', async () => {
    const hook = (await createHook({ url, events: ['comment.added'] })).json<{ webhook_id: number }>().webhook_id;
    // The address was fine when saved; the server no longer allows loopback receivers.
    const [row] = await t.database.db
      .insert(webhookDeliveries)
      .values({ webhookId: hook, eventId: 'manual:1', eventType: 'comment.added', payload: '{}' })
      .returning();
    const before = sink.received.length;
    const strict = { ...config(), webhookAllowLoopback: false };
    expect(await deliverDueWebhooks(t.database.db, strict, { ids: [row!.id] })).toEqual({ delivered: 0, failed: 1 });
    expect(sink.received.length).toBe(before);
    const [logged] = (await deliveriesOf(hook)).filter((d) => d.id === row!.id);
    expect(logged).toMatchObject({ state: 'failed' });
    expect(logged!.attempts_log[0]!.error).toMatch(/Loopback/);

    const [again] = await t.database.db
      .insert(webhookDeliveries)
      .values({ webhookId: hook, eventId: 'manual:2', eventType: 'comment.added', payload: '{}' })
      .returning();
    await t.database.db
      .update(webhookDeliveries)
      .set({ attempts: WEBHOOK_LIMITS.maxAttempts - 1 })
      .where(eq(webhookDeliveries.id, again!.id));
    sink.statuses.push(503);
    await deliverDueWebhooks(t.database.db, config(), { ids: [again!.id] });
    const [last] = (await deliveriesOf(hook)).filter((d) => d.id === again!.id);
    expect(last).toMatchObject({ state: 'failed', attempts: WEBHOOK_LIMITS.maxAttempts });
  });

  it("checks the addresses a name resolves to at send time: loopback when not allowed, and this server's own port", async () => {
    const before = sink.received.length;
    const port = Number(new URL(url).port);
    // `localhost` passes no literal-address check: only the lookup sees it is 127.0.0.1 / ::1.
    const byName = `http://localhost:${port}/hook`;
    const strict = await postWebhook(byName, '{}', {}, { allowLoopback: false, ownPort: 3000 });
    expect(strict).toMatchObject({
      statusCode: null,
      error: expect.stringContaining(INTEGRATION_MSG.webhookUrlLoopback),
    });
    const own = await postWebhook(byName, '{}', {}, { allowLoopback: true, ownPort: port });
    expect(own).toMatchObject({
      statusCode: null,
      error: expect.stringContaining(INTEGRATION_MSG.webhookUrlOwnServer),
    });
    const literal = await postWebhook(url, '{}', {}, { allowLoopback: true, ownPort: port });
    expect(literal).toMatchObject({ statusCode: null, error: INTEGRATION_MSG.webhookUrlOwnServer });
    expect(sink.received.length).toBe(before);
    const allowed = await postWebhook(byName, '{}', {}, { allowLoopback: true, ownPort: 3000 });
    expect(allowed).toMatchObject({ statusCode: 200, excerpt: 'thanks', error: null });
  });

  it('four workers at once send each due delivery once (row claims, as the mail outbox)', async () => {
    const hook = (await createHook({ url, events: ['card.moved'] })).json<{ webhook_id: number }>().webhook_id;
    const rows = await t.database.db
      .insert(webhookDeliveries)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          webhookId: hook,
          eventId: `race:${i}`,
          eventType: 'card.moved' as const,
          payload: JSON.stringify({ race: i }),
        })),
      )
      .returning({ id: webhookDeliveries.id });
    const before = sink.received.length;
    // The workers' own way: whatever is due (deliveries left pending by other tests go too).
    await Promise.all([0, 1, 2, 3].map(() => deliverDueWebhooks(t.database.db, config())));
    const bodies = sink.received
      .slice(before)
      .map((r) => r.body)
      .filter((b) => b.startsWith('{"race"'));
    expect(bodies).toHaveLength(rows.length);
    expect(new Set(bodies).size).toBe(rows.length);
    for (const d of await deliveriesOf(hook)) expect(d).toMatchObject({ state: 'delivered', attempts: 1 });
  });

  it('rotates the signing secret: the next delivery verifies with the new one only', async () => {
    const created = (await createHook({ url, events: ['card.created'] })).json<{
      webhook_id: number;
      secret: string;
    }>();
    const rotate = () =>
      t.app.inject({ method: 'POST', url: `/api/admin/webhooks/${created.webhook_id}/rotateSecret`, headers: admin() });
    const first = await rotate();
    expect(first.statusCode).toBe(200);
    const { secret, message } = first.json<{ secret: string; message: string }>();
    expect(message).toBe(INTEGRATION_MSG.webhookSecretRotated);
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(created.secret);
    expect((await rotate()).json<{ secret: string }>().secret).not.toBe(secret);
    const latest = (await rotate()).json<{ secret: string }>().secret;
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: admin() });
    expect(listed.body).not.toContain(latest);

    sink.received.length = 0;
    const card = await requestCard('Rotated');
    expect(card.statusCode).toBe(201);
    await vi.waitFor(async () => expect(await deliveriesOf(created.webhook_id)).toHaveLength(1));
    const [delivery] = await deliveriesOf(created.webhook_id);
    await deliverDueWebhooks(t.database.db, config(), { ids: [delivery!.id] });
    const got = sink.received.find((r) => Number(r.headers['cutroom-delivery']) === delivery!.id)!;
    const signature = got.headers['cutroom-signature'] as string;
    expect(verifyWebhookSignature(latest, signature, got.body)).toBe(true);
    for (const old of [created.secret, secret]) expect(verifyWebhookSignature(old, signature, got.body)).toBe(false);

    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks/999999/rotateSecret',
      headers: admin(),
    });
    expect(gone.statusCode).toBe(404);
  });

  it('edits, refuses a bad new URL, and deletes; unknown ids are 404', async () => {
    const hook = (await createHook({ url, events: ['card.moved'] })).json<{ webhook_id: number }>().webhook_id;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/webhooks/${hook}`,
      headers: admin(),
      payload: { events: ['card.moved', 'card.created'], active: false },
    });
    expect(edit.json()).toMatchObject({ webhook: { events: ['card.moved', 'card.created'], active: false } });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/webhooks/${hook}`,
      headers: admin(),
      payload: { url: 'http://169.254.169.254/' },
    });
    expect(bad.statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/webhooks/${hook}`,
      headers: admin(),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${hook}`, headers: admin() })).statusCode,
    ).toBe(200);
    for (const [method, path] of [
      ['DELETE', `/api/admin/webhooks/${hook}`],
      ['PUT', `/api/admin/webhooks/${hook}`],
      ['GET', `/api/admin/webhooks/${hook}/deliveries`],
      ['POST', '/api/admin/webhookDeliveries/999999/replay'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: path,
        headers: admin(),
        ...(method === 'PUT' ? { payload: { active: true } } : {}),
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
  });
});
