import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MSG, sidebarFor } from '@cutroom/domain';
import { latestMail, launchBrowser, linkFromMail, newPage, screenshotDir } from './browser.js';
import { submitLogin } from './login.js';

// The demo accounts the server seeds (apps/server/src/features/seed/demo-seed.ts).
const DEMO = [
  ['admin@cutroom.demo', 'admin'],
  ['lead@cutroom.demo', 'team-lead'],
  ['qa@cutroom.demo', 'qa'],
  ['editor@cutroom.demo', 'editor'],
  ['helperlead@cutroom.demo', 'yt-helper-lead'],
  ['helper@cutroom.demo', 'yt-helper'],
  ['customer@cutroom.demo', 'customer'],
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(() => browser?.close());

describe('accounts', () => {
  it("a wrong password shows 'Incorrect login credentials' and stays on the login page", async () => {
    const page = await newPage(browser);
    await submitLogin(page, 'admin@cutroom.demo', 'not-the-password');
    await expect.poll(() => page.getByText(MSG.loginFailed).first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('signs up, verifies the email from the mailed link, logs in and sees the profile', async () => {
    const page = await newPage(browser);
    const email = `e2e-${Date.now()}@example.com`;
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Erin');
    await page.getByLabel('Last name').fill('Endtoend');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-strong-password');
    await page.getByRole('button', { name: /sign up|create account/i }).click();
    await page.waitForURL('**/login**');

    const link = linkFromMail(latestMail(email), '/verify-email');
    await page.goto(link);
    await expect.poll(() => page.getByText(MSG.verifySuccess).first().isVisible(), { timeout: 10_000 }).toBe(true);
    await page.waitForURL('**/login**');

    await submitLogin(page, email, 'a-strong-password');
    await page.waitForURL('**/profile');
    await expect.poll(() => page.getByText('Complete your registration').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(email);
    await page.screenshot({ path: path.join(screenshotDir, 'profile-new-customer.png') });

    // Completing the registration: the footage-sharing email is the one missing piece.
    await page.getByLabel('Gdrive or Dropbox email').fill('footage@example.com');
    await page.getByTestId('profile-update').click();
    await page.getByRole('button', { name: 'Yes, update' }).click();
    await expect.poll(() => page.getByText(MSG.profileUpdated).first().isVisible()).toBe(true);
    // After a save the user goes home (spec 002 §2); the profile is complete from then on.
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/profile');
    await expect.poll(() => page.getByRole('heading', { name: 'Your Profile' }).isVisible()).toBe(true);
    await page.context().close();
  });

  /** A menu item's name, with Support's unseen count when another journey left messages unread ('Support 1 unseen'). */
  const linkName = (label: string) =>
    new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\d+\\+? unseen)?$`);

  for (const [email, role] of DEMO) {
    it(`${role} sees the ${role} sidebar`, async () => {
      const page = await newPage(browser);
      await submitLogin(page, email);
      const sidebar = page.getByTestId('sidebar');
      await sidebar.waitFor();
      for (const item of sidebarFor(role)) {
        await expect
          .poll(() => sidebar.getByRole('link', { name: linkName(item.label) }).count(), { message: item.label })
          .toBe(1);
      }
      const links = await sidebar.getByRole('link').count();
      expect(links).toBe(sidebarFor(role).length);
      await page.screenshot({ path: path.join(screenshotDir, `shell-${role}.png`) });
      await page.context().close();
    });
  }
});
