import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshotDir } from './browser.js';
import { bearer, createRequest, deliverStored, settledCard, startEditing } from './api.js';
import { makeClip } from './clips.js';
import { signedInPage } from './login.js';
import { playerReady } from './player.js';

const WIDE = { width: 1440, height: 900 };

let browser: Browser;
let prores: Buffer;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
  // A ProRes .mov as editors export it, made by the ffmpeg the product ships: no browser plays it as it is.
  prores = makeClip('Final cut.mov', [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=220:sample_rate=48000',
    '-t',
    '4',
    '-shortest',
    '-c:v',
    'prores_ks',
    '-profile:v',
    '0',
    '-c:a',
    'pcm_s16le',
  ]);
});
afterAll(async () => {
  await browser?.close();
});

describe('the media pipeline in the browser', () => {
  it('plays a ProRes delivery through its H.264 proxy, with scrub thumbnails, a waveform and a quality menu', async () => {
    const cardId = await createRequest(`Pipeline journey: ProRes master ${Date.now()}`);
    await startEditing(cardId);
    await deliverStored(cardId, prores, 'Final cut.mov', 'video/quicktime');
    const customerToken = await bearer('customer@cutroom.demo');
    const media = (await settledCard(cardId, customerToken)).video_versions['version-0']![0]!.media!;
    expect(media).toMatchObject({ status: 'ready', video_codec: 'prores', frame_count: 100, fps_rational: '25/1' });

    const page = await signedInPage(browser, 'customer@cutroom.demo', { viewport: WIDE });
    // The poster shows until the first frame has decoded, which can be before any read of the live page: the
    // page as the server draws it says which poster the player puts up.
    const drawn = await (
      await page.request.get(`/card-details/${cardId}`, { headers: { accept: 'text/html' } })
    ).text();
    expect(drawn).toContain(`poster="${media.poster_url}"`);
    await page.goto(`/card-details/${cardId}`);
    await playerReady(page);
    const video = page.getByTestId('video-element');
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toContain(`/api/media/assets/`);

    // It plays: the clock moves and the frame has the proxy's size.
    await page.getByTestId('video-play').click();
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5);
    expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([640, 360]);
    await page.getByTestId('video-play').click();

    // Scrubbing: the pointer over the timeline shows the frame there, from the sprite image.
    const timeline = page.getByTestId('video-timeline');
    const box = (await timeline.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
    const preview = page.getByTestId('scrub-preview');
    await preview.waitFor();
    expect(await preview.textContent()).toBe('0:02');
    const image = await preview.evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(image).toContain(`/api/media/assets/`);
    const sprite = await page.request.get(/url\("(.+)"\)/.exec(image)![1]!);
    expect(sprite.status()).toBe(200);
    expect(sprite.headers()['content-type']).toBe('image/jpeg');
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height / 2);
    await page.waitForFunction(() => Math.abs((document.querySelector('video')?.currentTime ?? 0) - 2.4) < 0.2);
    await page.getByTestId('waveform').waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'media-pipeline-scrub.png') });

    // Quality: Auto and the one proxy; ProRes is no original a browser plays.
    await page.getByTestId('video-quality').click();
    // The menu opens after the click returns: read it once its first item is there.
    await page.getByRole('menuitem').first().waitFor();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Auto', '360p']);
    await page.keyboard.press('Escape');
    await page.close();
  }, 150_000);
});
