import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { dataDir } from './browser.js';

interface LogLine {
  level: number;
  reqId?: string;
  req?: { method: string; url: string; remoteAddress: string };
  res?: { statusCode: number };
  responseTime?: number;
  msg: string;
}

/** The server's side of the last file reads, and its warnings and errors, from its log (global-setup.ts). */
function serverSide(): string[] {
  let lines: LogLine[];
  try {
    lines = fs
      .readFileSync(path.join(dataDir(), 'server.log'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
  } catch (e) {
    return [`no server log: ${String(e)}`];
  }
  const done = new Map(lines.filter((l) => l.res).map((l) => [l.reqId, l]));
  const reads = lines
    .filter((l) => l.req?.url.startsWith('/files/'))
    .slice(-6)
    .map((l) => {
      const end = done.get(l.reqId);
      const answer = end ? `${end.res!.statusCode} in ${Math.round(end.responseTime ?? 0)} ms` : 'no answer logged';
      return `${l.req!.method} ${l.req!.url} from ${l.req!.remoteAddress}: ${answer}`;
    });
  const problems = lines
    .filter((l) => l.level >= 40)
    .slice(-4)
    .map((l) => l.msg);
  return [...reads, ...problems];
}

/** What the card page's player was doing, read from the page: enough to tell a stalled load from a refused file. */
async function playerState(page: Page) {
  return page
    .evaluate(() => {
      const player = document.querySelector('[data-testid="video-player"]');
      const video = document.querySelector<HTMLVideoElement>('[data-testid="video-element"]');
      const files = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/files/'))
        .map((e) => {
          const r = e as PerformanceResourceTiming & { responseStatus?: number };
          return `${new URL(r.name).pathname} ${r.responseStatus ?? '?'} ${Math.round(r.duration)} ms ${r.transferSize} B`;
        });
      return {
        visibility: document.visibilityState,
        focused: document.hasFocus(),
        player: player?.getAttribute('data-status') ?? null,
        unplayable: !!document.querySelector('[data-testid="video-unplayable"]'),
        video: video && {
          src: video.currentSrc,
          networkState: video.networkState,
          readyState: video.readyState,
          error: video.error && `${video.error.code} ${video.error.message}`,
        },
        files,
        text: document.body.innerText.slice(0, 300),
      };
    })
    .catch((e: unknown) => ({ unreadable: String(e) }));
}

/** Waits for the card page's player to have its video's metadata; a timeout says what the player was doing. */
export async function playerReady(page: Page, timeout = 20_000) {
  try {
    await page.locator('[data-testid="video-player"][data-status="ready"]').waitFor({ timeout });
  } catch (e) {
    const state = { ...(await playerState(page)), server: serverSide() };
    throw new Error(`the player was not ready in ${timeout} ms at ${page.url()}: ${JSON.stringify(state, null, 1)}`, {
      cause: e,
    });
  }
}
