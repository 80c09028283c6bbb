import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { APPROVAL_TEXT } from '@cutroom/domain';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { animationsDone, launchBrowser, newPage, screenshotDir } from './browser.js';
import { bearer, call, createRequest, deliver, startEditing } from './api.js';
import { signedInPage } from './login.js';

const WIDE = { width: 1440, height: 900 };
const CUSTOMER = 'customer@cutroom.demo';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('an approval round', () => {
  it('the customer makes an approver link, sees the round wait for both, approves, and the rule holds Mark As Done', async () => {
    const cardId = await createRequest(`Approval journey ${Date.now()}`);
    await startEditing(cardId);
    await deliver(cardId);
    const customer = await bearer(CUSTOMER);
    await call(customer, 'PUT', `/api/card/${cardId}/approval`, { rule: 'all' });

    const page = await signedInPage(browser, CUSTOMER, { viewport: WIDE });
    await page.goto(`/card-details/${cardId}`);
    // A link for the legal team, made as an approver from the share menu.
    await page.getByRole('button', { name: 'Share for review' }).click();
    await page.getByLabel('Who is it for?').fill('Legal');
    await page.getByTestId('guest-link-approver-toggle').check();
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.getByTestId('guest-link-made').waitFor();
    const linkPath = new URL(await page.getByTestId('guest-link-url').inputValue()).pathname;
    await page.keyboard.press('Escape');

    const round = page.getByTestId('approval-round');
    await expect
      .poll(() => round.getByTestId('approval-pending').textContent())
      .toBe('Still to approve: Cleo Creator, Legal');
    await round.getByLabel('Note with your decision').fill('Looks great to me');
    await round.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(() => round.getByTestId('approval-pending').textContent(), { timeout: 15_000 })
      .toBe('Still to approve: Legal');
    expect(await round.getByTestId('approval-decision').textContent()).toContain('Approved');
    expect(await round.getByLabel('Note with your decision').inputValue()).toBe('');
    await animationsDone(page);
    await page.screenshot({ path: path.join(screenshotDir, 'approval-round.png') });

    // Legal has not approved: Mark As Done is refused, naming them.
    const refused = await fetch(`${page.url().split('/card-details')[0]}/api/card/${cardId}/markComplete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ card_id: cardId, cardSection: 'done' }),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error_message: string }).error_message).toBe(
      APPROVAL_TEXT.pending.replace('{names}', 'Legal'),
    );
    const card = await call<CardDetailReply>(customer, 'GET', `/api/card/${cardId}`);
    expect(card.approval).toMatchObject({ rule: 'all', approved: false, pending: ['Legal'] });

    // Legal opens the link, sees the round and approves from the guest page.
    const guest = await newPage(browser, WIDE);
    await guest.goto(linkPath);
    await guest.getByLabel('Your name').fill('Lee from Legal');
    await guest.getByRole('button', { name: 'Open the review' }).click();
    const guestRound = guest.getByTestId('approval-round');
    await expect
      .poll(() => guestRound.getByTestId('approval-pending').textContent(), { timeout: 15_000 })
      .toBe('Still to approve: Legal');
    await guestRound.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(() => guestRound.getByTestId('approval-state').textContent(), { timeout: 15_000 })
      .toBe('Approved');
    await guest.screenshot({ path: path.join(screenshotDir, 'approval-guest.png') });
    await guest.context().close();

    // Now the card completes.
    await page.reload();
    await expect.poll(() => round.getByTestId('approval-state').textContent(), { timeout: 15_000 }).toBe('Approved');
    await page.getByRole('button', { name: 'Mark As Done' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^(Yes|Confirm|Mark As Done)$/ })
      .click();
    await expect
      .poll(async () => (await call<CardDetailReply>(customer, 'GET', `/api/card/${cardId}`)).is_complete, {
        timeout: 15_000,
      })
      .toBe(true);
    await page.context().close();
  });
});
