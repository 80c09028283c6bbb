import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { NOTIFICATION_POLL_MS } from '@cutroom/domain';
import { launchBrowser, screenshotDir } from './browser.js';
import { bearer, call } from './api.js';
import { signedInPage } from './login.js';

// Demo accounts and cards (apps/server/src/features/seed/demo-seed.ts).
const CUSTOMER = 'customer@cutroom.demo';
const ADMIN = 'admin@cutroom.demo';
const CARD_TITLE = 'Travel diary: Lisbon';
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Well under the 30 s poll: a count that arrives this fast came over the event stream. */
const LIVE_MS = Math.min(10_000, NOTIFICATION_POLL_MS / 3);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(() => browser?.close());

const logIn = (email: string, viewport = WIDE) => signedInPage(browser, email, { viewport });

const bellCount = async (page: Page) => Number(await page.getByTestId('notification-bell').getAttribute('data-count'));

/** Staff move the customer's card between video requests and on hold, through the API. */
async function staffMove(token: string) {
  const { titles } = await call<{ titles: { card_id: number; card_title: string; card_status: string }[] }>(
    token,
    'GET',
    `/api/getCardsByTitle?title=${encodeURIComponent(CARD_TITLE)}`,
  );
  const card = titles.find((t) => t.card_title === CARD_TITLE)!;
  const to = card.card_status === 'on_hold' ? 'video_request' : 'on_hold';
  await call(token, 'POST', `/api/card/${card.card_id}/move`, { card_status: card.card_status, newStatus: to });
  return card.card_id;
}

describe('notifications', () => {
  it("the customer's bell counts up live when staff move their card, and the notification opens the card", async () => {
    const customer = await logIn(CUSTOMER);
    await customer.getByTestId('notification-bell').waitFor();
    // The count has loaded once the bell carries it (0 or more).
    await expect.poll(() => customer.getByTestId('notification-bell').getAttribute('data-count')).not.toBeNull();
    const before = await bellCount(customer);

    const admin = await bearer(ADMIN);
    const cardId = await staffMove(admin);
    await expect.poll(() => bellCount(customer), { timeout: LIVE_MS }).toBe(before + 1);
    await staffMove(admin);
    await expect.poll(() => bellCount(customer), { timeout: LIVE_MS }).toBe(before + 2);

    // The dropdown lists the latest; clicking the newest opens its card and marks it seen.
    await customer.getByTestId('notification-bell').click();
    const newest = customer.getByTestId('notification-dropdown-list').getByTestId('notification-item').first();
    await expect.poll(() => newest.textContent()).toContain(CARD_TITLE);
    await customer.screenshot({ path: path.join(screenshotDir, 'notifications-bell.png') });
    await newest.getByTestId('notification-open').click();
    await customer.waitForURL((url) => url.pathname === `/card-details/${cardId}`);
    await expect.poll(() => bellCount(customer)).toBe(before + 1);

    // The page lists it too, read now, and Mark all as read clears the bell.
    await customer.goto('/notifications');
    const items = customer.getByTestId('notification-list').getByTestId('notification-item');
    await expect.poll(() => items.first().textContent()).toContain(CARD_TITLE);
    await customer.getByTestId('notifications-mark-read').click();
    await expect.poll(() => bellCount(customer)).toBe(0);
    await customer.close();
  });

  it('the page works on a phone: tabs, filters and actions fit, the list opens a card', async () => {
    const admin = await bearer(ADMIN);
    const cardId = await staffMove(admin);
    const phone = await logIn(CUSTOMER, PHONE);
    await phone.goto('/notifications');
    await phone.getByTestId('notifications-tab-today').click();
    const first = phone.getByTestId('notification-list').getByTestId('notification-item').first();
    await expect.poll(() => first.textContent()).toContain(CARD_TITLE);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.screenshot({ path: path.join(screenshotDir, 'notifications-phone.png'), fullPage: true });
    await first.getByTestId('notification-open').click();
    await phone.waitForURL((url) => url.pathname === `/card-details/${cardId}`);
    await phone.close();
  });
});
