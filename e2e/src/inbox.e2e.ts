import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG } from '@cutroom/domain';
import { launchBrowser, liveStreamOpened, screenshotDir } from './browser.js';
import { signedInPage } from './login.js';

// Demo accounts (apps/server/src/features/seed/demo-seed.ts): the demo QA serves the demo customer.
const CUSTOMER = 'customer@cutroom.demo';
const QA = 'qa@cutroom.demo';
const WIDE = { width: 1440, height: 900 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(() => browser?.close());

const logIn = (email: string, viewport = WIDE) => signedInPage(browser, email, { viewport });

/** The thread's row in the list, found by its title. */
const threadRow = (page: Page, title: string) => page.getByTestId('inbox-thread').filter({ hasText: title });

describe('support inbox', () => {
  it('a customer writes to support; staff see the unseen badge, reply and resolve; the customer re-opens with a message', async () => {
    const title = `Export looks blurry ${Date.now()}`;

    // The customer writes to support: OK stays off until Title and Message are filled.
    const customer = await logIn(CUSTOMER);
    await customer.goto('/inbox');
    await customer.getByTestId('inbox-new').click();
    const ok = customer.getByTestId('inbox-new-ok');
    expect(await ok.isDisabled()).toBe(true);
    await customer.getByTestId('inbox-new-title').fill(title);
    expect(await ok.isDisabled()).toBe(true);
    await customer.getByTestId('inbox-new-message').fill('The 4K export of my last video looks blurry.');
    await ok.click();
    await customer.getByText(MSG.inboxCreated).first().waitFor();
    await customer.getByTestId('inbox-chat').getByText('The 4K export of my last video looks blurry.').waitFor();

    // The QA sees the unseen badge on Support and the thread's green border.
    const qa = await logIn(QA);
    const badge = qa.getByTestId('support-unseen-badge');
    await badge.waitFor();
    expect(Number(await badge.getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
    await qa.getByRole('link', { name: /Support/ }).click();
    await qa.waitForURL((url) => url.pathname === '/inbox');
    const row = threadRow(qa, title);
    await row.waitFor();
    expect(await row.getAttribute('data-unseen')).toBe('true');
    await row.click();
    await qa.waitForFunction(
      (t) =>
        Array.from(document.querySelectorAll('[data-testid="inbox-thread"]')).some(
          (el) => el.textContent?.includes(t) && el.getAttribute('data-unseen') === 'false',
        ),
      title,
    );

    // The QA replies: Shift+Enter breaks the line, Enter sends; the customer's open chat shows it live.
    const composer = qa.getByTestId('inbox-composer-input');
    await composer.click();
    await composer.pressSequentially('Thanks, we will re-export it.');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('Expect it today.');
    await composer.press('Enter');
    await qa.getByTestId('inbox-chat').getByText('Expect it today.').waitFor();
    await customer.getByTestId('inbox-chat').getByText('Thanks, we will re-export it.').waitFor();

    // The QA resolves after the spec's question; the customer's chat turns to Re-open live.
    await qa.getByTestId('inbox-resolve').click();
    const dialog = qa.getByRole('dialog');
    await dialog.getByText(MSG.confirmResolveInbox).waitFor();
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await qa.getByTestId('inbox-resolved-note').waitFor();
    await customer.getByTestId('inbox-reopen-input').waitFor();
    await qa.screenshot({ path: path.join(screenshotDir, 'inbox-resolved.png') });
    // The QA leaves the thread (an open thread is seen as messages arrive). An event sent before the new page's
    // stream is open would reach only its next fetch, so the customer writes once the stream is up.
    const qaListening = liveStreamOpened(qa);
    await qa.goto('/');
    await qa.getByRole('link', { name: /Support/ }).waitFor();
    await qaListening;

    // The customer re-opens it with a new message; the thread is active again for the QA, unseen.
    await customer.getByTestId('inbox-reopen-input').fill('It is still blurry on mobile.');
    await customer.getByTestId('inbox-reopen-input').press('Enter');
    await customer.getByTestId('inbox-composer-input').waitFor();
    await customer.getByText(MSG.inboxReopened).first().waitFor();

    await qa.getByTestId('support-unseen-badge').waitFor();
    await qa.getByRole('link', { name: /Support/ }).click();
    const reopened = threadRow(qa, title);
    // The list the QA left comes back from the cache first (seen) while its refetch runs: a loaded machine read it then.
    await expect.poll(() => reopened.getAttribute('data-unseen'), { timeout: 15_000 }).toBe('true');
    await reopened.click();
    await qa.getByTestId('inbox-chat').getByText('It is still blurry on mobile.').waitFor();
    await qa.getByTestId('inbox-composer-input').waitFor();
    await customer.screenshot({ path: path.join(screenshotDir, 'inbox-customer.png') });
  });

  it('on a phone the list and the chat are two steps, with a way back', async () => {
    const phone = await logIn(CUSTOMER, { width: 390, height: 844 });
    await phone.goto('/inbox');
    const first = phone.getByTestId('inbox-thread').first();
    await first.waitFor();
    expect(await phone.getByTestId('inbox-chat').count()).toBe(0);
    await first.click();
    await phone.getByTestId('inbox-chat').waitFor();
    expect(await phone.getByTestId('inbox-thread').count()).toBe(0);
    await phone.getByRole('button', { name: 'Back to messages' }).click();
    await phone.getByTestId('inbox-thread').first().waitFor();
    expect(await phone.getByTestId('inbox-chat').count()).toBe(0);
  });
});
