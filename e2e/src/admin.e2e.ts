import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MSG } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { launchBrowser, screenshotDir } from './browser.js';
import { signedInPage } from './login.js';

// Demo accounts (apps/server/src/features/seed/demo-seed.ts).
const ADMIN = 'admin@cutroom.demo';
const QA_NAME = 'Quinn Checker';
const EDITOR = 'editor@cutroom.demo';
const WIDE = { width: 1440, height: 900 };
const WEB = { 'X-Requested-With': 'cutroom-web' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(() => browser?.close());

/** Logs in through the form; where the app lands next (home or /profile) is the caller's to check. */
const logIn = (email: string, password?: string) => signedInPage(browser, email, { viewport: WIDE, password });

/** Narrows /customers to one customer by the search box and waits for their card. */
async function findCustomer(page: Page, name: string) {
  await page.goto('/customers');
  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  await page.getByRole('link', { name, exact: true }).waitFor();
}

/** A day as New York counts it (the browser's time zone and the server's 'today'), shifted by whole days. */
function nyDay(shift = 0): Date {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + shift));
}
const iso = (day: Date) => day.toISOString().slice(0, 10);
/** The calendar's name for a day button, e.g. '23 November 2026' (Mantine's 'D MMMM YYYY'). */
const dayLabel = (day: Date) =>
  `${day.getUTCDate()} ${day.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${day.getUTCFullYear()}`;

/** Opens a date picker and clicks the day (waiting for it to be taken), paging the calendar on (a few months at most) until it shows. */
async function pickDate(page: Page, picker: Locator, day: Date) {
  await picker.click();
  const next = page.locator('button[data-direction="next"]:visible').first();
  await next.waitFor();
  const button = page.getByRole('button', { name: dayLabel(day), exact: true }).locator('visible=true');
  for (let i = 0; i < 3 && (await button.count()) === 0; i++) await next.click();
  await button.first().click();
  // The calendar closes and the field shows the day before the next picker opens (or the form is sent).
  await expect.poll(() => page.locator('button[data-direction="next"]:visible').count()).toBe(0);
  await expect.poll(() => picker.textContent()).toContain(iso(day));
}

/** Picks one of /users' filters (All Users, On Leave, Working) in its segmented control. */
async function filterUsers(page: Page, label: string) {
  await page.getByRole('radiogroup', { name: 'Filter' }).getByText(label, { exact: true }).click();
}

describe('administration', () => {
  it('admin adds a customer with a generated password, sets plan and QA; the customer changes the password, requests, and is blocked once deactivated', async () => {
    const stamp = Date.now();
    const first = 'Nora';
    const last = `Newclient${stamp}`;
    const name = `${first} ${last}`;
    const email = `new-client-${stamp}@example.com`;

    // The admin adds the customer with a generated password.
    const admin = await logIn(ADMIN);
    await admin.waitForURL((url) => url.pathname === '/');
    await admin.goto('/customers');
    await admin.getByRole('button', { name: 'Add Customer' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add Customer' });
    await dialog.waitFor();
    await dialog.getByLabel('First name').fill(first);
    await dialog.getByLabel('Last name').fill(last);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const notice = dialog.getByTestId('generated-password');
    await notice.waitFor();
    const password = (await notice.locator('code').textContent())?.trim() ?? '';
    expect(password.length).toBeGreaterThanOrEqual(8);
    await dialog.getByTestId('add-user-submit').click();
    await dialog.waitFor({ state: 'detached' });

    // Its profile: a plan and a QA, saved after the confirmation.
    await findCustomer(admin, name);
    await admin.getByRole('link', { name, exact: true }).click();
    await admin.waitForURL(/\/customer\/\d+\/profile$/);
    const customerId = Number(/\/customer\/(\d+)\//.exec(admin.url())![1]);
    // The plan on the Billing tab, the QA on Basic Info: each part saves on its own.
    await admin.getByRole('tab', { name: 'Billing' }).click();
    await admin.getByRole('region', { name: 'Plan and billing' }).getByLabel('Plan', { exact: true }).click();
    await admin.getByRole('option', { name: 'WEEKLY', exact: true }).click();
    await admin.getByTestId('billing-save').click();
    await admin.getByRole('button', { name: 'Update', exact: true }).click();
    await admin.getByRole('dialog').waitFor({ state: 'detached' });
    await admin.getByRole('tab', { name: 'Basic Info' }).click();
    await admin.getByRole('region', { name: 'Team' }).getByLabel('QA 1', { exact: true }).click();
    await admin.getByRole('option', { name: QA_NAME }).click();
    await admin.getByTestId('customer-save').click();
    await admin.getByRole('button', { name: 'Update', exact: true }).click();
    await expect
      .poll(async () => {
        const res = await admin.request.get(`/api/user/${customerId}`, { headers: WEB });
        const user = (await res.json()) as UserView;
        return [user.subscription_type, user.qas.map((q) => q.fullname)];
      })
      .toEqual(['weekly', [QA_NAME]]);
    await admin.screenshot({ path: path.join(screenshotDir, 'admin-customer-profile.png'), fullPage: true });

    // The customer logs in with the generated password and must replace it first.
    const customer = await logIn(email, password);
    await customer.waitForURL('**/profile**');
    await customer.getByTestId('temporary-password-notice').waitFor();
    await customer.getByRole('tab', { name: 'Change Password' }).click();
    const fresh = `fresh-pass-${stamp}`;
    await customer.getByLabel('New Password').fill(fresh);
    await customer.getByLabel('Confirm Password').fill(fresh);
    await customer.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => customer.getByText(MSG.passwordChanged).first().isVisible()).toBe(true);
    await expect.poll(() => customer.getByTestId('temporary-password-notice').count()).toBe(0);

    // Completing the registration: the footage-sharing email is what a new customer lacks.
    await customer.getByRole('tab', { name: 'Basic Info' }).click();
    await customer.getByLabel('Gdrive or Dropbox email').fill('footage@example.com');
    await customer.getByTestId('profile-update').click();
    await customer.getByRole('button', { name: 'Yes, update' }).click();
    await expect.poll(() => customer.getByText(MSG.profileUpdated).first().isVisible()).toBe(true);

    // A request through /new-card.
    const title = `First request ${stamp}`;
    await customer.goto('/new-card');
    await customer.getByTestId('card-title').fill(title);
    await customer.getByTestId('dropbox-link').fill('https://www.dropbox.com/sh/e2e-raw-footage');
    await customer.getByTestId('ratio-16:9').click();
    await customer.getByTestId('video-purpose').click();
    await customer.getByRole('option', { name: 'Podcast', exact: true }).click();
    await customer.getByTestId('request-next').click();
    await customer.getByTestId('additional-info').waitFor();
    await customer.getByTestId('request-create').click();
    await expect.poll(() => customer.getByText(MSG.newRequestCreated).first().isVisible()).toBe(true);
    await customer.waitForURL((url) => url.pathname === '/');
    expect(await customer.getByTestId('create-request').getAttribute('aria-disabled')).toBe('false');

    // The admin deactivates the customer on /customers.
    await findCustomer(admin, name);
    await admin.getByRole('button', { name: `Deactivate ${name}` }).click();
    await admin
      .getByRole('dialog', { name: 'Deactivate customer' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await admin.getByRole('button', { name: `Activate ${name}` }).waitFor();

    // The customer's Create is disabled with the reason, and the server refuses a request.
    await customer.reload();
    const create = customer.getByTestId('create-request');
    await expect.poll(() => create.getAttribute('aria-disabled'), { timeout: 10_000 }).toBe('true');
    await create.hover();
    await expect.poll(() => customer.getByText(MSG.subscriptionInactive).first().isVisible()).toBe(true);
    await customer.screenshot({ path: path.join(screenshotDir, 'admin-customer-deactivated.png') });
    const refused = await customer.request.post('/api/card', {
      headers: WEB,
      data: {
        card_title: `Refused ${stamp}`,
        dropbox_link: 'https://www.dropbox.com/sh/raw?dl=0',
        youtube_aspect_ratio: '16:9',
        video_purpose: 'podcast',
      },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'SUBSCRIPTION_INACTIVE',
      error_message: MSG.subscriptionInactive,
    });

    await customer.context().close();
    await admin.context().close();
  });
  it('admin posts an announcement covering today and activates it; the editor sees the banner at home', async () => {
    const heading = `Studio notice ${Date.now()}`;
    const text = 'The render farm is down for maintenance tonight.';
    const admin = await logIn(ADMIN);
    await admin.goto('/settings?tab=announcements');
    const form = admin.getByRole('form', { name: 'Announcement form' });
    await form.getByTestId('announcement-heading').fill(heading);
    await form.getByTestId('announcement-text').fill(text);
    await pickDate(admin, form.getByLabel('Start date'), nyDay(0));
    await pickDate(admin, form.getByLabel('End date'), nyDay(2));
    await form.getByTestId('announcement-save').click();
    const row = admin.getByRole('row').filter({ hasText: heading });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${iso(nyDay(0))} – ${iso(nyDay(2))}`);
    await row.getByRole('button', { name: 'Activate' }).click();
    await row.getByRole('button', { name: 'Deactivate' }).waitFor();
    await expect.poll(() => row.getByText('Active', { exact: true }).isVisible()).toBe(true);
    await admin.screenshot({ path: path.join(screenshotDir, 'admin-announcement.png'), fullPage: true });
    await admin.context().close();

    const editor = await logIn(EDITOR);
    await editor.waitForURL((url) => url.pathname === '/');
    const banner = editor.getByTestId('announcement-banner');
    await expect.poll(() => banner.getByText(heading).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => banner.getByText(text).isVisible()).toBe(true);
    await editor.screenshot({ path: path.join(screenshotDir, 'editor-announcement-banner.png') });
    await editor.context().close();
  });

  it("admin adds a holiday and a leave on the QA's profile covering today; the QA shows as on leave", async () => {
    const admin = await logIn(ADMIN);

    // A holiday, listed once saved.
    const holiday = `Founders day ${Date.now()}`;
    await admin.goto('/settings?tab=holidays');
    const holidayForm = admin.getByRole('form', { name: 'Holiday form' });
    await pickDate(admin, holidayForm.getByLabel('Date'), nyDay(20));
    await holidayForm.getByTestId('holiday-title').fill(holiday);
    await holidayForm.getByTestId('holiday-save').click();
    const holidayRow = admin.getByRole('row').filter({ hasText: holiday });
    await holidayRow.waitFor();
    expect(await holidayRow.textContent()).toContain(iso(nyDay(20)));

    // The QA is working until the leave: listed under Working on /users, whence the admin opens the profile.
    await admin.goto('/users');
    await admin.getByRole('textbox', { name: 'Search' }).fill(QA_NAME);
    const qaLink = admin.getByRole('link', { name: QA_NAME, exact: true });
    await filterUsers(admin, 'Working');
    await expect.poll(() => qaLink.count(), { timeout: 10_000 }).toBe(1);
    await qaLink.click();
    await admin.waitForURL(/\/user\/\d+\/profile/);

    // A leave on the QA's profile, from today.
    await admin.getByRole('tab', { name: /Leave/ }).click();
    const leaveForm = admin.getByRole('form', { name: 'Add leave' });
    await pickDate(admin, leaveForm.getByLabel('Start date'), nyDay(0));
    await pickDate(admin, leaveForm.getByLabel('End date'), nyDay(2));
    const reason = `Conference ${Date.now()}`;
    await leaveForm.getByLabel('Reason').fill(reason);
    await leaveForm.getByTestId('leave-submit').click();
    const leaveRow = admin.getByRole('row').filter({ hasText: reason });
    await leaveRow.waitFor();
    expect(await leaveRow.textContent()).toContain(iso(nyDay(0)));
    expect(await leaveRow.textContent()).toContain(iso(nyDay(2)));
    await admin.screenshot({ path: path.join(screenshotDir, 'admin-qa-leave.png'), fullPage: true });

    // On /users the QA has moved from Working to On Leave, with the badge.
    await admin.goto('/users');
    await admin.getByRole('textbox', { name: 'Search' }).fill(QA_NAME);
    await filterUsers(admin, 'On Leave');
    await expect.poll(() => qaLink.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => admin.getByText('On leave', { exact: true }).first().isVisible()).toBe(true);
    await filterUsers(admin, 'Working');
    await expect.poll(() => qaLink.count(), { timeout: 10_000 }).toBe(0);
    await filterUsers(admin, 'On Leave');
    await expect.poll(() => qaLink.count(), { timeout: 10_000 }).toBe(1);
    await admin.screenshot({ path: path.join(screenshotDir, 'admin-users-on-leave.png') });
    await admin.context().close();
  });
});
