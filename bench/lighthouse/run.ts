/**
 * Lighthouse benchmark (issue 17): the performance category, mobile and desktop presets, on the login
 * page and on the board and a card page as the admin and as a customer, signed in. The built app runs
 * as its own process with the demo data; Lighthouse drives Debian's Chromium. Prints scores, paint
 * metrics and bytes transferred; asserts nothing.
 *   npm run bench:lighthouse       (LIGHTHOUSE_RUNS=n repeats each page, CHROMIUM_PATH overrides the browser,
 *                                   LIGHTHOUSE_JSON_DIR=<dir> keeps each report's JSON there for its audits,
 *                                   LIGHTHOUSE_PRESETS=mobile and LIGHTHOUSE_PAGES='admin board' run only those,
 *                                   WEB_DIST=<dir> measures another build)
 * A load Lighthouse could not trace (NO_NAVSTART, now and then) is measured again, at most three times.
 * LIGHTHOUSE_CATEGORIES=accessibility,best-practices scores those categories instead (issue 18), with each
 * page's failing audits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
// Lighthouse's own driver: it puts the session cookies in the browser, where the page can read the hint one.
import puppeteer, { type Browser } from 'puppeteer-core';
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { startServer } from '../board/server.js';
import { signedInPages, type SessionCookie } from './session.js';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const JSON_DIR = process.env.LIGHTHOUSE_JSON_DIR;
const CATEGORIES = (process.env.LIGHTHOUSE_CATEGORIES ?? 'performance').split(',').map((c) => c.trim());
// LIGHTHOUSE_PRESETS=mobile and LIGHTHOUSE_PAGES='admin board,customer card' narrow a run to what is being worked on.
const only = (env: string | undefined) => (name: string) => !env || env.split(',').some((n) => n.trim() === name);
const PRESETS: { name: string; config?: Config }[] = [
  { name: 'mobile' }, // Lighthouse's default: a mid-range phone on slow 4G, simulated.
  { name: 'desktop', config: desktopConfig },
].filter((p) => only(process.env.LIGHTHOUSE_PRESETS)(p.name));

interface Row {
  page: string;
  preset: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  finalUrl: string;
  /** Score per category asked for, and the audits below full marks in the categories other than performance. */
  scores: Record<string, number>;
  failing: string[];
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
    };
    const result = await lighthouse(`${origin}${url}`, flags, config, tab);
    await tab.close();
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const failed = result.lhr.runtimeError?.code;
    if (!failed || attempt === ATTEMPTS) return result;
    console.error(`  ${url}: Lighthouse could not trace the load (${failed}), measured again`);
  }
}

async function main() {
  if (!process.env.WEB_DIST) buildWebIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-lighthouse-'));
  const server = await startServer('', dataDir, {
    SEED_DEMO: 'true',
    WEB_DIST: path.resolve(process.env.WEB_DIST ?? 'apps/web/dist'),
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const pages: { page: string; url: string; cookies?: SessionCookie[] }[] = [
      { page: 'login', url: '/login' },
      ...(await signedInPages(server.origin)).map(({ page, path, cookies }) => ({ page, url: path, cookies })),
    ];
    const chosen = pages.filter((p) => only(process.env.LIGHTHOUSE_PAGES)(p.page));
    const rows: Row[] = [];
    for (let run = 0; run < RUNS; run++) {
      for (const preset of PRESETS) {
        for (const { page, url, cookies } of chosen) {
          const result = await measure(browser, chrome.port, server.origin, url, cookies, preset.config);
          const { lhr } = result;
          if (JSON_DIR) {
            fs.mkdirSync(JSON_DIR, { recursive: true });
            const name = `${run + 1}-${preset.name}-${page.replace(/ /g, '-')}.json`;
            fs.writeFileSync(path.join(JSON_DIR, name), JSON.stringify(lhr));
          }
          const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
          rows.push({
            page,
            preset: preset.name,
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
          });
          const last = rows[rows.length - 1]!;
          console.error(`${preset.name} ${page}: ${JSON.stringify(last.scores)} (${last.finalUrl})`);
          // Where each failing audit failed, so it can be fixed.
          for (const id of last.failing) {
            type Node = { snippet?: string; explanation?: string };
            const items = (lhr.audits[id]?.details as { items?: { node?: Node }[] } | undefined)?.items;
            for (const { node } of items?.slice(0, 5) ?? [])
              console.error(`  ${id}: ${node?.snippet ?? ''} ${node?.explanation?.split('\n').at(-1) ?? ''}`);
          }
        }
      }
    }
    printTable(rows);
  } finally {
    await browser.disconnect();
    chrome.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(rows: Row[]) {
  if (!CATEGORIES.includes('performance')) {
    console.log(`\n| preset | page | ${CATEGORIES.join(' | ')} | failing audits | final path |`);
    console.log(`|---|---|${CATEGORIES.map(() => '---|').join('')}---|---|`);
    for (const r of rows) {
      const scores = CATEGORIES.map((c) => r.scores[c]).join(' | ');
      console.log(`| ${r.preset} | ${r.page} | ${scores} | ${r.failing.join(', ') || 'none'} | ${r.finalUrl} |`);
    }
    return;
  }
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    '\n| preset | page | score | FCP | LCP | TBT | CLS | transferred | final path |\n|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of rows) {
    console.log(
      `| ${r.preset} | ${r.page} | ${r.score} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${Math.round(r.bytes / 1024)} KiB | ${r.finalUrl} |`,
    );
  }
}

await main();
