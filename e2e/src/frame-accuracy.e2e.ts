import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { parseRate, seekTimeOfFrame, timeOfFrame, toMillis, type Rate } from '@cutroom/domain';
import { launchBrowser, screenshotDir } from './browser.js';
import { bearer, call, createRequest, deliverStored, settledCard, startEditing } from './api.js';
import { frameOnScreen, numberedClip } from './numbered-clip.js';
import { signedInPage } from './login.js';
import { playerReady } from './player.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('review on the exact frame (issue 35)', () => {
  it.each([
    ['25', '25/1'],
    ['29.97', '30000/1001'],
    ['23.976', '24000/1001'],
  ])(
    'at %s fps a note shows its own frame, and ten . steps are ten frames',
    async (label, rational) => {
      const rate: Rate = parseRate(rational)!;
      const cardId = await createRequest(`Frame accuracy at ${label} fps ${Date.now()}`);
      await startEditing(cardId);
      await deliverStored(cardId, numberedClip(rational), `numbered-${label}.mp4`, 'video/mp4');
      const customer = await bearer('customer@cutroom.demo');
      const media = (await settledCard(cardId, customer)).video_versions['version-0']![0]!.media!;
      expect(media).toMatchObject({ status: 'ready', fps_rational: rational });

      // Notes a millisecond into frames 17, 46 and 75: a seek to the time itself could land a frame early on a
      // rendition that rounds; the player seeks into the middle of the frame.
      const frames = [17, 46, 75];
      for (const frame of frames) {
        await call(customer, 'POST', `/api/card/${cardId}/comment`, {
          note: `Frame ${frame} here`,
          note_for_video_number: 1,
          time_in: toMillis(timeOfFrame(frame, rate)) + 0.001,
        });
      }

      const page = await signedInPage(browser, 'customer@cutroom.demo', { viewport: { width: 1280, height: 860 } });
      await page.goto(`/card-details/${cardId}`);
      await playerReady(page);
      for (const frame of frames) {
        await page
          .getByTestId('chat-note')
          .filter({ hasText: `Frame ${frame} here` })
          .getByTestId('timecode')
          .click();
        await expect.poll(() => frameOnScreen(page), { timeout: 10_000 }).toBe(frame);
        const at = await page.getByTestId('video-element').evaluate((v: HTMLVideoElement) => v.currentTime);
        expect(at).toBeCloseTo(seekTimeOfFrame(frame, rate), 3);
      }

      // Ten frame steps from frame 75 show frame 85, and one back frame 84.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      for (let i = 0; i < 10; i++) await page.keyboard.press('.');
      await expect.poll(() => frameOnScreen(page), { timeout: 10_000 }).toBe(85);
      await page.keyboard.press(',');
      await expect.poll(() => frameOnScreen(page), { timeout: 10_000 }).toBe(84);
      if (label === '25') {
        // Full screen keeps the markers and the composer: a note written there lands on the frame shown.
        await page.getByRole('button', { name: 'Full screen' }).click();
        const composer = page.getByTestId('fullscreen-composer');
        await composer.getByTestId('comment-input').fill('Written in full screen');
        await composer.getByTestId('comment-input').press('Enter');
        await expect.poll(() => page.getByTestId('timeline-marker').count()).toBe(frames.length + 1);
        await page.screenshot({ path: path.join(screenshotDir, 'frame-accuracy-fullscreen.png') });
        await page.getByRole('button', { name: 'Exit full screen' }).click();
        const note = page.getByTestId('chat-note').filter({ hasText: 'Written in full screen' });
        await note.getByTestId('timecode').click();
        await expect.poll(() => frameOnScreen(page), { timeout: 10_000 }).toBe(84);

        // The PDF report of this version, from the chat header: one picture for each of the four notes.
        await page.getByRole('button', { name: 'Download a PDF review report' }).click();
        const item = page.getByRole('menuitem', { name: 'Notes on versions 1' });
        // Mantine fades the menu in: the picture waits for the end of the fade.
        await expect
          .poll(() => item.evaluate((el) => getComputedStyle(el.closest('[role="menu"]')!).opacity))
          .toBe('1');
        await page.screenshot({ path: path.join(screenshotDir, 'review-report-menu.png') });
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('menuitem', { name: 'Notes on versions 1' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^Frame-accuracy-at-25-fps-\d+-review\.pdf$/);
        const pdf = fs.readFileSync(await download.path());
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        fs.writeFileSync(path.join(screenshotDir, 'review-report.pdf'), pdf);
        expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(frames.length + 1);
      }
      if (label === '29.97') {
        await page.getByRole('button', { name: /^Time shown as/ }).click();
        await page.getByRole('menuitem', { name: 'Timecode (HH:MM:SS:FF)' }).click();
        // Frame 84 at 29.97 is 2 s and 24 frames (no minute boundary yet, so no frame numbers skipped).
        await expect.poll(() => page.getByTestId('video-time').textContent()).toMatch(/^00:00:02;24 \//);
        await page
          .getByTestId('video-player')
          .screenshot({ path: path.join(screenshotDir, 'frame-accuracy-2997.png') });
        await page.getByRole('button', { name: /^Time shown as/ }).click();
        await page.getByRole('menuitem', { name: 'Minutes and seconds' }).click();
      }
      await page.close();
    },
    120_000,
  );

  it('a reviewer marks a range with I and O, reads the shortcut sheet and draws a red arrow', async () => {
    const cardId = await createRequest(`Range, shortcuts and an arrow ${Date.now()}`);
    await startEditing(cardId);
    await deliverStored(cardId, numberedClip('25'), 'numbered-range.mp4', 'video/mp4');
    await settledCard(cardId, await bearer('customer@cutroom.demo'));
    const page = await signedInPage(browser, 'customer@cutroom.demo', { viewport: { width: 1280, height: 860 } });
    await page.goto(`/card-details/${cardId}`);
    await playerReady(page);

    // In on frame 10, out on frame 30: the chip, the timeline's span and the composer all show the range.
    for (let i = 0; i < 10; i++) await page.keyboard.press('.');
    await expect.poll(() => frameOnScreen(page), { timeout: 10_000 }).toBe(10);
    await page.keyboard.press('i');
    for (let i = 0; i < 20; i++) await page.keyboard.press('.');
    await expect.poll(() => frameOnScreen(page), { timeout: 10_000 }).toBe(30);
    await page.keyboard.press('o');
    await page.getByTestId('timeline-range').waitFor();
    await page.getByTestId('pinned-range').waitFor();
    expect(await page.getByTestId('range-chip').textContent()).toMatch(/^0:00\.4\d0 – 0:01\.2\d0$/);
    await page.getByTestId('loop-toggle').click();
    await page.screenshot({ path: path.join(screenshotDir, 'review-range.png') });
    await page.getByTestId('loop-toggle').click();

    await page.keyboard.press('?');
    await page.getByTestId('shortcut-sheet').waitFor();
    // The sheet fades in: the picture waits for the end of the fade.
    await expect
      .poll(() =>
        page.getByRole('dialog').evaluate((el) => getComputedStyle(el.closest('.mantine-Modal-content') ?? el).opacity),
      )
      .toBe('1');
    await page.screenshot({ path: path.join(screenshotDir, 'review-shortcuts.png') });
    await page.keyboard.press('Escape');
    await page.getByTestId('shortcut-sheet').waitFor({ state: 'detached' });

    // A red arrow on the frame shown; the drawing is sent with its note and stays on its frame.
    await page.getByTestId('annotate').click();
    await page.getByRole('button', { name: 'Arrow' }).click();
    await page.getByRole('radio', { name: 'Red' }).click();
    const frame = (await page.getByTestId('annotation-layer').boundingBox())!;
    await page.mouse.move(frame.x + frame.width * 0.2, frame.y + frame.height * 0.7);
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width * 0.55, frame.y + frame.height * 0.45, { steps: 6 });
    await page.mouse.up();
    await page.getByTestId('annotation-banner').waitFor();
    await page.getByTestId('comment-input').fill('Point the viewer here');
    await page.getByTestId('comment-input').press('Enter');
    await page.getByTestId('chat-note').filter({ hasText: 'Point the viewer here' }).waitFor();
    const arrow = page.locator('[data-testid="annotation-shape"][data-shape="arrow"]');
    await arrow.waitFor();
    expect(await arrow.locator('line').getAttribute('stroke')).toBe('#ff3b30');
    await page.screenshot({ path: path.join(screenshotDir, 'review-arrow.png') });
    await page.close();
  }, 120_000);
});
