import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { GUEST_MSG } from '@cutroom/domain';
import { baseUrl, launchBrowser, newPage, screenshotDir } from './browser.js';
import { bearer, createRequest, deliver, startEditing } from './api.js';
import { signedInPage } from './login.js';
import { playerReady } from './player.js';

// Issue 19, guest review links: the customer shares one card's review with someone who has no account.
const CUSTOMER = 'customer@cutroom.demo';
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'studio-guest-2026';
const CLIP = path.resolve(import.meta.dirname, '../../apps/server/demo-media/review-16x9-v1.mp4');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(() => browser?.close());

/** A card of the customer in Review, its video on the portal's own storage. */
async function deliveredCard(title: string): Promise<number> {
  const admin = await bearer('admin@cutroom.demo');
  const form = new FormData();
  form.append('document', new Blob([new Uint8Array(fs.readFileSync(CLIP))], { type: 'video/mp4' }), 'guest-cut.mp4');
  const upload = await fetch(`${baseUrl()}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  expect(upload.status).toBe(201);
  const cardId = await createRequest(title, CUSTOMER);
  await startEditing(cardId);
  await deliver(cardId, `${baseUrl()}${((await upload.json()) as { url: string }).url}`);
  return cardId;
}

describe('guest review links', () => {
  it('a customer shares a password-locked link; the guest opens it, notes a moment, and the customer reads it as a guest note; turned off, it opens no more', async () => {
    const title = `Guest review journey ${Date.now()}`;
    const cardId = await deliveredCard(title);

    const customer = await signedInPage(browser, CUSTOMER, { viewport: WIDE });
    await customer.goto(`/card-details/${cardId}`);
    await customer.getByRole('tab', { name: 'Video & Comments' }).click();
    await customer.getByRole('button', { name: 'Share for review' }).click();
    const dialog = customer.getByRole('dialog', { name: 'Share for review' });
    await dialog.getByLabel('Who is it for?').fill('Maria, marketing');
    await dialog.getByLabel('Password (optional)').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByTestId('guest-link-url').inputValue();
    expect(url).toMatch(/\/review\/[\w-]{43}$/);
    await dialog.getByTestId('guest-link').first().waitFor();
    await customer.screenshot({ path: path.join(screenshotDir, 'guest-link-dialog.png') });
    await customer.keyboard.press('Escape');

    // The guest: a browser with no account; the link's path on this server.
    const guest = await newPage(browser, WIDE);
    const linkPath = new URL(url).pathname;
    await guest.goto(linkPath);
    await guest.getByLabel('Your name').fill('Maria Lopez');
    await guest.getByRole('button', { name: 'Open the review' }).click();
    await guest.getByTestId('guest-open-error').filter({ hasText: GUEST_MSG.refused }).waitFor();
    await guest.getByLabel('Password').fill(PASSWORD);
    await guest.getByRole('button', { name: 'Open the review' }).click();
    await guest.getByRole('heading', { name: title }).waitFor();
    await playerReady(guest);

    await guest.getByTestId('video-element').evaluate((v) => {
      (v as HTMLVideoElement).currentTime = 2;
    });
    await guest.getByLabel('At 0:02 of the video').waitFor();
    await guest.getByLabel('Your note').fill('Could the logo come in a beat later?');
    await guest.getByRole('button', { name: 'Add note' }).click();
    const mine = guest.getByTestId('guest-note').filter({ hasText: 'Could the logo come in a beat later?' });
    await mine.waitFor();
    expect(await mine.getAttribute('data-side')).toBe('guest');
    expect(await mine.textContent()).toContain('Maria Lopez (guest)');
    await guest.screenshot({ path: path.join(screenshotDir, 'guest-review.png') });

    // The customer's chat has it, marked as a guest's, at its moment.
    await customer.reload();
    await customer.getByRole('tab', { name: 'Video & Comments' }).click();
    const seen = customer.getByTestId('chat-note').filter({ hasText: 'Could the logo come in a beat later?' });
    await seen.waitFor();
    expect(await seen.getByTestId('guest-badge').textContent()).toBe('Guest');
    expect(await seen.textContent()).toContain('Maria Lopez');
    await customer.screenshot({ path: path.join(screenshotDir, 'guest-note-in-chat.png') });

    // On a phone the guest's page stacks the player over the notes.
    await guest.setViewportSize(PHONE);
    await guest.screenshot({ path: path.join(screenshotDir, 'guest-review-phone.png'), fullPage: true });

    // Turned off, the link ends the visit: the guest is asked again and refused.
    await customer.getByRole('button', { name: 'Share for review' }).click();
    await customer.getByRole('dialog', { name: 'Share for review' }).getByRole('button', { name: 'Turn off' }).click();
    await customer.getByTestId('guest-link').filter({ hasText: 'Turned off' }).waitFor();
    await guest.reload();
    await guest.getByLabel('Your name').waitFor();
    await guest.getByRole('button', { name: 'The link came with a password' }).click();
    await guest.getByLabel('Password').fill(PASSWORD);
    await guest.getByRole('button', { name: 'Open the review' }).click();
    await guest.getByTestId('guest-open-error').filter({ hasText: GUEST_MSG.refused }).waitFor();
    await guest.context().close();
    await customer.context().close();
  });
});
