import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MSG } from '@cutroom/domain';
import { baseUrl, dataDir, launchBrowser, screenshotDir } from './browser.js';
import { toast } from './api.js';
import { signedInPage } from './login.js';

// The demo customer (apps/server/src/features/seed/demo-seed.ts); the server talks to the fake of global-setup.ts.
const CUSTOMER = 'customer@cutroom.demo';
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const TOPIC = 'Home coffee for beginners';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(() => browser?.close());

describe('AI toolbox', () => {
  it('a customer generates ideas (streamed in), saves one, edits, copies and deletes it', async () => {
    const page = await signedInPage(browser, CUSTOMER, { viewport: WIDE });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.goto('/AIToolbox');
    await page.getByTestId('ai-remaining').waitFor();

    await page.getByTestId('ai-tool-ideas').getByRole('button', { name: 'Open' }).click();
    await page.getByTestId('ai-title').fill(TOPIC);
    await page.getByRole('textbox', { name: /Audience type/ }).fill('Beginners');
    await page.getByTestId('ai-generate').click();

    // The answer grows on screen before the result cards replace it.
    const streaming = page.getByTestId('ai-streaming');
    await expect.poll(() => streaming.textContent(), { timeout: 10_000 }).toContain('Behind the scenes');
    const partial = (await streaming.textContent()) ?? '';
    expect(partial).not.toContain('A day in the life of our editor');
    await page.screenshot({ path: path.join(screenshotDir, 'ai-toolbox-streaming-1440.png') });

    const first = page.getByTestId('ai-result-0');
    await first.waitFor({ timeout: 15_000 });
    expect(await first.textContent()).toContain('Behind the scenes of a product launch');
    expect(await page.getByTestId('ai-result-2').textContent()).toContain('A day in the life of our editor');
    await page.getByTestId('ai-reprompt').waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'ai-toolbox-results-1440.png') });

    await page.getByRole('button', { name: 'Save result 1' }).click();
    await toast(page, MSG.aiSaved).waitFor();
    await page.getByRole('button', { name: 'Result 1 saved' }).waitFor();

    await page.getByRole('tab', { name: 'Saved List' }).click();
    const row = page.locator('tr[data-testid^="ai-saved-"]').filter({ hasText: TOPIC });
    await row.waitFor();
    expect(await row.textContent()).toContain('Beginners');

    await row.getByRole('button', { name: `Edit ${TOPIC}` }).click();
    const editor = page.getByTestId('ai-edit-data');
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' (edited)');
    await page.getByRole('button', { name: 'Update' }).click();
    await toast(page, MSG.aiUpdated).waitFor();
    await expect.poll(() => row.textContent()).toContain('Behind the scenes of a product launch (edited)');

    await row.getByRole('button', { name: `Copy ${TOPIC}` }).click();
    await toast(page, MSG.textCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'Behind the scenes of a product launch (edited)',
    );
    await page.screenshot({ path: path.join(screenshotDir, 'ai-toolbox-saved-1440.png') });

    await page.setViewportSize(PHONE);
    await page.screenshot({ path: path.join(screenshotDir, 'ai-toolbox-saved-390.png'), fullPage: true });
    await page.getByRole('tab', { name: 'ToolBox' }).click();
    await page.getByTestId('ai-tool-script').getByRole('button', { name: 'Open' }).click();
    await page.getByRole('button', { name: 'Add sub-topic' }).click();
    await page.screenshot({ path: path.join(screenshotDir, 'ai-toolbox-script-modal-390.png') });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: path.join(screenshotDir, 'ai-toolbox-390.png'), fullPage: true });
    await page.setViewportSize(WIDE);

    await page.getByRole('tab', { name: 'Saved List' }).click();
    await row.getByRole('button', { name: `Delete ${TOPIC}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, MSG.aiDeleted).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText('Nothing saved yet').waitFor();

    // The key given to the server (global-setup.ts) never reaches its log.
    const log = fs.readFileSync(path.join(dataDir(), 'server.log'), 'utf8');
    expect(log).toContain('/api/ai/toolbox-response');
    expect(log).not.toContain('e2e-fake-key');
  });
});
