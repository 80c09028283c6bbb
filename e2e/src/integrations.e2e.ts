import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { INTEGRATION_MSG } from '@cutroom/domain';
import { verifyWebhookSignature } from '../../apps/server/src/platform/webhook-signature.js';
import { createRequest, startEditing } from './api.js';
import { baseUrl, launchBrowser, screenshotDir } from './browser.js';
import { signedInPage } from './login.js';

const ADMIN = 'admin@cutroom.demo';
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** What a partner's endpoint would be: a real HTTP server on loopback keeping each request. */
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.writeHead(200, { 'content-type': 'text/plain' }).end('received by the e2e receiver');
  });
});
let receiverUrl = '';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cutroom-hook`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** Waits until an element has stopped moving or growing (a drawer sliding in, an accordion opening). */
async function settled(locator: Locator) {
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await locator.boundingBox());
        const same = box === last;
        last = box;
        return same;
      },
      { interval: 150 },
    )
    .toBe(true);
}

const eventsOf = (type: string) =>
  received.filter((r) => (JSON.parse(r.body) as { type: string }).type === type && r.headers['cutroom-event'] === type);

describe('integrations', () => {
  it('an admin adds a webhook and an API token; events arrive signed, the log shows them, and Replay sends one again', async () => {
    const page = await signedInPage(browser, ADMIN, { viewport: WIDE });
    await page.getByTestId('sidebar').getByRole('link', { name: 'Integrations' }).click();
    await page.waitForURL('**/integrations');
    await page.getByText('No webhooks yet').waitFor();

    // A forbidden address is refused on the field, with the reason.
    await page.getByTestId('webhook-new').click();
    await page.getByTestId('webhook-url').fill('http://169.254.169.254/latest/meta-data/');
    await page.getByTestId('webhook-save').click();
    await page.getByText(INTEGRATION_MSG.webhookUrlLinkLocal).waitFor();
    await page.getByTestId('webhook-url').fill(receiverUrl);
    await page.getByRole('checkbox', { name: /Comment added/ }).check();
    await page.getByTestId('webhook-save').click();
    const secretBox = page.getByTestId('secret-once');
    await secretBox.waitFor();
    const secret = (await secretBox.locator('pre, code').first().textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.screenshot({ path: path.join(screenshotDir, 'integrations-webhook-secret.png') });
    await page.getByTestId('webhook-done').click();
    const row = page.locator('[data-testid^="webhook-"]').filter({ hasText: receiverUrl });
    await row.waitFor();

    // An API token that may post comments, shown once.
    await page.getByRole('tab', { name: 'API tokens' }).click();
    await page.getByText('No API tokens yet').waitFor();
    await page.getByTestId('token-new').click();
    await page.getByTestId('token-name').fill('E2E partner');
    await page.getByRole('checkbox', { name: /comments:write/ }).check();
    await page.getByTestId('token-create').click();
    await page.getByTestId('secret-once').waitFor();
    const token = (await page.getByTestId('secret-once').locator('pre, code').first().textContent())!.trim();
    expect(token).toMatch(/^ctr_/);
    await page.screenshot({ path: path.join(screenshotDir, 'integrations-token-once.png') });
    await page.getByTestId('token-done').click();
    await page.getByRole('table', { name: 'API tokens' }).getByText('E2E partner').waitFor();
    expect(await page.getByText(token).count()).toBe(0);

    // A new card, and a comment posted through the API token, reach the receiver signed.
    const cardId = await createRequest(`Webhook journey ${Date.now()}`);
    await startEditing(cardId);
    const comment = await fetch(`${baseUrl()}/api/card/${cardId}/comment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'Posted by the partner integration' }),
    });
    expect(comment.status).toBe(201);
    const refused = await fetch(`${baseUrl()}/api/users`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(403);
    await expect.poll(() => eventsOf('card.created').length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => eventsOf('comment.added').length, { timeout: 20_000 }).toBe(1);
    for (const r of received) {
      expect(verifyWebhookSignature(secret, r.headers['cutroom-signature'] as string, r.body)).toBe(true);
    }

    // The log shows both deliveries with the receiver's answer; Replay sends the comment again.
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await row.getByRole('button', { name: 'Log' }).click();
    const log = page.getByTestId('delivery-log');
    await log.waitFor();
    await log.getByText('Comment added').waitFor();
    await expect.poll(() => log.getByText('delivered').count()).toBeGreaterThanOrEqual(2);
    await log.getByText('Comment added').click();
    await log.getByRole('button', { name: 'Replay' }).first().waitFor();
    await settled(page.getByTestId('delivery-log'));
    await page.screenshot({ path: path.join(screenshotDir, 'integrations-delivery-log.png') });
    await log.getByRole('button', { name: 'Replay' }).first().click();
    await page.getByText(INTEGRATION_MSG.webhookReplayed).first().waitFor();
    await expect.poll(() => eventsOf('comment.added').length, { timeout: 20_000 }).toBe(2);
    await log.getByText(/replay of #/).waitFor();
    // The log refreshes itself while a delivery is pending.
    await expect.poll(() => log.getByText('delivered').count(), { timeout: 20_000 }).toBe(3);
    expect(eventsOf('comment.added')[1]!.body).toBe(eventsOf('comment.added')[0]!.body);
    await page.screenshot({ path: path.join(screenshotDir, 'integrations-replayed.png') });

    // A new secret, asked for and shown once: the next delivery verifies with it and not with the old one.
    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: `New secret for ${receiverUrl}` }).click();
    await page.getByTestId('rotate-secret-confirm').click();
    const rotatedBox = page.getByTestId('secret-once');
    await rotatedBox.waitFor();
    const rotated = (await rotatedBox.locator('pre, code').first().textContent())!.trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.screenshot({ path: path.join(screenshotDir, 'integrations-secret-rotated.png') });
    await page.getByTestId('rotate-secret-done').click();
    expect(await page.getByText(rotated).count()).toBe(0);
    const again = await fetch(`${baseUrl()}/api/card/${cardId}/comment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'Posted after the new secret' }),
    });
    expect(again.status).toBe(201);
    await expect.poll(() => eventsOf('comment.added').length, { timeout: 20_000 }).toBe(3);
    const latest = eventsOf('comment.added')[2]!;
    expect(verifyWebhookSignature(rotated, latest.headers['cutroom-signature'] as string, latest.body)).toBe(true);
    expect(verifyWebhookSignature(secret, latest.headers['cutroom-signature'] as string, latest.body)).toBe(false);
    await page.context().close();

    // On a phone the lists scroll sideways inside their cards and the log fills the screen.
    const phone = await signedInPage(browser, ADMIN, { viewport: PHONE });
    await phone.goto('/integrations');
    await phone.getByRole('table', { name: 'Webhooks' }).waitFor();
    await phone.screenshot({ path: path.join(screenshotDir, 'integrations-phone.png'), fullPage: true });
    await phone.getByRole('button', { name: 'Log' }).first().click();
    await phone.getByTestId('delivery-log').waitFor();
    await settled(phone.getByTestId('delivery-log'));
    // Full width on a phone.
    expect((await phone.getByTestId('delivery-log').boundingBox())!.x).toBeLessThan(40);
    await phone.screenshot({ path: path.join(screenshotDir, 'integrations-phone-log.png') });
    await phone.goto('/integrations?tab=tokens');
    await phone.getByRole('table', { name: 'API tokens' }).waitFor();
    await phone.screenshot({ path: path.join(screenshotDir, 'integrations-phone-tokens.png'), fullPage: true });
    await phone.context().close();
  });
});
