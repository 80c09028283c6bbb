import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG } from '@cutroom/domain';
import { baseUrl, chooseStars, launchBrowser, newPage, screenshotDir } from './browser.js';
import { bearer, call, freshBillingPeriod, toast } from './api.js';
import { signedInPage } from './login.js';

// Demo accounts (apps/server/src/features/seed/demo-seed.ts): the helper works the demo customer's helper cards.
const HELPER = 'helper@cutroom.demo';
const LEAD = 'helperlead@cutroom.demo';
const ADMIN = 'admin@cutroom.demo';
const CUSTOMER = 'customer@cutroom.demo';
const WIDE = { width: 1600, height: 900 };
/** A move on one board shows on another within a second; CI machines get some slack. */
const LIVE_MS = 5_000;

type Tile = { card_id: number; card_title: string };
type Columns = Record<string, Tile[] | undefined>;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(screenshotDir, { recursive: true });
});
afterAll(() => browser?.close());

/** The seeded helper cards by column, as the helper's board call answers. */
async function helperColumns(): Promise<Columns> {
  return call<Columns>(await bearer(HELPER), 'POST', '/api/ythelper/cards', { offset: 0, limit: 10 });
}

/** Logs in and opens a page. */
async function logIn(email: string, at: string): Promise<Page> {
  const page = await signedInPage(browser, email, { viewport: WIDE });
  await page.goto(at);
  return page;
}

/** A thumbnail the portal serves itself (this network has no outside images): a PNG drawn in the browser. */
async function uploadedThumbnail(token: string): Promise<string> {
  const page = await newPage(browser);
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 360;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#1c7ed6';
    g.fillRect(0, 0, 640, 360);
    g.fillStyle = '#ffffff';
    g.font = 'bold 56px sans-serif';
    g.fillText('SET BUILD', 150, 200);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  await page.context().close();
  const form = new FormData();
  form.append('document', new Blob([Buffer.from(base64, 'base64')], { type: 'image/png' }), 'thumbnail.png');
  const res = await fetch(`${baseUrl()}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return `${baseUrl()}${((await res.json()) as { url: string }).url}`;
}

/** A request of the demo customer (whose plan has the helper) with the helper on, delivered for review. */
async function deliveredHelperCard(admin: string, customer: string): Promise<number> {
  await freshBillingPeriod(CUSTOMER);
  const customerId = (await call<{ client_id: number }>(customer, 'GET', '/api/me')).client_id;
  const { card_id: cardId } = await call<{ card_id: number }>(admin, 'POST', '/api/card', {
    client_id: customerId,
    card_title: `E2E helper video ${Date.now()}`,
    dropbox_link: 'https://www.dropbox.com/sh/e2e-raw-footage',
    youtube_aspect_ratio: '16:9',
    video_purpose: 'youtube_content',
    hasYTHelper: true,
  });
  const link = 'https://www.dropbox.com/s/e2e-final-cut.mp4';
  await call(admin, 'POST', `/api/card/${cardId}/timeline`, { card_status: 'video_request' });
  await call(admin, 'POST', `/api/card/${cardId}/moveToQa`, { card_status: 'editing', done_video_link: link });
  await call(admin, 'POST', `/api/card/${cardId}/done`, { card_status: 'qa', done_link: link, content_id: 'SYNC-E2E' });
  return cardId;
}

/** A chat note carrying a text. */
const chatNote = (page: Page, text: string) => page.getByTestId('chat-panel').getByText(text).first();

/** Logs in; helper roles land on the helper board (spec 000 §1). */
async function openHelperBoard(email: string): Promise<Page> {
  const page = await signedInPage(browser, email, { viewport: WIDE });
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByTestId('yt-board-view').waitFor();
  return page;
}

const inColumn = (page: Page, column: string, cardId: number) =>
  page.getByTestId(`column-${column}`).getByTestId(`card-${cardId}`);

/**
 * Presses on a tile, travels in steps (dnd-kit needs real moves) and drops on a column. The board first settles:
 * while its columns and counts still load, a tile moves down under a press measured a moment before (a loaded CI
 * run pressed empty space twice).
 */
async function drag(page: Page, cardId: number, column: string) {
  const tile = page.getByTestId(`card-${cardId}`);
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-testid^="column-"][aria-busy]').length > 0 &&
      !document.querySelector('[data-testid^="column-"][aria-busy="true"]'),
  );
  await tile.scrollIntoViewIfNeeded();
  const from = (await tile.boundingBox())!;
  await page.mouse.move(from.x + from.width - 24, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width, from.y + from.height / 2 + 12, { steps: 4 });
  const to = (await page.getByTestId(`column-${column}`).boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
  await page.mouse.up();
}

describe('YouTube helper', () => {
  it('the helper starts a card by dragging it while the lead watches live, hands the assets to QA, and finishes a reviewed card from its YT Helper tab', async () => {
    const columns = await helperColumns();
    const assigned = columns.assigned?.[0];
    const working = columns.inProgress?.[0];
    const review = columns.inDone?.[0];
    expect(assigned && working && review).toBeTruthy();

    const helper = await openHelperBoard(HELPER);
    const lead = await openHelperBoard(LEAD);
    await inColumn(lead, 'assigned', assigned!.card_id).waitFor();

    // Assigned → In Progress by drag: a plain move, confirmed, seen on the lead's board too.
    await drag(helper, assigned!.card_id, 'inProgress');
    await expect.poll(() => helper.getByTestId('move-confirm').textContent()).toContain(MSG.confirmMove);
    await helper.getByRole('button', { name: 'Yes' }).click();
    await inColumn(helper, 'inProgress', assigned!.card_id).waitFor();
    await toast(helper, MSG.cardMoved).waitFor();
    await inColumn(lead, 'inProgress', assigned!.card_id).waitFor({ timeout: LIVE_MS });

    // In Progress → QA through the status menu: the assets dialog, Submit held until a thumbnail is there.
    await helper.getByTestId(`yt-status-menu-${working!.card_id}`).click();
    await helper.getByRole('menuitem', { name: 'QA' }).click();
    const assets = helper.getByTestId('yt-assets-dialog');
    await assets.waitFor();
    const submit = assets.getByTestId('yt-assets-submit');
    expect(await submit.isDisabled()).toBe(true);
    await assets.getByTestId('yt-thumbnail-1').fill('https://www.dropbox.com/s/e2e-thumb-a.png');
    await assets.getByTestId('yt-thumbnail-2').fill('https://www.dropbox.com/s/e2e-thumb-b.png');
    await assets.getByTestId('yt-snippet-link').fill('https://www.dropbox.com/s/e2e-snippet.mp4');
    await assets.getByTestId('yt-unlisted-link').fill('https://youtu.be/e2e-unlisted');
    await assets.getByTestId('yt-description').click();
    await helper.keyboard.type('Chapters and links for the e2e video');
    await helper.screenshot({ path: path.join(screenshotDir, 'yt-assets-dialog.png') });
    await submit.click();
    await inColumn(helper, 'ytQA', working!.card_id).waitFor();
    await inColumn(lead, 'ytQA', working!.card_id).waitFor({ timeout: LIVE_MS });

    // The card in Review: its YT Helper tab's Ready For Upload completes the helper side.
    await helper.goto(`/card-details/${review!.card_id}?tab=yt`);
    await helper.getByTestId('yt-tab').waitFor();
    await helper.getByTestId('yt-action-markDone').click();
    await helper.getByRole('button', { name: 'Yes' }).click();
    await toast(helper, MSG.cardMarkedCompleted).waitFor();
    await expect.poll(() => helper.getByTestId('yt-status').textContent()).toBe('Completed');
    await helper.screenshot({ path: path.join(screenshotDir, 'yt-helper-tab.png') });

    await helper.context().close();
    await lead.context().close();
  });

  it("a helper customer's completed card joins the helper board; assets, QA and Review; the customer marks a thumbnail, the helper answers; Ready For Upload, and the customer rates the helper's work", async () => {
    const [admin, customerToken, helperToken] = await Promise.all([bearer(ADMIN), bearer(CUSTOMER), bearer(HELPER)]);
    const cardId = await deliveredHelperCard(admin, customerToken);
    const helperBoard = await openHelperBoard(HELPER);

    // The customer completes the normal side on the card page: feedback, then the Reminder.
    const customer = await logIn(CUSTOMER, `/card-details/${cardId}`);
    await customer.getByTestId('action-markDone').click();
    await customer.getByText(MSG.confirmMarkComplete).waitFor();
    await customer.getByRole('button', { name: 'Yes' }).click();
    const feedback = customer.getByTestId('feedback-dialog');
    await feedback.waitFor();
    await chooseStars(feedback, 5);
    await feedback.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => customer.getByTestId('reminder-dialog').textContent()).toContain(MSG.ytHelperReminder);
    await customer.getByTestId('reminder-dialog').getByRole('button', { name: 'OK' }).click();

    // It joins the helper's board as Assigned, live.
    await inColumn(helperBoard, 'assigned', cardId).waitFor({ timeout: LIVE_MS });

    // The helper starts it and hands on the assets (the board's dialogs are the first journey's); the lead passes QA.
    const thumbnail = await uploadedThumbnail(helperToken);
    await call(helperToken, 'POST', `/api/ythelper/card/${cardId}/move`, { source: 'assigned', target: 'inProgress' });
    await call(helperToken, 'POST', `/api/ythelper/card/${cardId}/done`, {
      source: 'inProgress',
      thumbnailLinkUrlArray: [thumbnail, ''],
      snippetLink: 'https://www.dropbox.com/s/e2e-snippet.mp4',
      unlistedLink: 'https://youtu.be/e2e-unlisted',
      videoDescription: '<p>Chapters: 00:00 Intro</p>',
    });
    await inColumn(helperBoard, 'ytQA', cardId).waitFor({ timeout: LIVE_MS });
    const lead = await openHelperBoard(LEAD);
    await lead.getByTestId(`yt-status-menu-${cardId}`).click();
    await lead.getByRole('menuitem', { name: 'Review' }).click();
    const assets = lead.getByTestId('yt-assets-dialog');
    await assets.waitFor();
    // Skip keeps the helper's assets as they are.
    await assets.getByRole('button', { name: 'Skip' }).click();
    await inColumn(lead, 'inDone', cardId).waitFor();
    await inColumn(helperBoard, 'inDone', cardId).waitFor({ timeout: LIVE_MS });

    // The customer draws on the thumbnail in the YT Helper tab and comments.
    await customer.goto(`/card-details/${cardId}?tab=yt`);
    await customer.getByTestId('yt-tab').waitFor();
    await customer.getByTestId('thumbnail-image').waitFor();
    await customer.getByTestId('annotate').click();
    const layer = (await customer.getByTestId('annotation-layer').boundingBox())!;
    await customer.mouse.move(layer.x + layer.width * 0.2, layer.y + layer.height * 0.3);
    await customer.mouse.down();
    await customer.mouse.move(layer.x + layer.width * 0.7, layer.y + layer.height * 0.7, { steps: 8 });
    await customer.mouse.up();
    const ask = `Make the title bigger here ${Date.now()}`;
    await customer.getByTestId('comment-input').fill(ask);
    await customer.getByTestId('comment-input').press('Enter');
    await toast(customer, MSG.annotationAdded).waitFor();
    await chatNote(customer, ask).waitFor();
    await customer.getByTestId('annotation-shape').first().waitFor();

    // The helper sees it on the card's YT Helper tab and answers; the customer's page gets the answer live.
    const helper = await logIn(HELPER, `/card-details/${cardId}?tab=yt`);
    await helper.getByTestId('yt-tab').waitFor();
    await chatNote(helper, ask).waitFor();
    const answer = `Done, the title is 20% bigger ${Date.now()}`;
    await helper.getByTestId('comment-input').fill(answer);
    await helper.getByTestId('comment-input').press('Enter');
    await chatNote(helper, answer).waitFor();
    await chatNote(customer, answer).waitFor({ timeout: LIVE_MS });
    await helper.screenshot({ path: path.join(screenshotDir, 'yt-helper-chat.png') });

    // Ready For Upload completes the helper side; the customer rates the helper's work.
    await helper.getByTestId('yt-action-markDone').click();
    await helper.getByRole('button', { name: 'Yes' }).click();
    await toast(helper, MSG.cardMarkedCompleted).waitFor();
    await expect.poll(() => customer.getByTestId('yt-status').textContent(), { timeout: LIVE_MS }).toBe('Completed');
    await customer.getByTestId('yt-action-rate').click();
    const rating = customer.getByTestId('feedback-dialog');
    await rating.waitFor();
    await chooseStars(rating, 4);
    await rating.getByRole('button', { name: 'OK' }).click();
    await toast(customer, MSG.feedbackSubmitted).waitFor();
    const card = await call<{ ythelperCardRating: number | null }>(customerToken, 'GET', `/api/card/${cardId}`);
    expect(card.ythelperCardRating).toBe(4);
    await customer.screenshot({ path: path.join(screenshotDir, 'yt-helper-rated.png') });

    for (const page of [helperBoard, customer, lead, helper]) await page.context().close();
  });
});
