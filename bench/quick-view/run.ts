/**
 * Tap → card on a mid-range phone (issue 36): the board loads with the CPU slowed four times and Lighthouse's
 * mobile network (150 ms round trip, 1.6 Mbit/s down), then a finger taps a tile, which opens the card (its
 * page on the board, its quick view on the helper board). Measured in the page from the tap's pointerdown to
 * the first frame that answers it (the loading bar, or the tile gone or covered), to the first frame that
 * shows the card's title as its heading (the header comes first, from the tile's data), and to the first frame
 * with the whole card (its tabs, drawn from the card's call). The first tap comes as soon as the server's board
 * shows (the app not yet running: on a phone the tile's link loads the card's page, drawn by the server; elsewhere
 * the tap is held and replayed, issue 55), once a touch has started the app and it has taken the page (cold:
 * the card's code may still have to load) and once the page has been idle for 5 s; a second tap
 * opens another card with the code loaded. Prints figures; asserts nothing.
 *   npm run bench:quick-view     (QUICK_VIEW_RUNS=3 loads per page, QUICK_VIEW_CPU=4, QUICK_VIEW_NETWORK=0 turns the
 *                                 network's slowing off, WEB_DIST=<dir> measures another build)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { userAgents } from 'lighthouse/core/config/constants.js';
import { DRAWN_PAGE_MARK } from '@cutroom/domain';
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { startServer } from '../board/server.js';
import { FIRST_TOUCH, PHONE_NETWORK, signedInPages, type SessionCookie } from '../lighthouse/session.js';

const RUNS = Number(process.env.QUICK_VIEW_RUNS ?? 3);
const SLOWDOWN = Number(process.env.QUICK_VIEW_CPU ?? 4);
const SLOW_NETWORK = process.env.QUICK_VIEW_NETWORK !== '0';
const LOST_AFTER_MS = 15_000;

interface Tap {
  /** Milliseconds from the pointerdown to the first frame without the tapped tile, then with the card's title. */
  answered: number;
  title: number;
  /** ... and to the first frame with the whole card: its tabs under the header. */
  card: number;
}

// In the page: every frame looks for what the tap should bring; pointerdown starts the clock. The screen has
// answered once the page's loading bar shows, the tile has left the page, or a dialog covers it. Times are the
// wall clock's, and the watch goes on in the next document: on a phone's drawn board a tile is a plain link.
const WATCH = `(() => {
  const saved = JSON.parse(sessionStorage.getItem('tapWatch') || 'null');
  sessionStorage.removeItem('tapWatch');
  const w = (window.__tapWatch = saved || { down: 0, answered: 0, title: 0, card: 0, want: '', tile: '' });
  const wall = (t) => performance.timeOrigin + t;
  addEventListener('pointerdown', (e) => { w.down = wall(e.timeStamp); w.answered = 0; w.title = 0; w.card = 0; }, { capture: true });
  addEventListener('pagehide', () => w.down && !w.card && sessionStorage.setItem('tapWatch', JSON.stringify(w)));
  const frame = (t) => {
    const at = wall(t);
    if (w.down && !w.card) {
      const dialog = document.querySelector('[role="dialog"]');
      const covered = dialog && dialog.getBoundingClientRect().height > 0;
      const loading = document.querySelector('[data-testid="navigation-progress"][data-loading]');
      if (!w.answered && (covered || loading || !document.querySelector('[data-testid="' + w.tile + '"]'))) w.answered = at;
      const heading = document.querySelector('h1[data-testid="card-title"]');
      if (!w.title && heading && heading.textContent.trim() === w.want && heading.getBoundingClientRect().height > 0) w.title = at;
      if (w.title && document.querySelector('[data-testid="card-detail"] [role="tablist"]')) w.card = at;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

async function tap(page: Page, index: number): Promise<Tap | null> {
  // Strings, not functions: the bench is compiled for Node, without the DOM's names. The watch learns which
  // tile and which title; a tile is the element whose test id is card-{id}.
  const testId = (await page.evaluate(`(() => {
    const tile = [...document.querySelectorAll('main [data-testid^="card-"]')]
      .filter((e) => /^card-\\d+$/.test(e.getAttribute('data-testid')))[${index}];
    if (!tile) return null;
    Object.assign(window.__tapWatch, { want: tile.querySelector('a').textContent.trim(), tile: tile.dataset.testid });
    return tile.dataset.testid;
  })()`)) as string | null;
  if (!testId) throw new Error(`the board has no tile ${index}`);
  const tile = (await page.$(`main [data-testid="${testId}"]`))!;
  await tile.scrollIntoView();
  const box = (await tile.boundingBox())!;
  // Off the title link and the menu: the tile's own click opens it, as a thumb would.
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height - 6);
  const watch = await page
    .waitForFunction(
      `(({ down, answered, title, card }) => card && { answered: answered - down, title: title - down, card: card - down })(window.__tapWatch)`,
      { timeout: LOST_AFTER_MS, polling: 50 },
    )
    .catch(async () => {
      // A tap the page never answered is a finding, not a failure of the bench: printed, with what it showed.
      const shot = path.join(os.tmpdir(), `quick-view-lost-${testId}.png`);
      await page.screenshot({ path: shot });
      console.error(`  the tap on ${testId} was not answered in ${LOST_AFTER_MS / 1000} s; the screen: ${shot}`);
      return null;
    });
  if (!watch) return null;
  const result = (await watch.jsonValue()) as Tap;
  // Back the way a phone user goes, so the next tap starts from the board.
  await page.goBack();
  await page.waitForSelector(`main [data-testid="${testId}"]`);
  return result;
}

/** When the first tap comes: as soon as the drawn board shows, once the app has taken it, or 5 s after that. */
type When = 'shown' | 'taken' | 'idle';
const WHEN_LABEL: Record<When, string> = { shown: 'as the board shows', taken: 'once taken', idle: 'after 5 s idle' };

async function load(browser: Browser, url: string, cookies: SessionCookie[], when: When) {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
    // Lighthouse's phone: its user agent says Mobile, so the server draws the phone's layout, as for a phone.
    await page.setUserAgent({ userAgent: userAgents.mobile });
    await browser.setCookie(...cookies.map((c) => ({ ...c, domain: new URL(url).hostname })));
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    if (SLOW_NETWORK) await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
    await page.evaluateOnNewDocument(WATCH);
    // The server's board shows before the app runs it: a tap then is held, shown on the loading bar, and replayed.
    await page.goto(url, { waitUntil: when === 'shown' ? 'domcontentloaded' : 'load' });
    if (when !== 'shown') await page.evaluate(FIRST_TOUCH);
    if (when !== 'shown')
      await page.waitForFunction(`!document.getElementById('root').hasAttribute('${DRAWN_PAGE_MARK}')`, {
        timeout: 60_000,
      });
    await page.waitForSelector('main [data-testid^="card-"]');
    if (when === 'idle') await new Promise((r) => setTimeout(r, 5000));
    const first = await tap(page, 0);
    const second = first && (await tap(page, 1));
    return { first, second };
  } finally {
    await page.close();
  }
}

async function main() {
  const dist = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist');
  if (!process.env.WEB_DIST) buildWebIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-quick-view-'));
  const server = await startServer('', dataDir, { SEED_DEMO: 'true', WEB_DIST: dist });
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const rows: string[] = [];
  try {
    const boards = (await signedInPages(server.origin)).filter((p) => p.path === '/');
    for (const { page, cookies } of boards)
      for (const when of ['shown', 'taken', 'idle'] as const)
        for (let run = 0; run < RUNS; run++) {
          const { first, second } = await load(browser, server.origin + '/', cookies, when);
          const ms = (t: Tap | null) =>
            t ? [t.answered, t.title, t.card].map((n) => Math.round(n)).join(' | ') : 'lost | lost | lost';
          rows.push(`| ${page} | ${WHEN_LABEL[when]} | ${run + 1} | ${ms(first)} | ${ms(second)} |`);
          console.error(rows.at(-1));
        }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const network = SLOW_NETWORK ? '150 ms RTT, 1.6 Mbit/s' : 'unthrottled network';
  console.log(
    `\nTap → card, CPU ×${SLOWDOWN}, ${network}, phone viewport (load average ${os.loadavg()[0]!.toFixed(2)}):\n`,
  );
  console.log(
    '| board | first tap | load | 1st: answered ms | 1st: title ms | 1st: card ms | 2nd: answered ms | 2nd: title ms | 2nd: card ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

await main();
