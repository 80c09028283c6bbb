// `npm run record:help-videos`: records the help page's three tutorials from the demo itself and encodes them
// into apps/server/demo-media/ (committed; the demo seed stores them). Needs Debian's Chromium and ffmpeg.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { buildServerIfStale, serverEntry } from './build-server.mjs';
import { buildWebIfStale, root } from './build-web.mjs';
import { freePort } from '../apps/server/src/durability/server-process.js';

const ROOT = root;
const OUT = path.join(ROOT, 'apps/server/demo-media');
const SIZE = { width: 1280, height: 720 };
const CUSTOMER = 'customer@cutroom.demo';
const ADMIN = 'admin@cutroom.demo';
const PASSWORD = 'cutroom-demo';
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-help-videos-'));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Playwright's recordVideo runs the ffmpeg of its own browser folder; pointing that folder at Debian's ffmpeg
 * records without downloading Playwright's build (its VP9 and Matroska are Debian's too).
 */
function useSystemFfmpeg() {
  const browsers = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'node_modules/playwright-core/browsers.json'), 'utf8'),
  ) as {
    browsers: { name: string; revision: string }[];
  };
  const revision = browsers.browsers.find((b) => b.name === 'ffmpeg')!.revision;
  const dir = path.join(work, 'ms-playwright', `ffmpeg-${revision}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.symlinkSync(FFMPEG, path.join(dir, 'ffmpeg-linux'));
  process.env.PLAYWRIGHT_BROWSERS_PATH = path.join(work, 'ms-playwright');
}

/** The real server as e2e/src/global-setup.ts starts it: built web app, fresh DATA_DIR, the demo seed, loopback only. */
async function startServer(): Promise<{ baseUrl: string; server: ChildProcess }> {
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(work, 'server.log'), 'a');
  await buildServerIfStale();
  const server = spawn(process.execPath, ['--enable-source-maps', serverEntry('main')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
    },
    stdio: ['ignore', log, log],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`server exited: ${fs.readFileSync(path.join(work, 'server.log'), 'utf8')}`);
    if (
      await fetch(`${baseUrl}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { baseUrl, server };
    if (Date.now() > deadline) {
      await stopServer(server);
      throw new Error('server did not become ready in 90 s');
    }
    await sleep(250);
  }
}

/** Stopped by its id: the one server this script started. */
async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || !server.pid) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(server.pid, 'SIGTERM');
  await exited;
}

/** One JSON call as a demo account, for what a journey needs set up before it is filmed. */
async function api<T>(baseUrl: string, email: string, method: string, url: string, body?: unknown): Promise<T> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ useremail: email, password: PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Runs in every page of a recording: a drawn pointer that follows the mouse (headless Chromium draws none),
 * the caption bar, whose line survives a reload through sessionStorage, and a black cover until the take starts.
 */
function overlay() {
  const install = () => {
    if (document.getElementById('rec-caption')) return;
    const ns = 'http://www.w3.org/2000/svg';
    const pointer = document.createElementNS(ns, 'svg');
    pointer.setAttribute('width', '28');
    pointer.setAttribute('height', '28');
    pointer.setAttribute('viewBox', '0 0 28 28');
    const arrow = document.createElementNS(ns, 'path');
    arrow.setAttribute('d', 'M3 2 L3 22 L8.5 17 L12.5 26 L16 24.5 L12 16 L19.5 16 Z');
    arrow.setAttribute('fill', '#111');
    arrow.setAttribute('stroke', '#fff');
    arrow.setAttribute('stroke-width', '1.6');
    pointer.append(arrow);
    const ring = document.createElement('div');
    Object.assign(ring.style, {
      position: 'fixed',
      left: '-22px',
      top: '-22px',
      width: '44px',
      height: '44px',
      borderRadius: '50%',
      background: 'rgba(255, 176, 32, 0.45)',
      opacity: '0',
      transition: 'opacity 120ms',
      pointerEvents: 'none',
      zIndex: '2147483646',
    });
    Object.assign(pointer.style, {
      position: 'fixed',
      left: '-3px',
      top: '-2px',
      pointerEvents: 'none',
      zIndex: '2147483647',
      filter: 'drop-shadow(0 1px 2px rgba(0,0,0,.4))',
    });
    const at = { x: Number(sessionStorage.getItem('rec-x') ?? 640), y: Number(sessionStorage.getItem('rec-y') ?? 360) };
    const place = () => {
      pointer.style.transform = `translate(${at.x}px, ${at.y}px)`;
      ring.style.transform = `translate(${at.x}px, ${at.y}px)`;
    };
    place();
    window.addEventListener(
      'mousemove',
      (e) => {
        at.x = e.clientX;
        at.y = e.clientY;
        sessionStorage.setItem('rec-x', String(at.x));
        sessionStorage.setItem('rec-y', String(at.y));
        place();
      },
      true,
    );
    window.addEventListener('mousedown', () => (ring.style.opacity = '1'), true);
    window.addEventListener('mouseup', () => setTimeout(() => (ring.style.opacity = '0'), 150), true);

    // In the middle of the app's header, where nothing the journeys use sits.
    const caption = document.createElement('div');
    caption.id = 'rec-caption';
    Object.assign(caption.style, {
      position: 'fixed',
      left: '50%',
      top: '6px',
      transform: 'translateX(-50%)',
      maxWidth: '900px',
      whiteSpace: 'nowrap',
      padding: '8px 24px',
      borderRadius: '12px',
      background: 'rgba(16, 20, 28, 0.92)',
      color: '#fff',
      font: '600 25px/1.25 "DejaVu Sans", system-ui, sans-serif',
      boxShadow: '0 4px 16px rgba(0,0,0,.3)',
      pointerEvents: 'none',
      zIndex: '2147483645',
    });
    const show = () => {
      const text = sessionStorage.getItem('rec-caption') ?? '';
      caption.textContent = text;
      caption.style.display = text ? 'block' : 'none';
    };
    window.addEventListener('rec-caption', show);
    show();
    document.documentElement.append(ring, pointer, caption);

    // Black until the take starts: the encoder cuts the recording where the black ends (the page's loading).
    if (!sessionStorage.getItem('rec-started')) {
      const cover = document.createElement('div');
      cover.id = 'rec-cover';
      Object.assign(cover.style, { position: 'fixed', inset: '0', background: '#000', zIndex: '2147483647' });
      document.documentElement.append(cover);
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', install);
  else install();
}

/** A page being filmed: the pointer glides to what it uses and the caption bar says what happens. */
class Take {
  private x = 640;
  private y = 360;
  private readonly start = Date.now();
  constructor(readonly page: Page) {}

  async caption(text: string) {
    // When each line comes up, to keep a take within 15–30 s on a slow machine.
    console.log(`  ${((Date.now() - this.start) / 1000).toFixed(1).padStart(5)} s  ${text}`);
    await this.page.evaluate((line) => {
      sessionStorage.setItem('rec-caption', line);
      window.dispatchEvent(new Event('rec-caption'));
    }, text);
  }

  /** Moves the mouse along an eased path in about `ms`, however slow the machine, for the eye to follow. */
  async moveTo(x: number, y: number, ms = 600) {
    const from = { x: this.x, y: this.y };
    const start = Date.now();
    for (let t = 0; t < 1;) {
      t = Math.min(1, (Date.now() - start) / ms);
      const ease = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
      await this.page.mouse.move(from.x + (x - from.x) * ease, from.y + (y - from.y) * ease);
      await sleep(16);
    }
    this.x = x;
    this.y = y;
  }

  async glide(target: Locator, ms = 500) {
    await target.scrollIntoViewIfNeeded();
    const box = (await target.boundingBox())!;
    await this.moveTo(box.x + box.width / 2, box.y + box.height / 2, ms);
  }

  async click(target: Locator, ms = 500) {
    await this.glide(target, ms);
    await sleep(120);
    await target.click();
    await sleep(150);
  }

  async type(target: Locator, text: string) {
    await this.click(target);
    await target.pressSequentially(text, { delay: 25 });
  }

  /** Presses, drags and releases between two points of a box (fractions of it), as a hand draws. */
  async drag(
    box: { x: number; y: number; width: number; height: number },
    from: [number, number],
    to: [number, number],
  ) {
    await this.moveTo(box.x + box.width * from[0], box.y + box.height * from[1]);
    await this.page.mouse.down();
    await this.moveTo(box.x + box.width * to[0], box.y + box.height * to[1], 1_000);
    await this.page.mouse.up();
  }
}

/** A journey filmed as the demo customer, from their board. */
interface Journey {
  file: string;
  /** What the journey needs beyond the demo seed, made through the API before filming. */
  setup?: (baseUrl: string) => Promise<void>;
  film: (take: Take) => Promise<void>;
}

const boardColumn = (page: Page, status: string) => page.getByTestId(`column-${status}`);
const tileTitled = (page: Page, status: string, title: string) =>
  boardColumn(page, status).locator('[data-testid^="card-"][data-status]').filter({ hasText: title }).first();

const JOURNEYS: Journey[] = [
  {
    file: 'help-ordering.mp4',
    film: async (take) => {
      const { page } = take;
      await take.caption('Order a video from your board');
      await sleep(1_000);
      await take.click(page.getByTestId('create-request'));
      await page.getByTestId('card-title').waitFor();
      await take.caption('Name it and link your raw footage');
      await take.type(page.getByTestId('card-title'), 'Product launch teaser');
      await take.type(page.getByTestId('dropbox-link'), 'https://dropbox.com/sh/launch');
      await take.caption('Choose the format and what it is for');
      await take.click(page.getByTestId('ratio-16:9'));
      await take.click(page.getByTestId('video-purpose'));
      await take.click(page.getByRole('option', { name: 'Social media/Youtube Content', exact: true }));
      await take.click(page.getByTestId('request-next'));
      await page.getByTestId('additional-info').waitFor();
      await take.caption('Describe the video you want');
      await take.type(page.getByTestId('additional-info'), 'Under a minute, upbeat, logo at the end.');
      await take.caption('Create it');
      await take.click(page.getByTestId('request-create'));
      const tile = tileTitled(page, 'video_request', 'Product launch teaser');
      await tile.waitFor();
      await take.caption('It waits in Video Requests until an editor starts');
      await take.glide(tile, 900);
      await sleep(2_500);
    },
  },
  {
    file: 'help-reviewing.mp4',
    film: async (take) => {
      const { page } = take;
      await take.caption('A cut to review waits in Review');
      await sleep(1_200);
      await take.click(tileTitled(page, 'done', 'Gear review: budget microphones').getByRole('link').first());
      await page.locator('[data-testid="video-player"][data-status="ready"]').waitFor();
      await take.caption('Play it');
      await take.click(page.getByTestId('video-play'));
      await sleep(3_500);
      await take.caption('Pause where something should change');
      await take.click(page.getByTestId('video-play'), 400);
      await sleep(1_000);
      await take.caption('Draw on the frame to show what you mean');
      await take.click(page.getByTestId('annotate'));
      const frame = (await page.getByTestId('annotation-layer').boundingBox())!;
      await take.drag(frame, [0.55, 0.2], [0.9, 0.55]);
      await page.getByTestId('annotation-banner').waitFor();
      await take.caption('Say what to change: the note keeps this moment');
      await take.type(page.getByTestId('comment-input'), 'Tone these colours down a little here');
      await sleep(400);
      await page.getByTestId('comment-input').press('Enter');
      await page.getByTestId('chat-note').filter({ hasText: 'Tone these colours down a little here' }).waitFor();
      await take.caption('Your editor sees it on the frame');
      await sleep(3_000);
    },
  },
  {
    file: 'help-approving.mp4',
    // A second video in Review, so one can be approved and the other sent back.
    setup: async (baseUrl) => {
      const { qa_cards: inQa } = await api<{ qa_cards: { card_id: number; card_title: string }[] }>(
        baseUrl,
        CUSTOMER,
        'POST',
        '/api/getCards',
        { section: 'qa', limit: 20 },
      );
      const card = inQa.find((c) => c.card_title === 'Interview with a luthier')!;
      const { done_video_link: link } = await api<{ done_video_link: string }>(
        baseUrl,
        ADMIN,
        'GET',
        `/api/card/${card.card_id}`,
      );
      await api(baseUrl, ADMIN, 'POST', `/api/card/${card.card_id}/done`, {
        card_status: 'qa',
        done_link: `${baseUrl}${link}`,
        content_id: 'SYNC-2041',
      });
    },
    film: async (take) => {
      const { page } = take;
      const approved = tileTitled(page, 'done', 'Gear review: budget microphones');
      await take.caption('Happy with a cut? Mark it as done');
      await sleep(1_000);
      await take.click(approved.locator('[data-testid^="mark-done-"]'));
      await take.click(page.getByRole('button', { name: 'Yes' }));
      const feedback = page.getByTestId('feedback-dialog');
      await feedback.waitFor();
      await take.caption('Rate it: it keeps the same team on your channel');
      const id = await feedback.getByLabel('5 stars').getAttribute('id');
      await take.click(feedback.locator(`label[for="${id}"]`));
      await take.type(feedback.getByLabel('Comment (optional)'), 'Great pacing, thank you!');
      await take.click(feedback.getByRole('button', { name: 'OK' }));
      await sleep(700);
      await take.caption('Need changes on another? Open it');
      await take.click(tileTitled(page, 'done', 'Interview with a luthier').getByRole('link').first());
      await page.getByTestId('action-revision').waitFor();
      await take.caption('Ask for a revision and say why');
      await take.click(page.getByTestId('action-revision'));
      await take.click(page.getByRole('checkbox', { name: 'Pacing' }));
      await take.click(page.getByRole('button', { name: 'Request revision' }));
      await page.getByTestId('card-status').filter({ hasText: 'In Progress' }).waitFor();
      await take.caption('The editor starts on your changes');
      await sleep(2_500);
    },
  },
];

/** A signed-in context for the customer, so the recording starts on the page and not on the login form. */
async function customerState(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: SIZE });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('login-email').fill(CUSTOMER);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname !== '/login');
  // The journeys run on the board (customers start on the list).
  await page.evaluate(() => localStorage.setItem('selectedListingView', 'board'));
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Films one journey; returns the raw recording, black until the board had loaded. */
async function film(browser: Browser, baseUrl: string, journey: Journey) {
  await journey.setup?.(baseUrl);
  const dir = path.join(work, path.basename(journey.file, '.mp4'));
  const context: BrowserContext = await browser.newContext({
    baseURL: baseUrl,
    viewport: SIZE,
    storageState: await customerState(browser, baseUrl),
    timezoneId: 'America/New_York',
    recordVideo: { dir, size: SIZE },
  });
  // tsx keeps function names with a helper the page lacks; a no-op stands in for it.
  await context.addInitScript({ content: `globalThis.__name ??= (f) => f; (${overlay.toString()})();` });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByTestId('board-view').waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    sessionStorage.setItem('rec-started', '1');
    document.getElementById('rec-cover')?.remove();
  });
  await journey.film(new Take(page));
  const video = page.video()!;
  await context.close();
  return video.path();
}

/** The second the black cover of the page's loading ends in a recording. */
function takeStart(raw: string) {
  const probe = spawnSync(FFMPEG, [
    '-hide_banner',
    '-i',
    raw,
    '-vf',
    'blackdetect=d=0.04:pix_th=0.05',
    '-an',
    '-f',
    'null',
    '-',
  ]);
  const end = /black_end:([\d.]+)/.exec(probe.stderr.toString());
  if (!end) throw new Error(`no black cover found in ${raw}`);
  // A frame on, past the one the cover was removed in.
  return Number(end[1]) + 0.04;
}

/** H.264 in MP4 for every browser: no audio, yuv420p, the index first, about 1 Mbit/s at most. */
function encode(raw: string, file: string) {
  const out = path.join(OUT, file);
  const from = takeStart(raw);
  execFileSync(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-ss', from.toFixed(2), '-i', raw, '-an'],
    ...['-c:v', 'libx264', '-preset', 'veryslow', '-tune', 'stillimage', '-crf', '28'],
    ...['-maxrate', '900k', '-bufsize', '1800k', '-pix_fmt', 'yuv420p', '-r', '25', '-g', '250'],
    ...['-movflags', '+faststart', '-metadata', `title=Cutroom help: ${path.basename(file, '.mp4')}`, out],
  ]);
  return out;
}

async function main() {
  useSystemFfmpeg();
  buildWebIfStale();
  const { chromium } = await import('playwright-core');
  const { baseUrl, server } = await startServer();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--autoplay-policy=no-user-gesture-required'],
    });
    const only = process.argv.slice(2);
    for (const journey of JOURNEYS.filter((j) => only.length === 0 || only.includes(j.file))) {
      const out = encode(await film(browser, baseUrl, journey), journey.file);
      console.log(`${path.relative(ROOT, out)}: ${(fs.statSync(out).size / 1024).toFixed(0)} KB`);
    }
  } finally {
    await browser?.close();
    await stopServer(server);
    if (process.env.KEEP_RECORDINGS) console.log(`recordings kept in ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
