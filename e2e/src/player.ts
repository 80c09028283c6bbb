import type { Page } from 'playwright-core';

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
    const state = await playerState(page);
    throw new Error(`the player was not ready in ${timeout} ms at ${page.url()}: ${JSON.stringify(state, null, 1)}`, {
      cause: e,
    });
  }
}
