import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG } from '@cutroom/domain';
import { dataDir, launchBrowser, screenshotDir } from './browser.js';
import { bearer, call } from './api.js';
import { signedInPage } from './login.js';

// Demo accounts (apps/server/src/features/seed/demo-seed.ts); Google is the loopback fake of global-setup.ts.
const CUSTOMER = 'customer@cutroom.demo';
const ADMIN = 'admin@cutroom.demo';
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(() => browser?.close());

const viewsOn = (page: Page) => page.getByTestId('analytics-views-value');

async function choosePeriod(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: label }).click();
}

describe('YouTube analytics', () => {
  it('the customer connects through Google, reads and switches periods, the admin reads the same, the customer disconnects', async () => {
    const customerId = (await call<{ client_id: number }>(await bearer(CUSTOMER), 'GET', '/api/me')).client_id;
    // A journey run before on this server may have left the channel connected.
    await call(await bearer(CUSTOMER), 'DELETE', '/api/delete-tokens');

    const page = await signedInPage(browser, CUSTOMER, { viewport: WIDE });
    await page.goto('/profile?tab=analytics');
    await page.getByText(MSG.analyticsSignIn).waitFor();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    // Off to the fake Google, which consents at once and sends the browser back through /oauth/google.
    await page.waitForURL((url) => url.pathname === '/profile' && url.searchParams.get('tab') === 'analytics');
    await viewsOn(page).waitFor();
    const weekViews = await viewsOn(page).textContent();
    expect(Number(weekViews?.replace(/,/g, ''))).toBeGreaterThan(0);
    // Six cards, each with an arrow or "No change" against the week before.
    await expect.poll(() => page.locator('[data-direction]').count()).toBe(6);
    await page.screenshot({ path: path.join(screenshotDir, 'analytics-customer-7days-1440.png'), fullPage: true });

    await choosePeriod(page, '30 days');
    await expect.poll(() => page.getByTestId('analytics-range').textContent()).toContain('compared with');
    await expect.poll(async () => (await viewsOn(page).textContent()) !== weekViews).toBe(true);

    await choosePeriod(page, '9 months (All)');
    await expect.poll(() => page.getByTestId('analytics-range').textContent()).not.toContain('compared with');
    await expect.poll(() => page.locator('[data-direction]').count()).toBe(0);
    await page.screenshot({ path: path.join(screenshotDir, 'analytics-customer-9months-1440.png'), fullPage: true });

    // The admin reads the customer's figures on the customer's profile, without a Disconnect button.
    const admin = await signedInPage(browser, ADMIN, { viewport: WIDE });
    await admin.goto(`/customer/${customerId}/profile?tab=analytics`);
    await viewsOn(admin).waitFor();
    expect(await viewsOn(admin).textContent()).toBe(weekViews);
    expect(await admin.getByRole('button', { name: 'Disconnect' }).count()).toBe(0);
    await admin.screenshot({ path: path.join(screenshotDir, 'analytics-admin-1440.png'), fullPage: true });

    // On a phone the customer sees the cards stacked, and disconnects.
    const phone = await signedInPage(browser, CUSTOMER, { viewport: PHONE });
    await phone.goto('/profile?tab=analytics');
    await viewsOn(phone).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.screenshot({ path: path.join(screenshotDir, 'analytics-customer-390.png'), fullPage: true });
    await phone.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = phone.getByRole('dialog');
    await dialog.getByText(MSG.confirmGoogleDisconnect).waitFor();
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await phone.getByText(MSG.analyticsSignIn).waitFor();
    await phone.screenshot({ path: path.join(screenshotDir, 'analytics-disconnected-390.png'), fullPage: true });

    await admin.reload();
    await admin.getByText(MSG.analyticsCustomerNotConnected).waitFor();

    // Nothing secret reached the server's log: no code, token or client secret, and the return URL redacted.
    const log = fs.readFileSync(path.join(dataDir(), 'server.log'), 'utf8');
    expect(log).toContain('/oauth/google?code=%5Bredacted%5D');
    for (const secret of [/4\/fake-code-/, /ya29\.fake-/, /1\/\/fake-refresh-/, /fake-secret-/])
      expect(log).not.toMatch(secret);
  });
});
