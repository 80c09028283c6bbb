/**
 * Main-thread benchmark (issue 17): what the browser's main thread does to show the board and a card page,
 * from a Chromium trace, as a median of several loads. Lighthouse's phone scores move by 5–10 points between
 * runs on this machine; these figures are steadier, and comparing two builds in one run (loads alternate
 * between them) shows what a change did. Prints a table; asserts nothing.
 *   npm run bench:main-thread                       (the current build, apps/web/dist, rebuilt if stale)
 *   MAIN_THREAD_DISTS=/tmp/dist-before,apps/web/dist npm run bench:main-thread   (builds side by side)
 *   MAIN_THREAD_RUNS=8 (loads per page and build), CHROMIUM_PATH overrides the browser.
 *   MAIN_THREAD_MODE=cold starts a new Chromium per load (nothing compiled or cached is shared, as Lighthouse's
 *   cold default); MAIN_THREAD_SCREENS=phone and MAIN_THREAD_PAGES='admin board' narrow the run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { userAgents } from 'lighthouse/core/config/constants.js';
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { startServer } from '../board/server.js';
import { only, signedInPages, type SessionCookie } from '../lighthouse/session.js';
import { mainThread, navigationStart, type TraceEvent } from './trace.js';

const RUNS = Number(process.env.MAIN_THREAD_RUNS ?? 6);
const DISTS = (process.env.MAIN_THREAD_DISTS ?? '').split(',').filter(Boolean);
const MODE = process.env.MAIN_THREAD_MODE ?? 'warm';
if (MODE !== 'cold' && MODE !== 'warm') throw new Error(`MAIN_THREAD_MODE is cold or warm, not ${MODE}`);
const COLD = MODE === 'cold';
/** Lighthouse's phone (412×823) and a laptop screen. */
const VIEWPORTS = [
  { name: 'phone', width: 412, height: 823, isMobile: true },
  { name: 'desktop', width: 1350, height: 940, isMobile: false },
].filter((v) => only(process.env.MAIN_THREAD_SCREENS)(v.name));
const launch = () =>
  puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });

interface Figures {
  fcp: number;
  lcp: number;
  /** Main-thread task time from navigation to two seconds after the page showed. */
  total: number;
  /** Of which before the largest paint. */
  beforeLcp: number;
  /** Blocking time as Lighthouse's 4× slower phone would count it: each task after FCP ×4, past 50 ms. */
  blocking4x: number;
  longest: number;
}

function figures(events: TraceEvent[]): Figures {
  const nav = navigationStart(events);
  const onMain = mainThread(events);
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && e.ts >= nav);
  const at = (e: TraceEvent) => (e.ts - nav) / 1000;
  const ms = (e: TraceEvent) => e.dur! / 1000;
  const fcp = at(events.filter((e) => e.name === 'firstContentfulPaint').at(-1)!);
  const lcp = at(events.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1)!);
  const sum = (list: TraceEvent[], f: (e: TraceEvent) => number) => list.reduce((a, e) => a + f(e), 0);
  return {
    fcp,
    lcp,
    total: sum(tasks, ms),
    beforeLcp: sum(
      tasks.filter((e) => at(e) < lcp),
      ms,
    ),
    blocking4x: sum(
      tasks.filter((e) => at(e) >= fcp),
      (e) => Math.max(0, 4 * ms(e) - 50),
    ),
    longest: Math.max(...tasks.map(ms)),
  };
}

async function load(browser: Browser, url: string, cookies: SessionCookie[], viewport: (typeof VIEWPORTS)[number]) {
  const page = await browser.newPage();
  try {
    await page.setViewport(viewport);
    // Lighthouse's phone says it is one: the server draws a page for a phone's screen from it.
    if (viewport.isMobile) await page.setUserAgent({ userAgent: userAgents.mobile });
    await browser.setCookie(...cookies.map((c) => ({ ...c, domain: new URL(url).hostname })));
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    const file = path.join(os.tmpdir(), `cutroom-main-thread-${process.pid}.json`);
    await page.tracing.start({
      path: file,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'],
    });
    await page.goto(url, { waitUntil: 'load' });
    // The board's tiles and the card page's title link or heading: the page has shown its content.
    await page.waitForSelector('main section a, main h1', { timeout: 30_000 });
    await new Promise((r) => setTimeout(r, 2000));
    await page.tracing.stop();
    const { traceEvents } = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
    fs.rmSync(file);
    return figures(traceEvents);
  } finally {
    await page.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (DISTS.length === 0) buildWebIfStale();
  const dists = DISTS.length ? DISTS.map((d) => path.resolve(d)) : [path.resolve('apps/web/dist')];
  const servers = [];
  for (const dist of dists) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-main-thread-'));
    const server = await startServer('', dataDir, { SEED_DEMO: 'true', WEB_DIST: dist });
    // The card as the customer sees it is the admin's page with other buttons: three pages keep the run short.
    const pages = (await signedInPages(server.origin)).filter((p) =>
      process.env.MAIN_THREAD_PAGES ? only(process.env.MAIN_THREAD_PAGES)(p.page) : p.page !== 'customer card',
    );
    servers.push({ dist, dataDir, server, pages });
  }
  const warm = COLD ? null : await launch();
  // Cold: a browser of its own per load, closed after it.
  const measure = async (url: string, cookies: SessionCookie[], viewport: (typeof VIEWPORTS)[number]) => {
    const browser = warm ?? (await launch());
    try {
      return await load(browser, url, cookies, viewport);
    } finally {
      if (!warm) await browser.close();
    }
  };
  const rows: string[] = [];
  try {
    for (const viewport of VIEWPORTS) {
      for (let p = 0; p < servers[0]!.pages.length; p++) {
        const results = servers.map(() => [] as Figures[]);
        // The builds take turns, so a machine busier for a while weighs on each alike.
        for (let run = 0; run < RUNS; run++)
          for (let k = 0; k < servers.length; k++) {
            const at = (k + run) % servers.length;
            const { server, pages } = servers[at]!;
            results[at]!.push(await measure(server.origin + pages[p]!.path, pages[p]!.cookies, viewport));
          }
        for (const [k, { dist }] of servers.entries()) {
          const m = (key: keyof Figures) => Math.round(median(results[k]!.map((r) => r[key])));
          rows.push(
            `| ${viewport.name} | ${servers[k]!.pages[p]!.page} | ${path.relative(process.cwd(), dist) || dist} | ${m('fcp')} | ${m('lcp')} | ${m('total')} | ${m('beforeLcp')} | ${m('longest')} | ${m('blocking4x')} |`,
          );
          console.error(rows.at(-1));
        }
      }
    }
  } finally {
    await warm?.close();
    for (const { server, dataDir } of servers) {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `\nMedian of ${RUNS} ${MODE} loads each, ms (load average at end ${os.loadavg()[0]!.toFixed(2)}, ${os.cpus().length} cores):\n`,
  );
  console.log(
    '| screen | page | build | FCP | LCP | main thread | before LCP | longest task | blocking ×4 after FCP |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

await main();
