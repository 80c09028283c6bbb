/**
 * Login journey benchmark (issue 33): in Chromium, from submitting the login form to the board being
 * ready (every default column's first page drawn, no skeleton left) for a customer and an admin, and
 * from clicking Dashboard in the sidebar to the admin's circular graphs drawn. Each round is a fresh
 * browser context: "cold" starts with an empty cache; "warm" first signs in once in that context
 * (unmeasured), signs out and so holds the app's chunks in its cache. The built app runs as its own
 * process with the demo data on the embedded database (PGlite) in a temporary DATA_DIR.
 * Prints p50/p90 per measure and the critical path of the median round: every request the step made,
 * its start and end from the click (the page's resource timings), the server time of POST /api/login
 * (its time to first byte: argon2 verify and the session), and argon2 verify alone in this process.
 * Asserts nothing.
 *   npm run bench:login-journey    (BENCH_ROUNDS, default 5; CHROMIUM_PATH overrides the browser)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BOARD_COLUMNS } from '@cutroom/domain';
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { hashPassword, verifyPassword } from '../../apps/server/src/platform/passwords.js';
import { startServer } from '../board/server.js';
import { launchBrowser } from '../../e2e/src/chromium.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DEMO_PASSWORD = 'cutroom-demo';
const SHOWN_COLUMNS = BOARD_COLUMNS.filter((c) => !('toggle' in c)).map((c) => c.key);
const GRAPHS = ['requested', 'in-progress', 'completed', 'rating', 'time', 'overdue'].map((g) => `graph-${g}`);
const variants = ['cold', 'warm'] as const;
const accounts = [
  { role: 'customer', email: 'customer@cutroom.demo' },
  { role: 'admin', email: 'admin@cutroom.demo' },
] as const;

/** One request the step made, from the click, in ms (the page's resource timing entry). */
interface Span {
  name: string;
  start: number;
  end: number;
  /** Request sent to first byte of the reply: the server's time plus the loopback. */
  ttfb: number;
  kind: string;
}

interface Sample {
  ms: number;
  spans: Span[];
}

/** The little of the page's DOM this bench reads (bench/ compiles without the DOM's types). */
interface PageElement {
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
}
interface PageGlobals {
  __benchClick?: number;
  document: PageElement & { addEventListener(type: string, f: () => void, o: object): void };
  performance: {
    now(): number;
    getEntriesByType(type: 'resource'): {
      name: string;
      startTime: number;
      requestStart: number;
      responseStart: number;
      responseEnd: number;
      initiatorType: string;
    }[];
    clearResourceTimings(): void;
  };
}

/** Marks the moment the next submit or click happens in the page, before the app's own handlers. */
async function markNext(page: Page, event: 'submit' | 'click') {
  await page.evaluate((type) => {
    const w = globalThis as unknown as PageGlobals;
    delete w.__benchClick;
    w.document.addEventListener(type, () => (w.__benchClick ??= w.performance.now()), { capture: true, once: true });
  }, event);
}

/**
 * Polls every animation frame until the home page has every default column's first page drawn, on the
 * board (staff) or in the list's groups (a customer's default view); answers the page's time then.
 */
async function boardReadyAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    (keys) => {
      const doc = (globalThis as unknown as PageGlobals).document;
      // No named functions in here: tsx would wrap them in a helper the page does not have.
      const [board, list] = [
        '[data-testid=board-view] [data-column="%"]',
        '[data-testid=list-view] [data-testid="group-%"]',
      ].map((pattern) =>
        keys
          .map((key) => doc.querySelector(pattern.replace('%', key)))
          .every((c) => !!c && c.getAttribute('aria-busy') !== 'true' && !c.querySelector('.mantine-Skeleton-root')),
      );
      return (board || list) && performance.now();
    },
    SHOWN_COLUMNS,
    { timeout: 30_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** Polls every animation frame until the dashboard's circular graphs are drawn; answers the page's time then. */
async function graphsReadyAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    (ids) =>
      ids.every((id) => (globalThis as unknown as PageGlobals).document.querySelector(`[data-testid="${id}"] svg`)) &&
      performance.now(),
    GRAPHS,
    { timeout: 30_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** What the step asked for: resource entries from the click on, relative to it. */
async function spansSince(page: Page, click: number): Promise<Span[]> {
  const entries = await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).performance.getEntriesByType('resource').map((r) => {
      return {
        name: r.name,
        start: r.startTime,
        end: r.responseEnd,
        ttfb: r.responseStart - r.requestStart,
        kind: r.initiatorType,
      };
    }),
  );
  return entries
    .filter((e) => e.start >= click - 1)
    .map((e) => {
      const url = new URL(e.name);
      return { ...e, name: url.pathname, start: e.start - click, end: e.end - click };
    })
    .sort((a, b) => a.start - b.start);
}

async function newPage(browser: Browser, origin: string) {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 1440, height: 900 },
    timezoneId: 'America/New_York',
  });
  return { context, page: await context.newPage() };
}

/** Logs in through the form; resolves when the board is ready, with the time from the submit. */
async function login(page: Page, email: string): Promise<Sample> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => (globalThis as unknown as PageGlobals).performance.clearResourceTimings());
  await markNext(page, 'submit');
  await page.getByTestId('login-submit').click();
  const ready = await boardReadyAt(page);
  const click = await page.evaluate(() => (globalThis as unknown as PageGlobals).__benchClick!);
  return { ms: ready - click, spans: await spansSince(page, click) };
}

/** From the board, clicks Dashboard in the sidebar; resolves when the graphs are drawn. */
async function dashboard(page: Page): Promise<Sample> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => (globalThis as unknown as PageGlobals).performance.clearResourceTimings());
  await markNext(page, 'click');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Dashboard' }).click();
  const ready = await graphsReadyAt(page);
  const click = await page.evaluate(() => (globalThis as unknown as PageGlobals).__benchClick!);
  return { ms: ready - click, spans: await spansSince(page, click) };
}

const pct = (values: number[], q: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function argon2Verify(rounds: number) {
  const stored = await hashPassword(DEMO_PASSWORD);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await verifyPassword(stored, DEMO_PASSWORD);
    times.push(performance.now() - start);
  }
  return times;
}

async function main() {
  buildWebIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-bench-login-'));
  const server = await startServer('', dataDir, { SEED_DEMO: 'true' });
  const browser = await launchBrowser();
  const samples = new Map<string, Sample[]>();
  const add = (key: string, s: Sample) => samples.set(key, [...(samples.get(key) ?? []), s]);
  try {
    // One unmeasured pass: the server compiles its hot paths, the OS caches the files.
    for (const { email } of accounts) {
      const { context, page } = await newPage(browser, server.origin);
      await login(page, email);
      await context.close();
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of variants) {
        for (const { role, email } of accounts) {
          const { context, page } = await newPage(browser, server.origin);
          if (variant === 'warm') {
            await login(page, email);
            if (role === 'admin') await dashboard(page);
            await context.clearCookies();
          }
          add(`login ${role} ${variant}`, await login(page, email));
          if (role === 'admin') add(`dashboard admin ${variant}`, await dashboard(page));
          await context.close();
          process.stdout.write('.');
        }
      }
    }
    process.stdout.write('\n\n');
    report(samples, await argon2Verify(ROUNDS * 2));
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(samples: Map<string, Sample[]>, argon2: number[]) {
  const [load1] = os.loadavg();
  const f = (n: number) => n.toFixed(0);
  console.log(
    `${ROUNDS} rounds, ${os.cpus().length} cores, load average ${load1!.toFixed(2)} at the end; ` +
      `argon2 verify in this process p50 ${f(pct(argon2, 0.5))} ms, p90 ${f(pct(argon2, 0.9))} ms\n`,
  );
  console.log('| measure | p50 ms | p90 ms | requests | POST /api/login server p50 ms |');
  console.log('|---|---|---|---|---|');
  for (const [key, list] of samples) {
    const ms = list.map((s) => s.ms);
    const loginTtfb = list.flatMap((s) => s.spans.filter((x) => x.name === '/api/login').map((x) => x.ttfb));
    console.log(
      `| ${key} | ${f(pct(ms, 0.5))} | ${f(pct(ms, 0.9))} | ${list[0]!.spans.length} | ` +
        `${loginTtfb.length ? f(pct(loginTtfb, 0.5)) : '–'} |`,
    );
  }
  for (const [key, list] of samples) {
    const median = [...list].sort((a, b) => a.ms - b.ms)[Math.floor(list.length / 2)]!;
    const js = median.spans.filter((s) => s.name.endsWith('.js'));
    console.log(
      `\n${key}, median round (${f(median.ms)} ms; ${js.length} JS chunks, ` +
        `last ends at ${js.length ? f(Math.max(...js.map((s) => s.end))) : '–'} ms):`,
    );
    for (const s of median.spans)
      console.log(
        `  ${f(s.start).padStart(5)} → ${f(s.end).padStart(5)} ms  ${s.kind.padEnd(6)} ${s.name}` +
          (s.name.startsWith('/api/') ? `  (ttfb ${f(s.ttfb)})` : ''),
      );
  }
}

await main();
