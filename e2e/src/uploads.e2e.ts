import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MSG } from '@cutroom/domain';
import { launchBrowser, screenshotDir } from './browser.js';
import { signedInPage } from './login.js';

// Demo accounts (apps/server/src/features/seed/demo-seed.ts): the QA serves both customers.
const STAFF = 'qa@cutroom.demo';
const CUSTOMER = 'customer@cutroom.demo';
const OTHER_CUSTOMER = 'customer2@cutroom.demo';
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
]);
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

let browser: Browser;
let dir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-e2e-uploads-'));
  // A 24 MB clip (slowed down below, so its bar is seen moving) and a small still.
  fs.writeFileSync(path.join(dir, 'Interview take 1.mp4'), Buffer.concat([MP4_HEAD, Buffer.alloc(24 * 1_048_576, 3)]));
  fs.writeFileSync(path.join(dir, 'Wide shot (b-roll).png'), Buffer.concat([PNG_HEAD, Buffer.alloc(4000, 9)]));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('upload page', () => {
  it('staff upload two files for a customer with progress, find them in the list and download one', async () => {
    const page = await signedInPage(browser, STAFF, { viewport: WIDE });
    await page.goto('/upload');
    await page.getByText(MSG.uploadPickCustomer).waitFor();
    await page.getByRole('combobox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: 'Cleo Creator' }).click();
    await page.getByTestId('upload-dropzone').waitFor();

    // Slower than loopback, so the bar, speed and time left can be watched.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 5,
      downloadThroughput: -1,
      uploadThroughput: 6 * 1_048_576,
    });
    await page
      .getByTestId('upload-input')
      .setInputFiles([path.join(dir, 'Interview take 1.mp4'), path.join(dir, 'Wide shot (b-roll).png')]);
    const clip = page.getByRole('listitem', { name: 'Interview take 1.mp4' });
    const bar = clip.getByTestId('upload-progress');
    await expect
      .poll(async () => Number(await bar.getAttribute('data-percent')), { timeout: 20_000 })
      .toBeGreaterThan(5);
    const moving = Number(await bar.getAttribute('data-percent'));
    expect(moving).toBeLessThan(100);
    await expect.poll(() => clip.textContent(), { timeout: 10_000 }).toMatch(/\/s · .* left/);
    await page.screenshot({ path: path.join(screenshotDir, 'uploads-progress-1440.png') });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await clip.getByText('Uploaded').waitFor({ timeout: 60_000 });
    await page
      .getByRole('listitem', { name: 'Wide shot (b-roll).png' })
      .getByText('Uploaded')
      .waitFor({ timeout: 30_000 });
    const table = page.getByRole('table', { name: 'Uploaded files' });
    const clipRow = table.getByRole('row').filter({ hasText: /Interview-take-1-\d{8}-\d{9}\.mp4/ });
    await clipRow.waitFor();
    await table
      .getByRole('row')
      .filter({ hasText: /Wide-shot-b-roll-\d{8}-\d{9}\.png/ })
      .waitFor();
    expect(await clipRow.textContent()).toContain('24 MB');
    await page.screenshot({ path: path.join(screenshotDir, 'uploads-list-1440.png') });

    // The search finds a file by the words of its name.
    await page.getByRole('textbox', { name: 'Search files' }).fill('wide shot');
    await expect.poll(() => table.getByRole('row').count(), { timeout: 5000 }).toBe(2);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Download Wide-shot-b-roll-/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Wide-shot-b-roll-\d{8}-\d{9}\.png$/);
    const saved = await download.path();
    expect(fs.statSync(saved).size).toBe(PNG_HEAD.length + 4000);

    await page.setViewportSize(PHONE);
    await page.getByRole('textbox', { name: 'Search files' }).fill('');
    await page.screenshot({ path: path.join(screenshotDir, 'uploads-staff-390.png'), fullPage: true });
    await page.context().close();
  }, 120_000);

  it('a customer uploads a file over 100 MB in parts that survives a dropped connection', async () => {
    const big = path.join(dir, 'Full shoot.mp4');
    fs.writeFileSync(big, Buffer.concat([MP4_HEAD, Buffer.alloc(110 * 1_048_576, 5)]));
    const page = await signedInPage(browser, CUSTOMER, { viewport: WIDE });
    await page.goto('/upload');
    await page.getByTestId('upload-dropzone').waitFor();
    const resumed: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/uploads\/\d+\/parts$/.test(new URL(r.url()).pathname)) resumed.push(r.url());
    });
    const cdp = await page.context().newCDPSession(page);
    const network = (offline: boolean, uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput });
    await network(false, 20 * 1_048_576);
    await page.getByTestId('upload-input').setInputFiles(big);
    const row = page.getByRole('listitem', { name: 'Full shoot.mp4' });
    const bar = row.getByTestId('upload-progress');
    await expect
      .poll(async () => Number(await bar.getAttribute('data-percent')), { timeout: 30_000 })
      .toBeGreaterThan(20);
    // The connection drops until a part in flight has failed; the page sends the lost parts again.
    const partLost = page.waitForEvent('requestfailed', { predicate: (r) => r.method() === 'PUT', timeout: 30_000 });
    await network(true, 0);
    await partLost;
    await network(false, -1);
    await row.getByText('Uploaded').waitFor({ timeout: 90_000 });
    expect(resumed.length, 'the page asked which parts were stored').toBeGreaterThan(0);
    const table = page.getByRole('table', { name: 'Uploaded files' });
    expect(
      await table
        .getByRole('row')
        .filter({ hasText: /Full-shoot-\d{8}-\d{9}\.mp4/ })
        .textContent(),
    ).toContain('110 MB');
    await page.context().close();
  }, 150_000);

  it('a customer sees only their own folder', async () => {
    const own = await signedInPage(browser, CUSTOMER, { viewport: WIDE });
    await own.goto('/upload');
    const ownTable = own.getByRole('table', { name: 'Uploaded files' });
    await ownTable
      .getByRole('row')
      .filter({ hasText: /Interview-take-1-/ })
      .waitFor();
    expect(await own.getByRole('combobox', { name: 'Customer' }).count()).toBe(0);
    await own.screenshot({ path: path.join(screenshotDir, 'uploads-customer-1440.png') });
    await own.context().close();

    const other = await signedInPage(browser, OTHER_CUSTOMER, { viewport: PHONE });
    await other.goto('/upload');
    await other.getByText(MSG.uploadNoFiles).waitFor();
    expect(await other.getByText(/Interview-take-1-/).count()).toBe(0);
    expect(await other.getByRole('combobox', { name: 'Customer' }).count()).toBe(0);
    await other.screenshot({ path: path.join(screenshotDir, 'uploads-other-customer-390.png'), fullPage: true });
    await other.context().close();
  }, 60_000);

  it('a real clip is processed: its poster is listed and its proxy plays in the preview', async () => {
    const page = await signedInPage(browser, CUSTOMER, { viewport: WIDE });
    await page.goto('/upload');
    await page.getByTestId('upload-dropzone').waitFor();
    // The demo's 24 s 640x360 H.264 clip, under a name of its own.
    const clip = path.join(dir, 'Street interview.mp4');
    fs.copyFileSync(path.resolve(import.meta.dirname, '../../apps/server/demo-media/review-16x9-v1.mp4'), clip);
    await page.getByTestId('upload-input').setInputFiles(clip);
    const table = page.getByRole('table', { name: 'Uploaded files' });
    const row = table.getByRole('row').filter({ hasText: /Street-interview-\d{8}-\d{9}\.mp4/ });
    await row.waitFor({ timeout: 60_000 });
    // The list asks again while the server's worker makes the proxy and the poster.
    const preview = row.getByRole('button', { name: /^Preview Street-interview-/ });
    await preview.waitFor({ timeout: 90_000 });
    await expect
      .poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await page.screenshot({ path: path.join(screenshotDir, 'uploads-video-poster-1440.png') });
    await preview.click();
    const player = page.getByRole('dialog').getByTestId('upload-preview-player');
    await player.waitFor();
    await player.evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      return video.play();
    });
    await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0.5);
    expect(await player.evaluate((video: HTMLVideoElement) => [video.videoWidth, video.videoHeight])).toEqual([
      640, 360,
    ]);
    expect(await player.getAttribute('src')).toMatch(/^\/api\/media\/assets\/\d+\/proxy-360\.mp4$/);
    await page.screenshot({ path: path.join(screenshotDir, 'uploads-video-preview-1440.png') });
    await page.context().close();
  }, 150_000);
});
