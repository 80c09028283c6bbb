/**
 * Where the board's main-thread script time goes (issue 17): a CPU profile of the admin board's load on the
 * phone viewport, self time summed by the script file (React, Mantine, the app's chunks) and the busiest
 * functions. Tells which part a change to the first render should aim at; asserts nothing.
 *   npm run bench:main-thread-profile     (PROFILE_RUNS=5 loads, PROFILE_PAGE=admin|customer, PROFILE_PATH=/)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
// @ts-expect-error plain ESM script shared with `npm start`
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { startServer } from '../board/server.js';
import { signIn } from '../lighthouse/session.js';

const RUNS = Number(process.env.PROFILE_RUNS ?? 5);
const WHO = process.env.PROFILE_PAGE ?? 'admin';
const PAGE_PATH = process.env.PROFILE_PATH ?? '/';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A script's short name: the chunk's name without its hash, or what V8 calls it. */
const fileOf = (url: string) => {
  if (!url) return '(native, GC, idle)';
  const name = url.split('/').at(-1)!.split('?')[0]!;
  return name.replace(/-[\w-]{8}\.js$/, '.js');
};

async function main() {
  (buildWebIfStale as () => void)();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-profile-'));
  const server = await startServer('', dataDir, { SEED_DEMO: 'true', WEB_DIST: path.resolve('apps/web/dist') });
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  try {
    const cookies = await signIn(server.origin, `${WHO}@cutroom.demo`);
    for (let run = 0; run < RUNS; run++) {
      const page = await browser.newPage();
      await page.setViewport({ width: 412, height: 823, isMobile: true });
      await browser.setCookie(...cookies.map((c) => ({ ...c, domain: '127.0.0.1' })));
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await page.goto(server.origin + PAGE_PATH, { waitUntil: 'load' });
      await page.waitForSelector('main section a, main h1', { timeout: 30_000 });
      await new Promise((r) => setTimeout(r, 2000));
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      await page.close();
      const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
      for (const [i, id] of profile.samples.entries()) {
        const frame = nodes.get(id)!.callFrame;
        if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
        const ms = profile.timeDeltas[i]! / 1000 / RUNS;
        const file = fileOf(frame.url);
        byFile.set(file, (byFile.get(file) ?? 0) + ms);
        const fn = `${file} ${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const total = [...byFile.values()].reduce((a, b) => a + b, 0);
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => `| ${k} | ${ms.toFixed(1)} | ${((100 * ms) / total).toFixed(1)}% |`);
  console.log(
    `\n${WHO} ${PAGE_PATH}, phone viewport, mean self time of ${RUNS} loads (load average ${os.loadavg()[0]!.toFixed(2)}): ${total.toFixed(0)} ms of script\n`,
  );
  console.log('| script | ms | share |\n|---|---|---|');
  console.log(top(byFile, 15).join('\n'));
  console.log('\n| function | ms | share |\n|---|---|---|');
  console.log(top(byFunction, 25).join('\n'));
}

await main();
