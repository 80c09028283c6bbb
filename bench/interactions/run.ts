/**
 * Interaction to Next Paint of the five most common interactions on a mid-range phone: open a card (a tap on its
 * board tile), switch a tab on the card page, play its video, step a frame, send a comment. Each load is cold (a
 * new Chromium, nothing shared) on a 412×823 touch screen with Lighthouse's mobile user agent, the CPU slowed four
 * times and Lighthouse's mobile network (150 ms round trip, 1.6 Mbit/s down). Once the app has taken the page and
 * what the interaction needs is there, a finger taps; an observer in the page reads event timing entries as
 * web-vitals does (interactions of 16 ms or more), and the interaction's latency is its longest entry, split into
 * input delay, processing and presentation. Stepping a frame taps the player's Next frame button.
 * The cards are the first on each board with a delivered video the pipeline has made ready and an open chat.
 * Prints figures; asserts nothing.
 *   npm run bench:interactions     (INTERACTIONS_RUNS=3 loads per interaction, INTERACTIONS_CPU=4,
 *                                   WEB_DIST=<dir> measures another build, CHROMIUM_PATH=/usr/bin/chromium)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { startServer } from '../board/server.js';
import { signIn, type SessionCookie } from '../lighthouse/session.js';
import {
  SLOWDOWN,
  cardWhole,
  check,
  interactionSince,
  now,
  onPhone,
  tap,
  videoCard,
  type Interaction,
} from './phone.js';

const RUNS = Number(process.env.INTERACTIONS_RUNS ?? 3);
// A user looks before tapping: the page's own start-up work is the load's, not the interaction's.
const LOOK_MS = 1000;
const look = () => new Promise((r) => setTimeout(r, LOOK_MS));
const COMMENT = 'Bench: the intro works';

type Who = 'customer' | 'admin';
interface Task {
  name: string;
  who: Who;
  /** The page the load opens, for the user's video card. */
  path: (cardId: number) => string;
  /** Gets the page ready, then interacts; the interaction is the first after the clock is read. */
  run: (page: Page, cardId: number) => Promise<Interaction | null>;
}

/** The card page with its player ready: the play button is enabled once the video's metadata is in. */
async function playerReady(page: Page) {
  await cardWhole(page);
  await page.waitForSelector('[data-testid="video-play"]:not([disabled])', { timeout: 60_000 }).catch(() => {
    throw new Error('the player’s play button was not enabled within 60 s: is the card’s video ready?');
  });
  await look();
}

/** Taps, reads the interaction, and checks the tap did `done` (an expression in the page). */
async function tapped(page: Page, selector: string, done: string, what: string) {
  const since = await now(page);
  await tap(page, selector);
  const result = await interactionSince(page, since);
  await check(page, done, what);
  return result;
}

const review = (id: number) => `/card-details/${id}?tab=review`;
const openCard = (who: Who): Task => ({
  name: 'open a card',
  who,
  path: () => '/',
  run: async (page, id) => {
    const tile = `main [data-testid="card-${id}"]`;
    await page.waitForSelector(tile);
    await look();
    const since = await now(page);
    await tap(page, tile);
    await cardWhole(page, String(id));
    return interactionSince(page, since);
  },
});
const switchTab = (who: Who): Task => ({
  name: 'switch a tab',
  who,
  path: (id) => `/card-details/${id}`,
  run: async (page) => {
    await cardWhole(page);
    await look();
    // The page keeps its tab in the address: the tap took once it shows there.
    const tab = '[data-testid="card-detail"] [role="tab"][aria-selected="false"]';
    return tapped(page, tab, `location.search.includes('tab=')`, 'the tab switch');
  },
});

/** A tap on one of the player's controls once its video is ready, done when `done` (an expression) holds. */
const playerTap = (name: string, selector: string, done: string): Task => ({
  name,
  who: 'customer',
  path: review,
  run: async (page) => {
    await playerReady(page);
    return tapped(page, selector, done, name);
  },
});

const TASKS: Task[] = [
  openCard('customer'),
  openCard('admin'),
  switchTab('admin'),
  switchTab('customer'),
  playerTap(
    'play',
    '[data-testid="video-play"]',
    `!!document.querySelector('[data-testid="video-play"][aria-label="Pause"]')`,
  ),
  playerTap('step a frame', '[data-testid="frame-forward"]', `document.querySelector('video').currentTime > 0`),
  {
    name: 'send a comment',
    who: 'customer',
    path: review,
    run: async (page) => {
      await cardWhole(page);
      await tap(page, '[data-testid="comment-input"]');
      await page.keyboard.type(COMMENT);
      await look();
      const sent = `[...document.querySelectorAll('[data-testid="comment-text"]')].some((e) => e.textContent.includes('${COMMENT}'))`;
      return tapped(page, '[data-testid="comment-send"]', sent, 'the comment in the chat');
    },
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const ms = (x: number) => (Number.isNaN(x) ? '–' : String(Math.round(x)));

function row(task: Task, results: (Interaction | null)[], failed: number) {
  const seen = results.filter((r) => r !== null);
  const under = results.length - seen.length;
  const of = (key: keyof Omit<Interaction, 'event'>) => ms(median(seen.map((r) => r[key])));
  const latencies = seen.map((r) => r.latency);
  const range = seen.length ? `${ms(Math.min(...latencies))}–${ms(Math.max(...latencies))}` : '–';
  const runs = [results.length, under && `${under} under 16 ms`, failed && `${failed} failed`]
    .filter(Boolean)
    .join(', ');
  return `| ${task.name} | ${task.who} | ${runs} | ${of('latency')} | ${range} | ${of('inputDelay')} / ${of('processing')} / ${of('presentation')} |`;
}

async function main() {
  const loadAverage = os.loadavg()[0]!;
  const dist = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist');
  if (!process.env.WEB_DIST) buildWebIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-interactions-'));
  const server = await startServer('', dataDir, { SEED_DEMO: 'true', WEB_DIST: dist });
  const results = new Map<Task, (Interaction | null)[]>(TASKS.map((t) => [t, []]));
  const failed = new Map<Task, number>();
  try {
    const sessions = {} as Record<Who, { cookies: SessionCookie[]; cardId: number }>;
    for (const who of ['customer', 'admin'] as const) {
      const cookies = await signIn(server.origin, `${who}@cutroom.demo`);
      const card = await videoCard(server.origin, cookies, who);
      console.error(`${who}: card ${card.card_id} '${card.card_title}' (${card.card_status})`);
      sessions[who] = { cookies, cardId: card.card_id };
    }
    // Runs outside, tasks inside: a change in the machine's load falls on every interaction alike.
    for (let run = 0; run < RUNS; run++)
      for (const task of TASKS) {
        const { cookies, cardId } = sessions[task.who];
        const label = `${task.name} · ${task.who} · run ${run + 1}`;
        try {
          const result = await onPhone(server.origin + task.path(cardId), cookies, (page) => task.run(page, cardId));
          results.get(task)!.push(result);
          console.error(
            result
              ? `${label}: ${ms(result.latency)} ms (${result.event}; input delay ${ms(result.inputDelay)}, processing ${ms(result.processing)}, presentation ${ms(result.presentation)})`
              : `${label}: under 16 ms (no event entry)`,
          );
        } catch (e) {
          // A load that fails is a finding, not the end of the bench: said, and left out of the figures.
          failed.set(task, (failed.get(task) ?? 0) + 1);
          console.error(`${label}: failed: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nINP on a phone, CPU ×${SLOWDOWN}, 150 ms RTT, 1.6 Mbit/s, cold loads (load average ${loadAverage.toFixed(2)} at start):\n`,
  );
  console.log(
    '| interaction | who | runs | median INP ms | min–max ms | median input delay / processing / presentation ms |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const [task, rs] of results) console.log(row(task, rs, failed.get(task) ?? 0));
}

await main();
