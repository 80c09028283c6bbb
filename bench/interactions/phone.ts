// The phone the interactions bench taps on: a cold Chromium per load, Lighthouse's mobile preset, INP read in the page.
import puppeteer, { type Page } from 'puppeteer-core';
import { userAgents } from 'lighthouse/core/config/constants.js';
import { BOARD_COLUMNS, DRAWN_PAGE_MARK, writeChatVerdict, type CardStatus, type Role } from '@cutroom/domain';
import { FIRST_TOUCH, PHONE_NETWORK, callAs, type SessionCookie } from '../lighthouse/session.js';

export const SLOWDOWN = Number(process.env.INTERACTIONS_CPU ?? 4);
// Generous: a cold card page at CPU ×4 on the slow network, on a loaded 2-core machine, takes tens of seconds.
const WAIT_MS = 120_000;

// As web-vitals reads INP: event entries of 16 ms or more that belong to an interaction, from the page's start.
const OBSERVE = `(() => {
  const seen = (window.__interactions = []);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId > 0)
        seen.push({ id: e.interactionId, name: e.name, startTime: e.startTime, duration: e.duration,
          processingStart: e.processingStart, processingEnd: e.processingEnd });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})()`;

interface Entry {
  id: number;
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

/** One interaction: its latency (its longest entry's duration), and that entry's name and split. */
export interface Interaction {
  event: string;
  latency: number;
  inputDelay: number;
  processing: number;
  presentation: number;
}

/** Opens a cold phone on `url` (a new Chromium, nothing shared) and runs `use` on it once the app has taken it. */
export async function onPhone<T>(url: string, cookies: SessionCookie[], use: (page: Page) => Promise<T>): Promise<T> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(WAIT_MS);
    await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
    // Lighthouse's phone: its user agent says Mobile, so the server draws the phone's layout.
    await page.setUserAgent({ userAgent: userAgents.mobile });
    await browser.setCookie(...cookies.map((c) => ({ ...c, domain: new URL(url).hostname })));
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
    await page.evaluateOnNewDocument(OBSERVE);
    await page.goto(url, { waitUntil: 'load', timeout: WAIT_MS });
    // The interactions measured are the app's, once a first touch has started it and it has taken the page.
    await page.evaluate(FIRST_TOUCH);
    // The app has taken the page: until then a tap on the drawn page is held.
    await page.waitForFunction(`!document.getElementById('root').hasAttribute('${DRAWN_PAGE_MARK}')`);
    return await use(page);
  } finally {
    await browser.close();
  }
}

/** The card page is whole: its body drawn, no longer busy. */
export const cardWhole = (page: Page, id = '') =>
  page.waitForSelector(`[data-testid="card-detail"]${id && `[data-card-id="${id}"]`}:not([aria-busy])`);

/** That the interaction did what it is for (`done`, an expression in the page): a tap that missed measures nothing. */
export async function check(page: Page, done: string, what: string) {
  await page.waitForFunction(done, { timeout: 30_000, polling: 100 }).catch(() => {
    throw new Error(`${what} did not happen within 30 s`);
  });
}

/** A finger on the element's centre, scrolled into view first. */
export async function tap(page: Page, selector: string) {
  const element = await page.waitForSelector(selector, { visible: true });
  await element!.scrollIntoView();
  const box = await element!.boundingBox();
  if (!box) throw new Error(`${selector} has no box to tap`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** The page's clock, read just before an interaction: entries from before it belong to earlier ones. */
export const now = (page: Page) => page.evaluate('performance.now()') as Promise<number>;

/**
 * The first interaction since `since`: once its first entry is reported (an entry comes after the paint it waited
 * for) and the page has had `settleMs` more to report the rest. Null when it had none: it took under 16 ms.
 */
export async function interactionSince(page: Page, since: number, settleMs = 1000): Promise<Interaction | null> {
  await page
    .waitForFunction(`window.__interactions.some((e) => e.startTime >= ${since})`, { timeout: 10_000, polling: 100 })
    .catch(() => undefined);
  await new Promise((r) => setTimeout(r, settleMs));
  const entries = ((await page.evaluate('window.__interactions')) as Entry[]).filter((e) => e.startTime >= since);
  const first = entries.sort((a, b) => a.startTime - b.startTime)[0];
  if (!first) return null;
  // The longest entry of the interaction; of equals the last, the click that does the work rather than its pointerdown.
  const longest = entries.filter((e) => e.id === first.id).reduce((a, b) => (b.duration >= a.duration ? b : a));
  return {
    event: longest.name,
    latency: longest.duration,
    inputDelay: longest.processingStart - longest.startTime,
    processing: longest.processingEnd - longest.processingStart,
    presentation: longest.startTime + longest.duration - longest.processingEnd,
  };
}

interface CardReply {
  card_id: number;
  card_title: string;
  card_status: CardStatus;
  video_versions: Record<string, { media: { status: string } | null }[]>;
}

async function boardCards(origin: string, cookies: SessionCookie[]) {
  const board = await callAs<Record<string, { card_id: number }[] | undefined>>(
    origin,
    cookies,
    'POST',
    '/api/getCards',
  );
  const ids = BOARD_COLUMNS.flatMap((c) => board[c.replyKey] ?? []).map((c) => c.card_id);
  return Promise.all(ids.map((id) => callAs<CardReply>(origin, cookies, 'GET', `/api/card/${id}`)));
}

/** The newest delivered video's media: what the card page's player opens first. */
const newestMedia = (card: CardReply) => {
  const versions = Object.keys(card.video_versions).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return card.video_versions[versions.at(-1) ?? '']?.[0]?.media ?? null;
};

/**
 * The first card on this user's board whose page shows the player with a video from our storage, and whose chat
 * the user may write in (a customer's card in QA shows neither). Waits until the media pipeline has made its
 * proxies and is done with every video on the board: its ffmpeg would otherwise share the CPU with the phone.
 */
export async function videoCard(origin: string, cookies: SessionCookie[], role: Role, waitMs = 600_000) {
  for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 2000))) {
    const cards = await boardCards(origin, cookies);
    const card = cards.find((c) => newestMedia(c) && writeChatVerdict({ role }, c, 'customer') === null);
    if (!card) throw new Error(`no card on the ${role}'s board has a stored video and an open chat`);
    const busy = cards.filter((c) =>
      Object.values(c.video_versions).some((v) => v.some((m) => m.media && /queued|processing/.test(m.media.status))),
    );
    const status = newestMedia(card)!.status;
    if (status === 'ready' && !busy.length) return card;
    const waited = (Date.now() - started) / 1000;
    if (status === 'failed' || waited * 1000 > waitMs)
      throw new Error(
        `card ${card.card_id}'s video is ${status} and ${busy.length} cards' videos are still processing after ${waited} s`,
      );
  }
}
