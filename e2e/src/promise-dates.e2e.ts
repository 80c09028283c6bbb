import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG, promiseLabel } from '@cutroom/domain';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { launchBrowser, screenshotDir } from './browser.js';
import { bearer, call, createRequest, deliver, freshBillingPeriod, startEditing } from './api.js';
import { signedInPage } from './login.js';

// Promise dates (issue 20, docs/promise-dates.md): the customer's expected date, the staff's At risk.
const CUSTOMER = 'customer@cutroom.demo';
const ADMIN = 'admin@cutroom.demo';
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const WEB = { 'X-Requested-With': 'cutroom-web' };

let browser: Browser;
/** The request the customer made in the first journey, delivered in the second. */
let orderedId = 0;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
  await freshBillingPeriod(CUSTOMER);
});
afterAll(() => browser?.close());

async function logIn(email: string, viewport = WIDE): Promise<Page> {
  const page = await signedInPage(browser, email, { viewport });
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: path.join(screenshotDir, name), fullPage });

describe('promise dates', () => {
  it('a customer sees the expected date on the form before submitting, then the same date on the tile', async () => {
    const page = await logIn(CUSTOMER);
    const title = `Promise journey ${Date.now()}`;
    await page.goto('/new-card');

    // The line is on the form from the first step, before anything is submitted.
    const preview = page.getByTestId('promise-preview');
    await expect.poll(() => preview.textContent(), { timeout: 10_000 }).toMatch(/^Expected by \w{3} \d{1,2} \w{3}$/);
    const promised = (await preview.textContent())!.replace('Expected by ', '');
    await page.getByTestId('card-title').fill(title);
    await page.getByTestId('dropbox-link').fill('https://www.dropbox.com/sh/e2e-raw-footage');
    await page.getByTestId('ratio-16:9').click();
    await page.getByTestId('video-purpose').click();
    await page.getByRole('option', { name: 'Podcast', exact: true }).click();
    await shot(page, 'promise-form.png');
    await page.getByTestId('request-next').click();
    await page.getByTestId('additional-info').waitFor();
    expect(await preview.textContent()).toBe(`Expected by ${promised}`);

    await page.getByTestId('request-create').click();
    await expect.poll(() => page.getByText(MSG.newRequestCreated).first().isVisible()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/');
    const list = await page.request.post('/api/getCards', {
      headers: WEB,
      data: { section: 'video_request', card_name: title, limit: 10 },
    });
    const id = ((await list.json()).video_requests as { card_id: number; card_title: string }[]).find(
      (c) => c.card_title === title,
    )!.card_id;
    // The card's stored promise is the date the form showed.
    const card = (await (await page.request.get(`/api/card/${id}`, { headers: WEB })).json()) as CardDetailReply;
    expect(promiseLabel(card.promised_at!)).toBe(promised);
    orderedId = id;

    await page.getByTestId('view-toggle').getByText('Board').dispatchEvent('click');
    const tile = page.getByTestId(`card-${id}`);
    await tile.waitFor({ timeout: 10_000 });
    expect(await tile.getByTestId('expected-by').textContent()).toBe(`Expected by ${promised}`);
    expect(await tile.getByTestId('at-risk').count()).toBe(0);
    await tile.scrollIntoViewIfNeeded();
    await shot(page, 'promise-tile.png');
    await page.context().close();

    // At phone width the line fits on the form without pushing the buttons off.
    const phone = await logIn(CUSTOMER, PHONE);
    await phone.goto('/new-card');
    await expect
      .poll(() => phone.getByTestId('promise-preview').textContent(), { timeout: 10_000 })
      .toMatch(/^Expected by/);
    await phone.getByTestId('promise-preview').scrollIntoViewIfNeeded();
    await shot(phone, 'promise-form-phone.png');
    await phone.context().close();
  });

  it('staff see At risk on the tile and on the due-cards page when the first cut comes after the due date', async () => {
    const title = `Promise at risk ${Date.now()}`;
    const id = await createRequest(title);
    await startEditing(id);
    // Due a minute ago: the editors can only deliver at the next cut-off, after it.
    const admin = await bearer(ADMIN);
    await call(admin, 'POST', '/api/card/updateDueDate', {
      card_id: id,
      due_date: new Date(Date.now() - 60_000).toISOString(),
    });

    const page = await logIn(ADMIN);
    await page.getByTestId('view-toggle').getByText('Board').dispatchEvent('click');
    const tile = page.getByTestId(`card-${id}`);
    await tile.waitFor({ timeout: 10_000 });
    expect(await tile.getByTestId('at-risk').textContent()).toBe('At risk');
    expect(await tile.getByTestId('expected-by').textContent()).toMatch(/^Expected by \w{3} \d{1,2} \w{3}At risk$/);
    await tile.scrollIntoViewIfNeeded();
    await shot(page, 'promise-at-risk-tile.png');

    await page.goto('/dueCards');
    const row = page.getByTestId(`due-card-${id}`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getByTestId(`due-at-risk-${id}`).textContent()).toBe('At risk');
    await shot(page, 'promise-at-risk-due-cards.png');

    // The customer's request gets its first cut now, well before its promise: the dashboard counts it.
    await startEditing(orderedId);
    await deliver(orderedId);
    await page.goto('/dashboard');
    await page.getByTestId('hit-rate').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('hit-rate').textContent()).toMatch(/^\d+(\.\d)? %$/);
    await page.waitForLoadState('networkidle');
    await shot(page, 'promise-dashboard.png');
    await page.context().close();
  });
});
