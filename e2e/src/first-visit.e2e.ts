import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { launchBrowser, newPage } from './browser.js';
import { submitLogin } from './login.js';
import { bearer, call } from './api.js';
import { API, pathOf } from '@cutroom/domain/contract';
import { playerReady } from './player.js';

// Issue 18: a newcomer's first pages say nothing in the console. A signed-out /login used to ask /api/me and
// log its 401; a direct load of a lazily loaded page could log React Router's 'No HydrateFallback' warning.
const CUSTOMER = 'customer@cutroom.demo';
const PHONE = { width: 412, height: 823 };
const TITLE = 'Gear review: budget microphones';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Console errors and warnings, page errors, refused and failed requests of one page, as lines. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('requestfailed', (r) => {
    // A <video preload="metadata"> stops its own download once it has the metadata: not a failure.
    if (r.resourceType() === 'media' && r.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`failed ${new URL(r.url()).pathname}: ${r.failure()?.errorText}`);
  });
  return problems;
}

/**
 * Resolves once the page has had no request waiting for its answer for a quarter second (the live event
 * stream, which never ends, aside): the calls its screen makes after it shows (counts, the chat, the
 * player's metadata) have answered, or failed where watch() sees them. Call before the page navigates.
 */
function quietAfter(page: Page): () => Promise<void> {
  const open = new Set<Request>();
  page.on('request', (r) => {
    if (new URL(r.url()).pathname !== '/api/events') open.add(r);
  });
  const settled = (r: Request) => open.delete(r);
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return async () => {
    const deadline = Date.now() + 15_000;
    let quietSince = open.size === 0 ? Date.now() : 0;
    while (!quietSince || Date.now() - quietSince < 250) {
      if (Date.now() > deadline) throw new Error(`requests still open: ${[...open].map((r) => r.url()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (open.size > 0) quietSince = 0;
      else quietSince ||= Date.now();
    }
  };
}

/** A direct load (typed address, reload, bookmark) of a path in a new tab of the context. */
async function directLoad(context: BrowserContext, path: string, ready: (page: Page) => Promise<unknown>) {
  const page = await context.newPage();
  const problems = watch(page);
  const quiet = quietAfter(page);
  const html = (await (await page.goto(path))?.text()) ?? '';
  await ready(page);
  await quiet();
  const seen = [...problems];
  await page.close();
  // The page's own files that the server named in its HTML, to be fetched beside the first load (issue 17), or
  // after the first paint of a page it drew (issue 36: the list its start script reads).
  const started = /data-modules="([^"]*)"/.exec(html)?.[1]?.replace(/&quot;/g, '"') ?? '[]';
  const named = [
    ...[...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)">/g)].map((m) => m[1]!),
    ...(JSON.parse(started) as string[]),
  ];
  const chunk = (href: string) => /^\/assets\/([\w-]+?)-[\w-]{7}\.(?:js|css)$/.exec(href)?.[1];
  // The files of the page a tap opens next, which a drawn page fetches once idle.
  const later = JSON.parse(/data-later="([^"]*)"/.exec(html)?.[1]?.replace(/&quot;/g, '"') ?? '[]') as string[];
  return { problems: seen, preloaded: new Set(named.map(chunk)), later: new Set(later.map(chunk)) };
}

describe('first visit', () => {
  it('a signed-out /login, then direct loads of the board and a card page, log no error and no failed request', async () => {
    const page = await newPage(browser);
    const problems = watch(page);
    const quiet = quietAfter(page);
    await page.goto('/login');
    await page.getByTestId('login-email').waitFor();
    await quiet();
    expect(problems).toEqual([]);

    await submitLogin(page, CUSTOMER);
    await page.waitForURL((url) => url.pathname !== '/login');
    const href = await page.getByRole('link', { name: TITLE }).first().getAttribute('href');
    expect(href).toMatch(/^\/card-details\/\d+/);
    expect(problems).toEqual([]);
    const context = page.context();

    const card = await directLoad(context, href!, playerReady);
    expect(card.problems).toEqual([]);
    // The board's and a card's own code is one file (apps/web/drawn-chunk.ts): a tap from one to the other fetches
    // no more code.
    expect(card.preloaded).toContain('drawn-pages');
    expect(card.later).toEqual(new Set());
    const board = await directLoad(context, '/', (p) => p.getByRole('link', { name: TITLE }).first().waitFor());
    expect(board.problems).toEqual([]);
    expect(board.preloaded).toContain('drawn-pages');
    expect(board.later).toEqual(new Set());
    await context.close();
  });

  it('a visit after the session ended elsewhere goes to /login without a refused call', async () => {
    const page = await newPage(browser);
    await submitLogin(page, CUSTOMER);
    await page.waitForURL((url) => url.pathname !== '/login');
    const context = page.context();
    // The session cookie is gone (expired, or cleared by the browser) while the readable hint stayed.
    await context.clearCookies({ name: 'cutroom_session' });
    const { problems } = await directLoad(context, '/', (p) => p.waitForURL((url) => url.pathname === '/login'));
    expect(problems).toEqual([]);
    // The session's cookies are gone, and the board's stored preferences with the session (their cookie mirror
    // is cleared by the page, a moment after it has gone to /login).
    await expect.poll(async () => (await context.cookies()).map((c) => c.name)).toEqual([]);
    await context.close();
  });

  it("the admin's board on a phone does not move once shown: the banner comes with it, and the column overview keeps one line as counts arrive", async () => {
    const page = await newPage(browser, PHONE);
    await submitLogin(page, 'admin@cutroom.demo');
    await page.waitForURL((url) => url.pathname !== '/login');
    const fresh = await page.context().newPage();
    // With an announcement: the banner sits above the board, so it must be there before the board shows.
    const admin = await bearer('admin@cutroom.demo');
    const { announcement } = await call<{ announcement: { id: number } | null }>(
      admin,
      'GET',
      API.settings.activeAnnouncement.path,
    );
    // Yesterday to tomorrow: today in New York whatever the hour in UTC.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const made = announcement
      ? null
      : await call<{ id: number }>(admin, 'PUT', API.settings.createAnnouncement.path, {
          enable_banner: 1,
          banner_heading: 'Holiday hours',
          banner_text: 'Requests sent on Thursday start on Monday.',
          startDate: day(-1),
          endDate: day(1),
        });
    await fresh.addInitScript(() => {
      const w = window as unknown as { shifts: number; moved: string[] };
      w.shifts = 0;
      w.moved = [];
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] };
      const name = (node?: Node) =>
        node instanceof Element
          ? `${node.tagName.toLowerCase()}${node.getAttribute('data-testid') ? `[${node.getAttribute('data-testid')}]` : ''}.${node.className}`
          : String(node?.nodeName);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          w.shifts += entry.value;
          // What moved, so a failure says where to look.
          w.moved.push(`${entry.value.toFixed(3)}: ${(entry.sources ?? []).map((x) => name(x.node)).join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // A slow answer for the banner, so it would come after the board if the page did not wait for it.
    await fresh.route(`**${API.settings.activeAnnouncement.path}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    const quiet = quietAfter(fresh);
    await fresh.goto('/');
    await fresh.getByRole('navigation', { name: 'Board overview' }).waitFor();
    await expect.poll(() => fresh.getByTestId('column-count-video_request').textContent()).toMatch(/\d/);
    // Every answer is in (the slow banner's too), and a frame drawn after the last of them.
    await quiet();
    await fresh.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { shifts, moved } = await fresh.evaluate(() => {
      const w = window as unknown as { shifts: number; moved: string[] };
      return { shifts: w.shifts, moved: w.moved };
    });
    expect(await fresh.getByTestId('announcement-banner').count()).toBe(1);
    expect(shifts, moved.join('\n')).toBeLessThan(0.05);
    if (made) await call(admin, 'DELETE', pathOf(API.settings.deleteAnnouncement.path, { id: made.id }));
    await page.context().close();
  });
});
