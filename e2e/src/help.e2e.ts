import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEFAULT_HELP } from '@cutroom/domain/schemas';
import { MSG } from '@cutroom/domain';
import { launchBrowser, screenshotDir } from './browser.js';
import { toast } from './api.js';
import { signedInPage } from './login.js';

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(() => browser?.close());

describe('help page and client handbook', () => {
  it('the admin adds a question and a tutorial link; a customer finds both from the sidebar', async () => {
    const admin = await signedInPage(browser, 'admin@cutroom.demo', { viewport: WIDE });
    await admin.goto('/help');
    await admin.getByRole('button', { name: 'Edit page' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit help page' });
    await dialog.getByRole('textbox', { name: 'Link' }).first().fill('https://videos.example.com/ordering.mp4');
    await dialog.getByRole('button', { name: 'Add question' }).click();
    const next = DEFAULT_HELP.faqs.length + 1;
    await dialog.getByRole('textbox', { name: `Question ${next}` }).fill('Where do I upload raw footage?');
    await dialog.getByRole('textbox', { name: 'Answer' }).last().fill('On the Upload page, in your own folder.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(admin, MSG.settingsUpdated).isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await admin.context().close();

    const customer = await signedInPage(browser, 'customer@cutroom.demo', { viewport: PHONE });
    await customer.getByRole('button', { name: /navigation/i }).click();
    await customer.getByTestId('sidebar').getByRole('link', { name: 'Help', exact: true }).click();
    await customer.waitForURL((url) => url.pathname === '/help');
    const ordering = customer.getByRole('article', { name: DEFAULT_HELP.videos[0]!.title });
    await expect
      .poll(() => ordering.locator('video').getAttribute('src'))
      .toBe('https://videos.example.com/ordering.mp4');
    await customer.getByRole('textbox', { name: 'Search tutorials by title' }).fill('review');
    await expect.poll(() => customer.getByRole('article').count()).toBe(1);
    await customer.getByRole('button', { name: 'Where do I upload raw footage?' }).click();
    await expect.poll(() => customer.getByText('On the Upload page, in your own folder.').isVisible()).toBe(true);
    await customer.screenshot({ path: path.join(screenshotDir, 'help-customer-phone.png') });

    await customer.goto('/client-handbook');
    await expect.poll(() => customer.getByRole('heading', { name: 'Welcome to Cutroom' }).isVisible()).toBe(true);
    expect(await customer.getByRole('button', { name: 'Edit handbook' }).count()).toBe(0);
    await customer.context().close();
  });
});
