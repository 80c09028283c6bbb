import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, clientAddress, launchBrowser, screenshotDir } from './browser.js';
import { bearer, createRequest, deliverStored, settledCard, startEditing } from './api.js';
import { submitLogin } from './login.js';
import { numberedClip } from './numbered-clip.js';
import { playerReady } from './player.js';

// The review on a phone (issue 54): the draw bar leaves the frame's top in sight, no hints about keys a touch
// screen hasn't got, and toasts that leave the top bar's controls in reach.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A signed-in phone: a narrow screen whose pointer is a finger. */
async function phonePage(email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'America/New_York',
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const page = await context.newPage();
  await submitLogin(page, email);
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

const below = async (page: Page, upper: string, lower: string) => {
  const top = (await page.getByTestId(upper).boundingBox())!;
  const bottom = (await page.getByTestId(lower).boundingBox())!;
  return bottom.y >= top.y + top.height - 0.5;
};

describe('reviewing on a phone (issue 54)', () => {
  it('draws under the picture, hints at no keys, and toasts below the top bar', async () => {
    const cardId = await createRequest(`Phone review ${Date.now()}`);
    await startEditing(cardId);
    await deliverStored(cardId, numberedClip('30/1', 4), 'phone-review.mp4', 'video/mp4');
    await settledCard(cardId, await bearer('customer@cutroom.demo'));
    const page = await phonePage('customer@cutroom.demo');
    await page.goto(`/card-details/${cardId}`);
    await playerReady(page);

    // Keys a phone hasn't got: no shortcut sheet button, no "Enter to send".
    await expect.poll(() => page.getByRole('button', { name: 'Keyboard shortcuts' }).isVisible()).toBe(false);
    await expect.poll(() => page.getByText('Enter to send').isVisible()).toBe(false);

    // The draw bar sits under the picture, not over its top.
    await page.getByRole('button', { name: 'Annotate' }).tap();
    await page.getByTestId('draw-bar').waitFor();
    expect(await below(page, 'video-element', 'draw-bar')).toBe(true);
    await page.getByTestId('video-player').screenshot({ path: path.join(screenshotDir, 'review-phone-draw.png') });
    await page.getByRole('button', { name: 'Stop drawing' }).tap();

    // A toast (the note's "added") leaves the top bar's menu and bell uncovered.
    await page.getByTestId('comment-input').fill('Seen on the phone');
    await page.getByTestId('comment-send').tap();
    const toast = page.locator('.Toastify__toast').first();
    await toast.waitFor();
    const bar = (await page.locator('header').first().boundingBox())!;
    await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    await page.screenshot({ path: path.join(screenshotDir, 'review-phone-toast.png') });
    await page.context().close();
  }, 180_000);
});
