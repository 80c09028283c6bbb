import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { APPROVAL_TEXT, DOWNLOAD_TEXT, GUEST_COOKIE } from '@cutroom/domain';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { animationsDone, baseUrl, launchBrowser, newPage, screenshotDir } from './browser.js';
import { bearer, call, createRequest, deliverStored, settledCard, startEditing, toast } from './api.js';
import { signedInPage } from './login.js';
import { numberedClip } from './numbered-clip.js';
import { playerReady } from './player.js';

const WIDE = { width: 1440, height: 900 };
const CUSTOMER = 'customer@cutroom.demo';
/** What a loaded machine may take to show a change. */
const SLOW = { timeout: 15_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Plays the review player from the start for about `seconds`, then pauses it. */
async function playFor(page: Page, seconds: number) {
  const video = page.getByTestId('video-element');
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), SLOW).toBeGreaterThan(seconds);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
}

/** A guest opens an approver link and decides through the API, as a second browser would. */
async function guestDecides(linkToken: string, name: string, decision: string) {
  const opened = await fetch(`${baseUrl()}/api/guest/open`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: linkToken, name }),
  });
  expect(opened.status).toBe(200);
  const cookie = opened.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${GUEST_COOKIE}=`))!
    .split(';')[0]!;
  const decided = await fetch(`${baseUrl()}/api/guest/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ video_version: 0, decision }),
  });
  expect(decided.status).toBe(200);
}

describe('an approval round', () => {
  it('the customer and two approver guests decide, staff see what each watched, the original unlocks on approval', async () => {
    const admin = await bearer('admin@cutroom.demo');
    const customer = await bearer(CUSTOMER);
    const { client_id: customerId } = await call<{ client_id: number }>(customer, 'GET', '/api/me');
    await call(admin, 'PUT', `/api/user/${customerId}`, { download_policy: 'after_approval' });
    try {
      const cardId = await createRequest(`Approval journey ${Date.now()}`);
      await startEditing(cardId);
      await deliverStored(cardId, numberedClip('25', 6), 'approval-cut.mp4', 'video/mp4');
      await settledCard(cardId, customer);
      await call(customer, 'PUT', `/api/card/${cardId}/approval`, { rule: 'all' });
      const marketing = await call<{ token: string }>(customer, 'POST', `/api/card/${cardId}/guestLinks`, {
        label: 'Marketing',
        approver: true,
      });

      const page = await signedInPage(browser, CUSTOMER, { viewport: WIDE });
      await page.goto(`/card-details/${cardId}`);
      // A link for the legal team, made as an approver from the share menu.
      await page.getByRole('button', { name: 'Share for review' }).click();
      await page.getByLabel('Who is it for?').fill('Legal');
      await page.getByTestId('guest-link-approver-toggle').check();
      // An approver's link is watermarked unless the sender says otherwise.
      expect(await page.getByTestId('guest-link-watermark-toggle').isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Create link' }).click();
      await page.getByTestId('guest-link-made').waitFor();
      const linkPath = new URL(await page.getByTestId('guest-link-url').inputValue()).pathname;
      await page.keyboard.press('Escape');

      const round = page.getByTestId('approval-round');
      await expect
        .poll(() => round.getByTestId('approval-pending').textContent(), SLOW)
        .toBe('Still to approve: Cleo Creator, Marketing, Legal');
      // The original waits for the round: the card says so, and the header offers no Download meanwhile.
      const lockedText = DOWNLOAD_TEXT.locked.replace('{version}', '1');
      expect(await round.getByTestId('approval-download-locked').textContent()).toBe(lockedText);
      expect(await page.getByTestId('action-download').count()).toBe(0);
      await round.getByTestId('approval-download').click();
      await toast(page, lockedText).waitFor();

      // The customer watches two seconds of six and approves: asked first, naming what was skipped.
      await playerReady(page);
      await playFor(page, 2);
      await round.getByLabel('Note with your decision').fill('Looks great to me');
      await round.getByRole('button', { name: 'Approve' }).click();
      const ask = page.getByTestId('approval-unwatched');
      await expect.poll(() => ask.textContent(), SLOW).toMatch(/^You haven't watched 0:0\d–0:06 — approve anyway\?$/);
      await page.getByTestId('approval-approve-anyway').click();
      await expect
        .poll(() => round.getByTestId('approval-pending').textContent(), SLOW)
        .toBe('Still to approve: Marketing, Legal');
      expect(await round.getByTestId('approval-partly-watched').textContent()).toBe(APPROVAL_TEXT.partlyWatched);
      expect(await round.getByLabel('Note with your decision').inputValue()).toBe('');

      // Marketing asks for changes; the rule holds Mark As Done, naming who is still to approve.
      await guestDecides(marketing.token, 'Maria Lopez', 'changes_requested');
      const refused = await fetch(`${baseUrl()}/api/card/${cardId}/markComplete`, {
        method: 'POST',
        headers: { authorization: `Bearer ${customer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ card_id: cardId, cardSection: 'done' }),
      });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error_message: string }).error_message).toBe(
        APPROVAL_TEXT.pending.replace('{names}', 'Maria Lopez, Legal'),
      );

      // Legal opens the link, watches nothing, and approves from the guest page, after the same question.
      const guest = await newPage(browser, WIDE);
      await guest.goto(linkPath);
      await guest.getByLabel('Your name').fill('Lee from Legal');
      await guest.getByRole('button', { name: 'Open the review' }).click();
      // Legal's page plays Legal's own marked copy, made by the pipeline when the link was first opened.
      await expect
        .poll(
          () =>
            guest
              .getByTestId('video-element')
              .getAttribute('src', { timeout: 1000 })
              .catch(() => null),
          SLOW,
        )
        .toMatch(/^\/api\/guest\/copies\/\d+$/);
      const guestRound = guest.getByTestId('approval-round');
      await expect
        .poll(() => guestRound.getByTestId('approval-pending').textContent(), SLOW)
        .toBe('Still to approve: Maria Lopez, Legal');
      await guestRound.getByRole('button', { name: 'Approve' }).click();
      await guest.getByTestId('approval-approve-anyway').click();
      await expect
        .poll(() => guestRound.getByTestId('approval-pending').textContent(), SLOW)
        .toBe('Still to approve: Maria Lopez');
      await guest.screenshot({ path: path.join(screenshotDir, 'approval-guest.png') });
      await guest.context().close();
      // Marketing changes their mind.
      await guestDecides(marketing.token, 'Maria Lopez', 'approved');

      // Staff see the round with each reviewer's coverage over the timeline.
      const staff = await signedInPage(browser, 'admin@cutroom.demo', { viewport: WIDE });
      await staff.goto(`/card-details/${cardId}`);
      const strips = staff.getByTestId('coverage-strip');
      await expect.poll(() => strips.count(), SLOW).toBeGreaterThan(0);
      expect(await staff.getByTestId('approval-state').textContent()).toBe('Approved');
      const customerStrip = staff.locator('[data-testid="coverage-strip"][data-reviewer="Cleo Creator"]');
      expect(await customerStrip.getByTestId('coverage-played').count()).toBeGreaterThan(0);
      await animationsDone(staff);
      await staff.screenshot({ path: path.join(screenshotDir, 'approval-round.png') });
      await staff.context().close();

      // Approved by all three: the customer downloads the original, then completes the card.
      await page.reload();
      await expect.poll(() => round.getByTestId('approval-state').textContent(), SLOW).toBe('Approved');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        round.getByTestId('approval-download').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^Approval-journey-\d+-v1\.mp4$/);
      expect(await page.getByTestId('action-download').count()).toBe(1);
      expect(fs.statSync(await download.path()).size).toBeGreaterThan(1000);

      await page.getByRole('button', { name: 'Mark As Done' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^(Yes|Confirm|Mark As Done)$/ })
        .click();
      await expect
        .poll(async () => (await call<CardDetailReply>(customer, 'GET', `/api/card/${cardId}`)).is_complete, SLOW)
        .toBe(true);
      await page.context().close();
    } finally {
      await call(admin, 'PUT', `/api/user/${customerId}`, { download_policy: 'always' });
    }
  });
});
