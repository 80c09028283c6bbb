import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG } from '@cutroom/domain';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { launchBrowser, screenshotDir } from './browser.js';
import { freshBillingPeriod } from './api.js';
import { signedInPage } from './login.js';

// Demo accounts (apps/server/src/features/seed/demo-seed.ts). The customer has a QA, the YouTube
// helper and subtitles, and room for 4 requests a period; customer2 ('Max Maker') has a QA too.
const CUSTOMER = 'customer@cutroom.demo';
const ADMIN = 'admin@cutroom.demo';
const WIDE = { width: 1440, height: 900 };
const WEB = { 'X-Requested-With': 'cutroom-web' };

let browser: Browser;
beforeAll(async () => {
  // A fake microphone that answers without a permission prompt, so the voice note can be recorded.
  browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
  fs.mkdirSync(screenshotDir, { recursive: true });
  await freshBillingPeriod(CUSTOMER);
});
afterAll(() => browser?.close());

async function logIn(email: string): Promise<Page> {
  const page = await signedInPage(browser, email, { viewport: WIDE });
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

/** Step 1 of the form: title, footage link, format and content type, then Next. */
async function fillDetails(page: Page, title: string, ratio: string, purpose: string) {
  await page.getByTestId('card-title').fill(title);
  await page.getByTestId('dropbox-link').fill('https://www.dropbox.com/sh/e2e-raw-footage');
  await page.getByTestId(`ratio-${ratio}`).click();
  await page.getByTestId('video-purpose').click();
  await page.getByRole('option', { name: purpose, exact: true }).click();
  await page.getByTestId('request-next').click();
  await page.getByTestId('additional-info').waitFor();
}

/** The full card as its owner or an admin sees it, found by title among the visible video requests. */
async function cardByTitle(page: Page, title: string): Promise<CardDetailReply> {
  const list = await page.request.post('/api/getCards', {
    headers: WEB,
    data: { section: 'video_request', card_name: title, limit: 10 },
  });
  expect(list.status()).toBe(200);
  const tile = ((await list.json()).video_requests as { card_id: number; card_title: string }[]).find(
    (c) => c.card_title === title,
  );
  expect(tile, `card '${title}' in Video Requests`).toBeTruthy();
  const detail = await page.request.get(`/api/card/${tile!.card_id}`, { headers: WEB });
  expect(detail.status()).toBe(200);
  return (await detail.json()) as CardDetailReply;
}

/** Shows the board (customers start on the list) and waits for the title in Video Requests. */
async function expectOnBoard(page: Page, title: string) {
  // Dispatched rather than clicked: the 'New request created' toast sits over the toggle for 3 s.
  await page.getByTestId('view-toggle').getByText('Board').dispatchEvent('click');
  await page.getByTestId('board-view').waitFor();
  const column = page.getByTestId('column-video_request');
  await expect.poll(() => column.getByText(title, { exact: true }).count(), { timeout: 10_000 }).toBe(1);
}

describe('video requests', () => {
  it('a customer creates a request on /new-card: both steps, rich text, a recorded voice note, extras', async () => {
    const page = await logIn(CUSTOMER);
    const stamp = Date.now();
    await page.goto('/new-card');

    // Typed in capitals, the title becomes 'Capital first, rest lower' on leaving the field.
    await fillDetails(page, `E2E LAUNCH VIDEO ${stamp}`, '4:5', 'Vertical Content For TikTok/Shorts/Reels');
    const title = `E2e launch video ${stamp}`;

    // Rich text through the keyboard: a bold word and a bullet list.
    await page.getByTestId('additional-info').click();
    await page.keyboard.type('Open with the ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('product shot');
    await page.keyboard.press('Control+b');
    await page.getByTestId('special-instructions').click();
    await page.keyboard.type('- No music with lyrics');

    // Two seconds of the fake microphone, stopped, uploaded and playable.
    await page.getByRole('button', { name: 'Record voice note' }).click();
    await expect.poll(() => page.getByTestId('voice-note-time').textContent(), { timeout: 10_000 }).toBe('0:02');
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByRole('button', { name: 'Re-record' }).waitFor();
    await expect.poll(() => page.getByTestId('voice-note-length').isVisible(), { timeout: 10_000 }).toBe(true);

    await page.getByTestId('has-yt-helper').check();
    await page.getByRole('textbox', { name: 'Thumbnail reference 1' }).fill('https://img.example.com/look-1');
    await page.getByRole('button', { name: 'Add thumbnail reference' }).click();
    await page.getByRole('textbox', { name: 'Thumbnail reference 2' }).fill('https://img.example.com/look-2');
    await page.getByTestId('subtitles').check();
    await page.getByTestId('has-repurpose').check();
    await page.getByRole('checkbox', { name: 'Vertical (9:16)' }).check();
    await page.getByRole('checkbox', { name: 'Square (1:1)' }).check();
    expect(await page.getByRole('checkbox', { name: 'Other' }).isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(screenshotDir, 'new-request-step2.png'), fullPage: true });

    await page.getByTestId('request-create').click();
    await expect.poll(() => page.getByText(MSG.newRequestCreated).first().isVisible()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/');
    await expectOnBoard(page, title);

    const card = await cardByTitle(page, title);
    expect(card.youtube_aspect_ratio).toBe('4:5');
    expect(card.video_purpose).toBe('vertical_short_form');
    expect(card.additional_info).toContain('<strong>product shot</strong>');
    expect(card.special_instructions).toContain('<li>');
    expect(card.voice_note).toMatch(/^\/files\/media\/\d+\/[\w.-]+$/);
    expect(card.has_youtube_helper).toBe(true);
    expect(card.video_thumb_ref).toEqual(['https://img.example.com/look-1', 'https://img.example.com/look-2']);
    expect(card.subtitles).toBe(true);
    expect(card.repurpose_aspect).toEqual(['9:16', '1:1']);

    // The uploaded note is served back as audio.
    const audio = await page.request.get(card.voice_note!);
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toMatch(/^audio\//);
    expect((await audio.body()).length).toBeGreaterThan(1000);
    await page.context().close();
  });

  it('an admin creates a request for a customer through the board Create button and its modal', async () => {
    const page = await logIn(ADMIN);
    const title = `Admin modal request ${Date.now()}`;
    await page.getByTestId('create-request').click();
    const dialog = page.getByRole('dialog', { name: 'New video request' });
    await dialog.waitFor();

    await dialog.getByTestId('request-for').click();
    await dialog.getByTestId('request-for').fill('Max');
    await page.getByRole('option', { name: /Max Maker/ }).click();
    await fillDetails(page, title, '16:9', 'Podcast');
    await page.getByTestId('additional-info').click();
    await page.keyboard.type('Cut the intro to 10 seconds.');
    await page.screenshot({ path: path.join(screenshotDir, 'new-request-modal.png') });
    await dialog.getByTestId('request-create').click();

    await expect.poll(() => page.getByText(MSG.newRequestCreated).first().isVisible()).toBe(true);
    await dialog.waitFor({ state: 'detached' });
    await expectOnBoard(page, title);
    const card = await cardByTitle(page, title);
    expect(card.client_name).toContain('Max');
    expect(card.additional_info).toBe('<p>Cut the intro to 10 seconds.</p>');
    await page.context().close();
  });
});
