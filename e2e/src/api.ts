import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { baseUrl, clientAddress } from './browser.js';

/** Every demo account's password (apps/server/src/features/seed/demo-seed.ts). */
export const DEMO_PASSWORD = 'cutroom-demo';

/** A bearer token for a demo account, for setting data up through the API. */
export async function bearer(email: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
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

/**
 * Starts a customer's billing period afresh (an admin's renewal), so the requests a journey orders fit
 * in the demo plan whatever journeys ran before it on the same server.
 */
export async function freshBillingPeriod(customerEmail: string): Promise<void> {
  const customerId = (await call<{ client_id: number }>(await bearer(customerEmail), 'GET', '/api/me')).client_id;
  await call(await bearer('admin@cutroom.demo'), 'POST', `/api/user/${customerId}/renewSubscription`);
}

/** The toast carrying a text. */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** A fresh video request for a demo customer, made by the admin in a fresh billing period of theirs. */
export async function createRequest(title: string, customerEmail = 'customer@cutroom.demo'): Promise<number> {
  await freshBillingPeriod(customerEmail);
  const customerId = (await call<{ client_id: number }>(await bearer(customerEmail), 'GET', '/api/me')).client_id;
  const admin = await bearer('admin@cutroom.demo');
  const reply = await call<{ card_id: number }>(admin, 'POST', '/api/card', {
    client_id: customerId,
    card_title: title,
    dropbox_link: 'https://www.dropbox.com/sh/e2e-raw-footage',
    youtube_aspect_ratio: '16:9',
    video_purpose: 'youtube_content',
  });
  return reply.card_id;
}

/** Takes a request into editing with the demo editor, as the admin does (timeline, then assignment). */
export async function startEditing(cardId: number): Promise<void> {
  const admin = await bearer('admin@cutroom.demo');
  const editorId = (await call<{ client_id: number }>(await bearer('editor@cutroom.demo'), 'GET', '/api/me')).client_id;
  await call(admin, 'POST', `/api/card/${cardId}/timeline`, { card_status: 'video_request' });
  await call(admin, 'POST', '/api/card/assign', { card_id: cardId, assign_to: editorId });
}

/** Takes a card in editing through QA to Review (done) with a delivery link. */
export async function deliver(cardId: number, link = 'https://www.dropbox.com/s/e2e-final-cut.mp4'): Promise<void> {
  const admin = await bearer('admin@cutroom.demo');
  await call(admin, 'POST', `/api/card/${cardId}/moveToQa`, { card_status: 'editing', done_video_link: link });
  await call(admin, 'POST', `/api/card/${cardId}/done`, { card_status: 'qa', done_link: link, content_id: 'SYNC-E2E' });
}

/** The editor uploads a file to our storage and the card goes through QA to Review with it. */
export async function deliverStored(cardId: number, content: Buffer, name: string, type: string): Promise<void> {
  await deliver(cardId, await storeVideo(content, name, type));
}

/** The editor uploads a video to our storage (POST /api/media): its link, which a move delivers. */
export async function storeVideo(content: Buffer, name: string, type: string): Promise<string> {
  const editor = await bearer('editor@cutroom.demo');
  const form = new FormData();
  form.append('purpose', 'video');
  form.append('document', new Blob([new Uint8Array(content)], { type }), name);
  const upload = await fetch(`${baseUrl()}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${editor}` },
    body: form,
  });
  expect(upload.status).toBe(201);
  return baseUrl() + ((await upload.json()) as { url: string }).url;
}

/** A card once the media pipeline has settled every stored video of it (ready or failed). */
export async function settledCard(cardId: number, token: string, timeoutMs = 90_000): Promise<CardDetailReply> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const card = await call<CardDetailReply>(token, 'GET', `/api/card/${cardId}`);
    const media = [...Object.values(card.video_versions), ...Object.values(card.repurpose_video_versions)]
      .flat()
      .map((v) => v.media);
    if (media.every((m) => !m || m.status === 'ready' || m.status === 'failed')) return card;
    if (Date.now() > deadline) throw new Error(`media of card ${cardId} not settled: ${JSON.stringify(media)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
