import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { frameOfTime, parseRate, seekTimeOfFrame, type Rate } from '@cutroom/domain';
import type { NoteView } from '@cutroom/domain/schemas';
import { launchBrowser, screenshotDir } from './browser.js';
import { bearer, call, createRequest, deliverStored, settledCard, startEditing } from './api.js';
import { signedInPage } from './login.js';
import { frameOnScreen, numberedClip } from './numbered-clip.js';
import { playerReady } from './player.js';

// The frame a reviewer saw is the frame the note keeps (issue 54): pauses, the end of the video, keys after a
// click on the timeline, in Chromium against clips whose frames carry their number.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** The frame the clock names, read in the frames mode ("87 f / 180 f"). */
const clockFrame = async (page: Page) =>
  Number(/^(\d+) f/.exec((await page.getByTestId('video-time').textContent()) ?? '')?.[1]);

/**
 * The frame on screen, the clock's frame and the element's frame, read once the player has handled the pause (its
 * button says Play again) and is not seeking.
 */
async function reading(page: Page, rate: Rate) {
  await page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="video-element"]');
    const button = document.querySelector('[data-testid="video-play"]');
    return (
      !!video &&
      video.paused &&
      !video.seeking &&
      video.readyState >= 2 &&
      button?.getAttribute('aria-label') === 'Play'
    );
  });
  const at = await page.getByTestId('video-element').evaluate((v: HTMLVideoElement) => v.currentTime);
  return { screen: await frameOnScreen(page), clock: await clockFrame(page), element: frameOfTime(at, rate) };
}

/**
 * Once the player stands still: the same reading twice, a few frames apart. `paused` is true from the call on,
 * but the pause's own settling runs in the event after it; a reading between the two caught a passing state.
 */
async function standing(page: Page, rate: Rate) {
  let before = await reading(page, rate);
  for (let tries = 0; tries < 20; tries++) {
    await page.waitForTimeout(150);
    const now = await reading(page, rate);
    if (now.screen === before.screen && now.clock === before.clock && now.element === before.element) return now;
    before = now;
  }
  return before;
}

/** A card delivering a numbered clip, open on the customer's card page with the clock in frames. */
async function reviewPage(label: string, rational: string, seconds: number) {
  const cardId = await createRequest(`Pauses at ${label} fps ${Date.now()}`);
  await startEditing(cardId);
  await deliverStored(cardId, numberedClip(rational, seconds), `pauses-${label}.mp4`, 'video/mp4');
  await settledCard(cardId, await bearer('customer@cutroom.demo'));
  const page = await signedInPage(browser, 'customer@cutroom.demo', { viewport: { width: 1280, height: 860 } });
  await page.goto(`/card-details/${cardId}`);
  await page.evaluate(() => window.localStorage.setItem('timecodeMode', 'frames'));
  await page.reload();
  await playerReady(page);
  // In view, as a reviewer watches it: Chromium tells which frame it presented (requestVideoFrameCallback,
  // which a pause settles on) only for a video it draws, and the approval round pushes the player down.
  await page.getByTestId('video-element').evaluate((v) => v.scrollIntoView({ block: 'center' }));
  return { cardId, page };
}

describe('the frame a reviewer saw (issue 54)', () => {
  it.each([
    ['30', '30/1'],
    ['29.97', '30000/1001'],
  ])(
    'at %s fps every pause shows the frame the clock and the note name',
    async (label, rational) => {
      const rate = parseRate(rational)!;
      const { cardId, page } = await reviewPage(label, rational, 8);
      const video = page.getByTestId('video-element');
      // Play and pause in every way a reviewer does: the button, K, Space, a tap on the picture.
      const pauses: [string, () => Promise<unknown>][] = [
        ['button', () => page.getByTestId('video-play').click()],
        ['K', () => page.keyboard.press('k')],
        ['Space', () => page.keyboard.press(' ')],
        ['tap', () => video.click()],
      ];
      const waits = [170, 260, 330, 410, 230, 290, 370, 200];
      const seen: { how: string; screen: number; clock: number; element: number }[] = [];
      for (const [i, wait] of waits.entries()) {
        const [how, pause] = pauses[i % pauses.length]!;
        await page.getByTestId('video-play').click();
        await page.waitForTimeout(wait);
        // The button takes the focus from the click: K and Space come from the page itself.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await pause();
        seen.push({ how, ...(await standing(page, rate)) });
      }
      expect(seen.filter((s) => s.screen !== s.clock || s.clock !== s.element)).toEqual([]);

      // A note written on the last pause is on that frame.
      const last = seen.at(-1)!;
      await page.getByTestId('comment-input').fill(`Paused on frame ${last.screen}`);
      await page.getByTestId('comment-input').press('Enter');
      await page
        .getByTestId('chat-note')
        .filter({ hasText: `Paused on frame ${last.screen}` })
        .waitFor();
      const { comments } = await call<{ comments: { comments: NoteView[] } }>(
        await bearer('customer@cutroom.demo'),
        'GET',
        `/api/card/${cardId}/commentsV2`,
      );
      const note = comments.comments.find((n) => n.note.endsWith(`Paused on frame ${last.screen}`))!;
      expect(frameOfTime(note.time_in!, rate)).toBe(last.screen);
      await page.close();
    },
    180_000,
  );

  it('takes a note at the very end on the last frame, and answers the frame keys after a click on the timeline', async () => {
    const rate = parseRate('30/1')!;
    const { cardId, page } = await reviewPage('30 end', '30/1', 4);
    // A click on the timeline leaves the focus on it; the frame keys still step.
    // Under the approval round the player may start below the fold: the click goes where the timeline is.
    await page.getByTestId('video-timeline').scrollIntoViewIfNeeded();
    const timeline = (await page.getByTestId('video-timeline').boundingBox())!;
    await page.mouse.click(timeline.x + timeline.width / 2, timeline.y + timeline.height / 2);
    const before = await standing(page, rate);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('video-timeline');
    await page.keyboard.press('.');
    await page.keyboard.press('.');
    await expect.poll(() => frameOnScreen(page), { timeout: 10_000 }).toBe(before.screen + 2);

    // Played to the end: the clock names the last frame (119 of 0–119), and a note there is taken.
    await page.mouse.click(timeline.x + timeline.width * 0.9, timeline.y + timeline.height / 2);
    await page.getByTestId('video-play').click();
    await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('[data-testid="video-element"]')?.ended);
    await expect.poll(() => clockFrame(page)).toBe(119);
    expect(await frameOnScreen(page)).toBe(119);
    await page.getByTestId('comment-input').fill('Hold the end card two seconds longer');
    await page.getByTestId('comment-input').press('Enter');
    await page.getByTestId('chat-note').filter({ hasText: 'Hold the end card two seconds longer' }).waitFor();
    await page.getByTestId('video-player').screenshot({ path: path.join(screenshotDir, 'review-end-frame.png') });
    const { comments } = await call<{ comments: { comments: NoteView[] } }>(
      await bearer('customer@cutroom.demo'),
      'GET',
      `/api/card/${cardId}/commentsV2`,
    );
    const note = comments.comments.find((n) => n.note.endsWith('Hold the end card two seconds longer'))!;
    expect(note.time_in).toBeCloseTo(seekTimeOfFrame(119, rate), 3);
    await page.close();
  }, 120_000);
});
