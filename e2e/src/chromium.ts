import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium with the flags this closed network needs, plus any a caller adds (e.g. a fake
 * microphone). No test runner here, so the benchmarks launch the same browser.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}
