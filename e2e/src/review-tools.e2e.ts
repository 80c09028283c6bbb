import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { XMLParser } from 'fast-xml-parser';
import { launchBrowser, screenshotDir } from './browser.js';
import { signedInPage } from './login.js';

// Issue 19, review beyond the spec, on the demo workspace's card with two versions and timed notes.
const TITLE = 'Gear review: budget microphones';
const DRAWN_NOTE = 'This lower third is exactly what we wanted';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(() => browser?.close());

describe('notes out to the editing software', () => {
  it('an editor downloads the chat as Final Cut Pro markers at 25 fps, the drawn note on its frame', async () => {
    const page = await signedInPage(browser, 'admin@cutroom.demo', { viewport: { width: 1440, height: 900 } });
    await page.getByRole('link', { name: TITLE }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/card-details/'));
    await page.getByRole('tab', { name: 'Video & Comments' }).click();
    await page.getByTestId('chat-note').first().waitFor();
    const timed = await page
      .getByTestId('chat-note')
      .filter({ has: page.getByTestId('timecode') })
      .count();

    await page.getByRole('button', { name: 'Export notes as markers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export notes as markers' });
    await dialog.getByRole('combobox', { name: 'Editing software' }).click();
    await page.getByRole('option', { name: 'FCPXML 1.10 (Final Cut Pro)' }).click();
    await dialog.getByRole('combobox', { name: 'Frame rate' }).click();
    await page.getByRole('option', { name: '25 fps' }).click();
    await page.screenshot({ path: path.join(screenshotDir, 'review-markers-dialog.png') });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: /Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Gear-review-budget-microphones-notes.fcpxml');
    const file = fs.readFileSync((await download.path()), 'utf8');

    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (n) => n === 'marker',
    }).parse(file);
    const markers = doc.fcpxml.library.event.project.sequence.spine.gap.marker as { start: string; value: string }[];
    // Every timed note the chat shows is a marker (the first page of the chat holds them all on the demo card).
    expect(markers.length).toBe(timed);
    const drawn = markers.find((m) => m.value.includes(DRAWN_NOTE))!;
    // 01:00:00:00 + 10 s at 25 fps = frame 90,250, written as 90250/25 s.
    expect(drawn.start).toBe('90250/25s');
    await page.context().close();
  });
});
