/**
 * Lighthouse benchmark (issue 17): the performance category, mobile and desktop presets, on the login
 * page and on the board and a card page as the admin and as a customer, signed in. The built app runs
 * as its own process with the demo data; Lighthouse drives Debian's Chromium. Prints scores, paint
 * metrics and bytes transferred; asserts nothing.
 *   npm run bench:lighthouse       (LIGHTHOUSE_RUNS=n repeats each page, CHROMIUM_PATH overrides the browser,
 *                                   LIGHTHOUSE_JSON_DIR=<dir> keeps each report's JSON there for its audits)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
// @ts-expect-error plain ESM script shared with `npm start`
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { startServer } from '../board/server.js';
import { signIn, firstCardId } from './session.js';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const JSON_DIR = process.env.LIGHTHOUSE_JSON_DIR;
const PRESETS: { name: string; config?: Config }[] = [
  { name: 'mobile' }, // Lighthouse's default: a mid-range phone on slow 4G, simulated.
  { name: 'desktop', config: desktopConfig },
];

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
}

async function main() {
  (buildWebIfStale as () => void)();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-lighthouse-'));
  const server = await startServer('', dataDir, { SEED_DEMO: 'true' });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const admin = await signIn(server.origin, 'admin@cutroom.demo');
    const customer = await signIn(server.origin, 'customer@cutroom.demo');
    const pages = [
      { page: 'login', url: '/login', cookie: undefined },
      { page: 'admin board', url: '/', cookie: admin },
      { page: 'admin card', url: `/card-details/${await firstCardId(server.origin, admin)}`, cookie: admin },
      { page: 'customer board', url: '/', cookie: customer },
      { page: 'customer card', url: `/card-details/${await firstCardId(server.origin, customer)}`, cookie: customer },
    ];
    const rows: Row[] = [];
    for (let run = 0; run < RUNS; run++) {
      for (const preset of PRESETS) {
        for (const { page, url, cookie } of pages) {
          // The session goes as a header: Lighthouse clears the origin's storage and cookies before each run.
          const flags: Flags = {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            ...(cookie ? { extraHeaders: { cookie } } : {}),
          };
          const result = await lighthouse(`${server.origin}${url}`, flags, preset.config);
          if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
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
          });
          const last = rows[rows.length - 1]!;
          console.error(`${preset.name} ${page}: ${last.score} (${last.finalUrl})`);
        }
      }
    }
    printTable(rows);
  } finally {
    chrome.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(rows: Row[]) {
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
