import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DELIVERY_TEXT } from '@cutroom/domain';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { bearer, call, createRequest, startEditing } from './api.js';
import { launchBrowser, screenshotDir } from './browser.js';
import { signedInPage } from './login.js';

const EDITOR = 'editor@cutroom.demo';
const WIDE = { width: 1440, height: 900 };
const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
]);
/** Over 100 MB, so it goes in 16 MB parts: 10 of them. */
const SIZE = 150 * 1_048_576;
const PARTS = Math.ceil(SIZE / (16 * 1_048_576));
const isPartPut = (method: string, url: string) =>
  method === 'PUT' && /\/api\/uploads\/\d+\/parts\/\d+$/.test(new URL(url).pathname);

let browser: Browser;
let dir: string;
let cut: string;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-e2e-delivery-'));
  cut = path.join(dir, 'Launch film final cut.mp4');
  // An MP4's header (the type the server checks at complete) padded to size.
  fs.writeFileSync(cut, Buffer.concat([MP4_HEAD, Buffer.alloc(SIZE - MP4_HEAD.length, 7)]));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** From the board's status menu: Move to QA, "Upload the cut", and the file picked in the chooser. */
async function uploadTheCut(page: Page, cardId: number) {
  await page.goto('/');
  await page.getByTestId(`status-menu-${cardId}`).click();
  await page.getByRole('menuitem', { name: 'QA' }).click();
  const dialog = page.getByTestId('qa-dialog');
  await dialog.getByText(DELIVERY_TEXT.uploadCut).click();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dialog.getByRole('button', { name: DELIVERY_TEXT.chooseCut }).click(),
  ]);
  await chooser.setFiles(cut);
  return dialog;
}

describe('delivering a cut by upload', () => {
  it('the editor uploads the cut from Move to QA, reloads midway, picks the same file and it carries on', async () => {
    const cardId = await createRequest(`Upload delivery journey: launch film ${Date.now()}`);
    await startEditing(cardId);
    const page = await signedInPage(browser, EDITOR, { viewport: WIDE });
    const stored: string[] = [];
    const sent: string[] = [];
    page.on('request', (r) => {
      if (isPartPut(r.method(), r.url())) sent.push(r.url());
    });
    page.on('requestfinished', (r) => {
      if (isPartPut(r.method(), r.url())) stored.push(r.url());
    });
    const cdp = await page.context().newCDPSession(page);
    const throttle = (uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput,
      });

    // Slowed, so the page can be reloaded with some parts stored and others not.
    await throttle(24 * 1_048_576);
    const dialog = await uploadTheCut(page, cardId);
    const status = dialog.getByTestId('cut-upload-status');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/\/s · .* left/);
    await page.screenshot({ path: path.join(screenshotDir, 'card-delivery-uploading-1440.png') });
    await expect.poll(() => stored.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
    await page.reload();
    const firstTry = stored.length;
    expect(firstTry).toBeLessThan(PARTS);

    // The same file again: the page asks which parts are stored and sends only the rest.
    await throttle(-1);
    sent.length = 0;
    const asked = page.waitForRequest((r) => r.method() === 'GET' && /\/api\/uploads\/\d+\/parts$/.test(r.url()));
    const again = await uploadTheCut(page, cardId);
    await asked;
    await again.getByTestId('cut-upload-resumed').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(screenshotDir, 'card-delivery-resumed-1440.png') });
    await page.getByTestId('column-qa').getByTestId(`card-${cardId}`).waitFor({ timeout: 60_000 });
    expect(sent.length, 'the second try sent only the missing parts').toBeLessThanOrEqual(PARTS - firstTry);
    expect(sent.length).toBeGreaterThan(0);
    // Done: the browser forgets the upload.
    expect(await page.evaluate(() => localStorage.getItem('cutroom.upload-resume'))).toBeNull();

    // The card is in QA with its video: the stored file, served from our storage.
    const card = await call<CardDetailReply>(await bearer(EDITOR), 'GET', `/api/card/${cardId}`);
    expect(card.card_status).toBe('qa');
    const videos = Object.values(card.video_versions).flat();
    expect(videos.map((v) => v.video_url)).toEqual([
      expect.stringMatching(/\/files\/uploads\/\d+\/Launch-film-final-cut-/),
    ]);
    await page.goto(`/card-details/${cardId}`);
    await page.getByTestId('link-rows').getByTestId('done-video-row').waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'card-delivery-card-1440.png') });
    // On a phone, the card page's replacement of the video offers the same two ways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Edit the link of video 1' }).click();
    const replace = page.getByTestId('done-video-dialog');
    await replace.getByText(DELIVERY_TEXT.uploadCut).click();
    await replace.getByRole('button', { name: DELIVERY_TEXT.chooseCut }).waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'card-delivery-replace-390.png') });
    await page.context().close();
  }, 240_000);

  it('the editor delivers a master already in the folder to another card, with no second upload', async () => {
    const cardId = await createRequest(`Upload delivery journey: cut-down ${Date.now()}`);
    await startEditing(cardId);
    const page = await signedInPage(browser, EDITOR, { viewport: { width: 390, height: 844 } });
    await page.goto('/upload');
    await page.getByRole('combobox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: 'Cleo Creator' }).click();
    const deliver = page.getByRole('button', { name: /^Deliver Launch-film-final-cut-.* to a card$/ }).first();
    await deliver.waitFor({ timeout: 30_000 });
    await deliver.click();
    const dialog = page.getByTestId('deliver-dialog');
    await dialog.getByRole('radio', { name: /cut-down/ }).check();
    await page.screenshot({ path: path.join(screenshotDir, 'card-delivery-deliver-390.png') });
    await dialog.getByRole('button', { name: 'Move to QA' }).click();
    await dialog.getByTestId('deliver-done').waitFor();
    const card = await call<CardDetailReply>(await bearer(EDITOR), 'GET', `/api/card/${cardId}`);
    expect(card.card_status).toBe('qa');
    expect(Object.values(card.video_versions).flat()[0]?.video_url).toMatch(
      /\/files\/uploads\/\d+\/Launch-film-final-cut-/,
    );
    await page.context().close();
  }, 120_000);
});
