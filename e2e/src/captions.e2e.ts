import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { frameOfTime, parseRate } from '@cutroom/domain';
import type { NoteView } from '@cutroom/domain/schemas';
import { launchBrowser, screenshotDir } from './browser.js';
import { bearer, call, createRequest, deliverStored, settledCard, startEditing } from './api.js';
import { signedInPage } from './login.js';
import { frameOnScreen, numberedClip } from './numbered-clip.js';
import { playerReady } from './player.js';

// Captions (issue 53): a customer uploads an SRT, sees each line on its own frames, opens the transcript, comments
// on a line and finds a word, in Chromium against a clip whose frames carry their number.

const WIDE = { width: 1440, height: 900 };
const CUSTOMER = 'customer@cutroom.demo';
const SLOW = { timeout: 15_000 };
const SRT = [
  '1',
  '00:00:00,800 --> 00:00:01,800',
  'Welcome to the <b>spring</b> launch',
  '',
  '2',
  '00:00:02,000 --> 00:00:04,000',
  'This shot holds the logo',
  '',
  '3',
  '00:00:04,400 --> 00:00:05,600',
  'Thanks for watching',
  '',
].join('\r\n');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('captions and the transcript', () => {
  it('an uploaded SRT shows on its frames, the transcript seeks, a line gets a note and a word is found', async () => {
    const customer = await bearer(CUSTOMER);
    const cardId = await createRequest(`Captions journey ${Date.now()}`);
    await startEditing(cardId);
    await deliverStored(cardId, numberedClip('25', 6), 'captions-cut.mp4', 'video/mp4');
    await settledCard(cardId, customer);
    const rate = parseRate('25/1')!;

    const page = await signedInPage(browser, CUSTOMER, { viewport: WIDE });
    await page.goto(`/card-details/${cardId}`);
    await playerReady(page);
    const panel = page.getByTestId('transcript-panel');
    await panel.getByTestId('captions-empty').waitFor();

    await panel.getByRole('button', { name: 'Upload captions' }).click();
    await panel.locator('input[type="file"]').setInputFiles({
      name: 'launch.srt',
      mimeType: 'application/x-subrip',
      buffer: Buffer.from(SRT),
    });
    await panel.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(() => panel.getByTestId('transcript-cue').count(), SLOW).toBe(3);
    expect(await panel.getByTestId('transcript-cue').first().textContent()).toContain('Welcome to the spring launch');

    // The CC menu turns the track on; a click on the second line stands the player on its first frame.
    await page.getByTestId('captions-menu').click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await panel.getByTestId('transcript-cue').nth(1).click();
    const cue = page.getByTestId('caption-cue');
    await expect.poll(() => cue.textContent(), SLOW).toBe('This shot holds the logo');
    await expect.poll(() => frameOnScreen(page), SLOW).toBe(frameOfTime(2, rate));
    await page.screenshot({ path: path.join(screenshotDir, 'captions-on-frame.png') });

    // Between two lines nothing is shown; on the third line's frames, the third line.
    const video = page.getByTestId('video-element');
    await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 4.2));
    await expect.poll(() => cue.count(), SLOW).toBe(0);
    await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 5));
    await expect.poll(() => cue.textContent(), SLOW).toBe('Thanks for watching');

    // A note on the second line carries its range.
    await panel.getByTestId('transcript-cue').nth(1).getByRole('button', { name: 'Comment on this line' }).click();
    await page.getByTestId('comment-input').fill('Hold the logo a beat longer');
    await page.getByTestId('comment-input').press('Enter');
    await page.getByTestId('chat-note').filter({ hasText: 'Hold the logo a beat longer' }).waitFor();
    const { comments } = await call<{ comments: { comments: NoteView[] } }>(
      customer,
      'GET',
      `/api/card/${cardId}/commentsV2`,
    );
    const note = comments.comments.find((n) => n.note.endsWith('Hold the logo a beat longer'))!;
    expect(frameOfTime(note.time_in!, rate)).toBe(frameOfTime(2, rate));
    expect(note.time_out).toBeCloseTo(4, 1);

    // The search box finds a word, whatever its case, and the server's search agrees.
    await panel.getByLabel('Search the transcript').fill('LOGO');
    await expect.poll(() => panel.getByTestId('transcript-cue').count(), SLOW).toBe(1);
    const found = await call<{ matches: { cue: number; time_in: number }[] }>(
      customer,
      'GET',
      `/api/card/${cardId}/captions/search?q=logo`,
    );
    expect(found.matches).toEqual([expect.objectContaining({ cue: 2, time_in: 2 })]);
    await page.screenshot({ path: path.join(screenshotDir, 'captions-transcript.png') });
    await page.close();
  }, 180_000);
});
