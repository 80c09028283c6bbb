import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MSG } from '@cutroom/domain';
import { launchBrowser, screenshotDir } from './browser.js';
import { signedInPage } from './login.js';
import { bearer, call, createRequest, deliver, startEditing, toast } from './api.js';

// Issue 20 part 2: a revision carries reasons from the admin's list; the dashboard ranks them.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(() => browser?.close());

type Report = { top_reasons: { key: string; count: number }[]; revisions: number };

describe('revision reasons', () => {
  it('a customer asks for a revision naming two reasons; the admin sees them in the dashboard', async () => {
    const admin = await bearer('admin@cutroom.demo');
    const before = await call<Report>(admin, 'GET', '/api/dashboard/first-pass');
    const countOf = (r: Report, key: string) => r.top_reasons.find((x) => x.key === key)?.count ?? 0;

    const cardId = await createRequest(`Reasons journey ${Date.now()}`);
    await startEditing(cardId);
    await deliver(cardId);

    const customer = await signedInPage(browser, 'customer@cutroom.demo', { viewport: { width: 1280, height: 860 } });
    await customer.goto(`/card-details/${cardId}`);
    await customer.getByTestId('action-revision').click();
    const dialog = customer.getByRole('dialog', { name: 'Request revision' });
    await dialog.getByText(MSG.confirmRevision).waitFor();
    const submit = dialog.getByRole('button', { name: 'Request revision' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Pacing' }).check();
    await dialog.getByRole('checkbox', { name: 'Text / typos' }).check();
    await customer.screenshot({ path: path.join(screenshotDir, 'revision-reasons-dialog.png') });
    await customer.setViewportSize({ width: 390, height: 844 });
    await customer.screenshot({ path: path.join(screenshotDir, 'revision-reasons-dialog-phone.png') });
    await submit.click();
    await toast(customer, MSG.movedToRevision).waitFor();
    await expect.poll(() => customer.getByTestId('card-status').textContent()).toBe('In Progress');
    await customer.context().close();

    const after = await call<Report>(admin, 'GET', '/api/dashboard/first-pass');
    expect(after.revisions).toBe(before.revisions + 1);
    expect(countOf(after, 'pacing')).toBe(countOf(before, 'pacing') + 1);
    expect(countOf(after, 'text_typos')).toBe(countOf(before, 'text_typos') + 1);

    const page = await signedInPage(browser, 'admin@cutroom.demo', { viewport: { width: 1440, height: 1000 } });
    await page.goto('/dashboard');
    const section = page.getByTestId('first-pass-section');
    await section.getByTestId('top-reason-pacing').waitFor();
    expect(await section.getByTestId('top-reason-text_typos').textContent()).toContain('Text / typos');
    expect(await section.getByTestId('first-pass-overall').textContent()).toMatch(/(\d+(\.\d)?%|—)/);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: path.join(screenshotDir, 'revision-reasons-dashboard.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await section.getByTestId('top-reasons').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotDir, 'revision-reasons-dashboard-phone.png') });

    // The admin's list, where reasons are added, renamed, switched off and reordered.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/settings?tab=revision-reasons');
    await page.getByRole('table', { name: 'Revision reasons' }).waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'revision-reasons-settings.png') });
    await page.context().close();
  });
});
