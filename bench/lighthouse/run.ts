/**
 * Lighthouse benchmark (issues 17 and 55): the performance category on the login page and on the board and a
 * card page as the admin and as a customer, signed in, with three presets: Lighthouse's phone (mobile), the
 * same phone with the CPU slowed 8 times instead of 4 (mobile-x8: a phone half as fast) and desktop. The built
 * app runs as its own process with the demo data; Lighthouse drives Debian's Chromium. Prints every load with
 * the machine's load average when it started, then the median of the runs per preset and page; asserts nothing.
 * Beside them, the floor (floor.ts): a page of one heading with the app's headers, and the same without its
 * opener policy, which show what Chromium itself costs on this machine before the app adds anything.
 *   npm run bench:lighthouse       (LIGHTHOUSE_RUNS=n loads each page n times, 3 by default;
 *                                   LIGHTHOUSE_MODE=cold, the default, starts a new Chromium with an empty profile
 *                                   for every load, as PageSpeed and Lighthouse's CLI do: nothing compiled, cached
 *                                   or stored is shared between loads; LIGHTHOUSE_MODE=warm keeps one browser for
 *                                   all loads, clearing only its HTTP cache and the origin's storage between them;
 *                                   CHROMIUM_PATH overrides the browser,
 *                                   LIGHTHOUSE_JSON_DIR=<dir> keeps each report's JSON there for its audits and
 *                                   LIGHTHOUSE_TRACE_DIR=<dir> the trace it was computed from (bench/lighthouse/tasks.ts),
 *                                   LIGHTHOUSE_PRESETS=mobile,mobile-x8 and LIGHTHOUSE_PAGES='admin board' run only
 *                                   those, WEB_DIST=<dir> measures another build, LIGHTHOUSE_BASELINE=<dir> loads
 *                                   that build too, each page after this build's, so two builds compare in one run)
 * A load Lighthouse could not trace (NO_NAVSTART, now and then) is measured again, at most three times.
 * LIGHTHOUSE_CATEGORIES=accessibility,best-practices scores those categories instead (issue 18), with each
 * page's failing audits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Config, type Flags, type RunnerResult } from 'lighthouse';
import { throttling, userAgents } from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
// Lighthouse's own driver: it puts the session cookies in the browser, where the page can read the hint one.
import puppeteer, { type Browser } from 'puppeteer-core';
import { DRAWN_PAGE_MARK } from '@cutroom/domain';
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { startServer } from '../board/server.js';
import { startFloor } from './floor.js';
import { FIRST_TOUCH, only, signedInPages, type SessionCookie } from './session.js';
import { printCategories, printPerformance, type Row } from './table.js';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const MODE = process.env.LIGHTHOUSE_MODE ?? 'cold';
if (MODE !== 'cold' && MODE !== 'warm') throw new Error(`LIGHTHOUSE_MODE is cold or warm, not ${MODE}`);
const JSON_DIR = process.env.LIGHTHOUSE_JSON_DIR;
const BASELINE = process.env.LIGHTHOUSE_BASELINE;
// LIGHTHOUSE_TRACE_DIR=<dir> keeps the trace each report was computed from, for bench/lighthouse/tasks.ts.
const TRACE_DIR = process.env.LIGHTHOUSE_TRACE_DIR;
// LIGHTHOUSE_PROFILE=1 adds V8's sampling profiler to those traces, so tasks.ts can name the functions (it slows them).
const PROFILE = process.env.LIGHTHOUSE_PROFILE === '1';
const CATEGORIES = (process.env.LIGHTHOUSE_CATEGORIES ?? 'performance').split(',').map((c) => c.trim());
const PRESETS: { name: string; config?: Config }[] = [
  { name: 'mobile' }, // Lighthouse's default: a mid-range phone on slow 4G, simulated, the CPU ×4.
  {
    name: 'mobile-x8',
    config: {
      extends: 'lighthouse:default',
      settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: 8 } },
    },
  },
  { name: 'desktop', config: desktopConfig },
].filter((p) => only(process.env.LIGHTHOUSE_PRESETS)(p.name));

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'];

/** A Chromium with a new empty profile (chrome-launcher makes one per launch), and Puppeteer connected to it. */
async function launchBrowser() {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  return {
    browser,
    port: chrome.port,
    close: async () => {
      await browser.disconnect();
      chrome.kill();
    },
  };
}

/** Tries per load: Lighthouse now and then fails to trace a load (NO_NAVSTART), which says nothing of the page. */
const ATTEMPTS = 3;

/** One Lighthouse run of a page in a fresh tab, again when Lighthouse could not trace the load (said on stderr). */
async function measure(
  browser: Browser,
  port: number,
  origin: string,
  url: string,
  cookies: SessionCookie[] | undefined,
  config?: Config,
) {
  for (let attempt = 1; ; attempt++) {
    // Lighthouse's own reset (cache, storage, cookies) is done here, before the session's cookies go in.
    const tab = await browser.newPage();
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    if (cookies) await browser.setCookie(...cookies.map((c) => ({ ...c, domain: new URL(origin).hostname })));
    const flags: Flags = {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      disableStorageReset: true,
      ...(PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    };
    const result = await lighthouse(`${origin}${url}`, flags, config, tab);
    await tab.close();
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const failed = result.lhr.runtimeError?.code;
    if (!failed || attempt === ATTEMPTS) return result;
    console.error(`  ${url}: Lighthouse could not trace the load (${failed}), measured again`);
  }
}

interface Build {
  name: string;
  server: Awaited<ReturnType<typeof startServer>>;
  dataDir: string;
  pages: { page: string; url: string; cookies?: SessionCookie[] }[];
}

/** One build's app as its own server with the demo data, and the pages to load on it. */
async function startBuild(name: string, dist: string): Promise<Build> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-lighthouse-'));
  const server = await startServer('', dataDir, { SEED_DEMO: 'true', WEB_DIST: path.resolve(dist) });
  const pages = [
    { page: 'login', url: '/login' },
    ...(await signedInPages(server.origin)).map(({ page, path, cookies }) => ({ page, url: path, cookies })),
  ];
  return { name, server, dataDir, pages: pages.filter((p) => only(process.env.LIGHTHOUSE_PAGES)(p.page)) };
}

/**
 * Each page of a build loads and the app takes it over, with no error on the page: a build whose app fails to
 * run measures a fast page that does nothing (a chunk split that broke module order once scored 97 here). On a
 * phone, where a drawn page waits for its first touch (issue 55), after a touch on no control.
 */
async function checkTakesOver(build: Build) {
  const { browser, close } = await launchBrowser();
  try {
    for (const [{ page, url, cookies }, phone] of build.pages.flatMap((p) => [
      [p, false] as const,
      [p, true] as const,
    ])) {
      const tab = await browser.newPage();
      if (phone) {
        await tab.setUserAgent({ userAgent: userAgents.mobile });
        await tab.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
      }
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push(String(error)));
      if (cookies)
        await browser.setCookie(...cookies.map((c) => ({ ...c, domain: new URL(build.server.origin).hostname })));
      await tab.goto(`${build.server.origin}${url}`);
      if (phone) await tab.evaluate(FIRST_TOUCH);
      const taken = await tab
        .waitForFunction(
          `!document.getElementById('root')?.hasAttribute('${DRAWN_PAGE_MARK}') && !!document.querySelector('main, form')`,
          { timeout: 30_000 },
        )
        .then(
          () => true,
          () => false,
        );
      await tab.close();
      if (!taken || errors.length)
        throw new Error(
          `${build.name}, ${page}${phone ? ' on a phone' : ''}: the app did not take the page over ${errors.join('; ')}`,
        );
    }
  } finally {
    await close();
  }
}

/** Lighthouse's figures of one load, kept as a row (its report and trace written out when asked). */
function rowOf(
  result: RunnerResult,
  at: Omit<Row, 'score' | 'fcp' | 'lcp' | 'tbt' | 'cls' | 'bytes' | 'finalUrl' | 'scores' | 'failing'>,
): Row {
  const { lhr } = result;
  const file = `${at.run}-${at.build === 'baseline' ? 'baseline-' : ''}${at.preset}-${at.page.replace(/ /g, '-')}.json`;
  if (TRACE_DIR) {
    fs.mkdirSync(TRACE_DIR, { recursive: true });
    fs.writeFileSync(path.join(TRACE_DIR, file), JSON.stringify((result.artifacts as { Trace?: unknown }).Trace));
  }
  if (JSON_DIR) {
    fs.mkdirSync(JSON_DIR, { recursive: true });
    fs.writeFileSync(path.join(JSON_DIR, file), JSON.stringify(lhr));
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    ...at,
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    bytes: metric('total-byte-weight'),
    finalUrl: new URL(lhr.finalDisplayedUrl).pathname,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? NaN) * 100)])),
    failing: CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    ),
  };
}

async function main() {
  if (!process.env.WEB_DIST) buildWebIfStale();
  // LIGHTHOUSE_BASELINE=<dist> loads another build's app beside this one, page by page, in the same run.
  const builds = [await startBuild('this build', process.env.WEB_DIST ?? 'apps/web/dist')];
  if (BASELINE) builds.push(await startBuild('baseline', BASELINE));
  // Warm mode's one browser; cold mode launches its own per load.
  const shared = MODE === 'warm' ? await launchBrowser() : undefined;
  // What Chromium itself costs for a page with the app's headers (floor.ts), for the performance figures.
  const floor = CATEGORIES.includes('performance') ? await startFloor(builds[0]!.server.origin) : undefined;
  try {
    for (const build of builds) await checkTakesOver(build);
    // Each page of each build in turn, then the floor's pages.
    const loads = [
      ...builds[0]!.pages.flatMap((_, index) =>
        builds.map((build) => ({ build: build.name, origin: build.server.origin, ...build.pages[index]! })),
      ),
      // LIGHTHOUSE_PAGES names the floor's pages too ('floor').
      ...(floor?.pages ?? [])
        .filter((p) => only(process.env.LIGHTHOUSE_PAGES)(p.page))
        .map((p) => ({ build: 'floor', origin: floor!.origin, cookies: undefined, ...p })),
    ];
    const rows: Row[] = [];
    for (let run = 1; run <= RUNS; run++) {
      for (const preset of PRESETS) {
        for (const { build: name, origin, page, url, cookies } of loads) {
          const load = os.loadavg()[0]!;
          const own = shared ? undefined : await launchBrowser();
          const { browser, port } = (shared ?? own)!;
          const result = await measure(browser, port, origin, url, cookies, preset.config).finally(() => own?.close());
          const last = rowOf(result, { build: name, page, preset: preset.name, run, load });
          rows.push(last);
          const tbt = CATEGORIES.includes('performance') ? `, TBT ${Math.round(last.tbt)} ms` : '';
          console.error(
            `${run}/${RUNS} ${name}, ${preset.name} ${page}: ${JSON.stringify(last.scores)}${tbt} (${last.finalUrl}, load ${load.toFixed(2)})`,
          );
          // Where each failing audit failed, so it can be fixed.
          for (const id of last.failing) {
            type Node = { snippet?: string; explanation?: string };
            const items = (result.lhr.audits[id]?.details as { items?: { node?: Node }[] } | undefined)?.items;
            for (const { node } of items?.slice(0, 5) ?? [])
              console.error(`  ${id}: ${node?.snippet ?? ''} ${node?.explanation?.split('\n').at(-1) ?? ''}`);
          }
        }
      }
    }
    if (!CATEGORIES.includes('performance')) printCategories(rows, CATEGORIES);
    else {
      const browserNote =
        MODE === 'cold'
          ? 'a new Chromium with an empty profile per load'
          : "one Chromium for every load, its HTTP cache and the origin's storage cleared before each";
      const method = `Lighthouse ${lighthouseVersion()}, ${MODE} (${browserNote}), ${RUNS} run(s) per page, simulated throttling; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}).`;
      printPerformance(rows, method);
    }
  } finally {
    await shared?.close();
    await floor?.stop();
    for (const build of builds) {
      await build.server.stop();
      fs.rmSync(build.dataDir, { recursive: true, force: true });
    }
  }
}

function lighthouseVersion(): string {
  const manifest = path.resolve('node_modules/lighthouse/package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

await main();
