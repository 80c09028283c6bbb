import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { DRAWN_PAGE_MARK } from '@cutroom/domain';

export { launchBrowser } from './chromium.js';

/** This worker's server (global-setup.ts starts one per worker; VITEST_POOL_ID counts workers from 1). */
function server() {
  const servers = inject('servers');
  return servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length]!;
}

export const baseUrl = () => server().baseUrl;
/** The DATA_DIR of this worker's server: its mail outbox and its log. */
export const dataDir = () => server().dataDir;

let clients = 0;
/**
 * A client address of its own for each browser context and API session, sent as X-Forwarded-For to the
 * server, which trusts its loopback proxy (global-setup.ts): per-address login limits then count one
 * person's logins, as behind a real proxy, and not the whole suite's.
 */
export function clientAddress(): string {
  clients += 1;
  return `198.18.${process.pid % 250}.${(clients % 250) + 1}`;
}

export async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    timezoneId: 'America/New_York',
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  return context.newPage();
}

/** The newest mail the server wrote for an address. */
export function latestMail(to: string): string {
  const dir = path.join(dataDir(), 'mail');
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.includes(to))
        .sort()
    : [];
  const newest = files.at(-1);
  if (!newest) throw new Error(`no mail to ${to}`);
  return fs.readFileSync(path.join(dir, newest), 'utf8');
}

/** A link to one of our pages found in a mail (quoted-printable soft breaks undone). */
export function linkFromMail(mail: string, pagePath: string): string {
  const flat = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`https?://[^\\s"<>]+${pagePath}\\?token=[\\w%-]+`).exec(flat);
  if (!match) throw new Error(`no ${pagePath} link in mail`);
  return match[0];
}

export const screenshotDir = path.resolve(import.meta.dirname, '../artifacts');

/** Picks stars in the Feedback dialog as a user does (stars are labels over visually hidden radios). */
export async function chooseStars(dialog: Locator, stars: number) {
  const id = await dialog.getByLabel(`${stars} stars`).getAttribute('id');
  await dialog.locator(`label[for="${id}"]`).click();
}

/**
 * Waits until an element has stayed in place for a quarter of a second: Playwright's own check compares two
 * animation frames, which a loaded machine can draw at the same spot in the middle of a slide-in (the
 * phone's Filters panel), so the press lands on the element and the release below it.
 */
export async function whenStill(locator: Locator, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let before = await locator.boundingBox();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await locator.boundingBox();
    if (before && now && before.x === now.x && before.y === now.y && before.height === now.height) return;
    if (Date.now() > deadline) throw new Error(`still moving after ${timeoutMs} ms: ${JSON.stringify(now)}`);
    before = now;
  }
}

/** Resolves once no transition or finite animation runs on the page (a popover has faded in): before a screenshot. */
/**
 * Once the app runs the page: a page the server drew holds taps until then, and the browser may draw its own over
 * it (its stored preferences differ from what the server read), so an element found before may be replaced. A
 * page drawn for a phone waits for a first touch (issue 55): `touch` gives it one, on no control.
 */
export async function pageTaken(page: Page, { touch = true } = {}) {
  if (touch)
    await page.evaluate((mark) => {
      if (document.getElementById('root')?.hasAttribute(mark))
        document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    }, DRAWN_PAGE_MARK);
  await page.waitForFunction((mark) => !document.getElementById('root')?.hasAttribute(mark), DRAWN_PAGE_MARK);
}

export async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Resolves once a video shows the frame of its current time (not seeking, the frame decoded). */
export async function frameShown(video: Locator) {
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.seeking && v.readyState >= 2)).toBe(true);
}

/** Opens the phone's Filters panel under the board's search, once its slide-in is over. */
export async function openPhoneFilters(page: Page) {
  await page.getByTestId('filters-toggle').click();
  await whenStill(page.getByLabel('Show Cards In Repurpose'));
}

/**
 * Resolves once the page's live stream (GET /api/events) has answered: from then on the server holds the page's
 * subscription, so an event another user causes reaches it. Call before the navigation that opens the stream.
 */
export function liveStreamOpened(page: Page): Promise<unknown> {
  return page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200);
}
