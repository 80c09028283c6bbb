/**
 * Where the board's main-thread script time goes (issue 17): a CPU profile of the admin board's load on the
 * phone viewport, self time summed by the script file (React, Mantine, the app's chunks) and the busiest
 * functions. Tells which part a change to the first render should aim at; asserts nothing.
 *   npm run bench:main-thread-profile     (PROFILE_RUNS=5 loads, PROFILE_PAGE=admin|customer, PROFILE_PATH=/)
 *   PROFILE_DISTS=/tmp/dist-before,apps/web/dist npm run bench:main-thread-profile   (builds side by side, loads alternating)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { startServer } from '../board/server.js';
import { signIn, type SessionCookie } from '../lighthouse/session.js';

const RUNS = Number(process.env.PROFILE_RUNS ?? 5);
const WHO = process.env.PROFILE_PAGE ?? 'admin';
const PAGE_PATH = process.env.PROFILE_PATH ?? '/';
const DISTS = (process.env.PROFILE_DISTS ?? '').split(',').filter(Boolean);

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
  return name.replace(/-[\w-]{6,10}\.js$/, '.js');
};

/** Self time per script and per function, summed over one build's loads. */
interface Tally {
  byFile: Map<string, number>;
  byFunction: Map<string, number>;
}

async function profileLoad(browser: Browser, url: string, cookies: SessionCookie[], tally: Tally) {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 412, height: 823, isMobile: true });
    await browser.setCookie(...cookies.map((c) => ({ ...c, domain: new URL(url).hostname })));
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('main section a, main h1', { timeout: 30_000 });
    await new Promise((r) => setTimeout(r, 2000));
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    for (const [i, id] of profile.samples.entries()) {
      const frame = nodes.get(id)!.callFrame;
      if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
      const ms = profile.timeDeltas[i]! / 1000 / RUNS;
      const file = fileOf(frame.url);
      tally.byFile.set(file, (tally.byFile.get(file) ?? 0) + ms);
      const fn = `${file} ${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
      tally.byFunction.set(fn, (tally.byFunction.get(fn) ?? 0) + ms);
    }
  } finally {
    await page.close();
  }
}

async function main() {
  if (DISTS.length === 0) buildWebIfStale();
  const dists = DISTS.length ? DISTS.map((d) => path.resolve(d)) : [path.resolve('apps/web/dist')];
  const builds: { dist: string; dataDir: string; server: Awaited<ReturnType<typeof startServer>>; tally: Tally }[] = [];
  for (const dist of dists) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-profile-'));
    const server = await startServer('', dataDir, { SEED_DEMO: 'true', WEB_DIST: dist });
    builds.push({ dist, dataDir, server, tally: { byFile: new Map(), byFunction: new Map() } });
  }
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const sessions = await Promise.all(builds.map((b) => signIn(b.server.origin, `${WHO}@cutroom.demo`)));
    // The builds take turns, so a machine busier for a while weighs on each alike.
    for (let run = 0; run < RUNS; run++)
      for (const [k, build] of builds.entries())
        await profileLoad(browser, build.server.origin + PAGE_PATH, sessions[k]!, build.tally);
  } finally {
    await browser.close();
    for (const { server, dataDir } of builds) {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const name = (dist: string) => path.relative(process.cwd(), dist) || dist;
  const totals = builds.map((b) => [...b.tally.byFile.values()].reduce((a, c) => a + c, 0));
  console.log(
    `\n${WHO} ${PAGE_PATH}, phone viewport, mean self time of ${RUNS} loads per build, ms (load average ${os.loadavg()[0]!.toFixed(2)}, ${os.cpus().length} cores)\n`,
  );
  // Chunk names keep their hash out (fileOf), so the same part lines up across builds.
  const files = [...builds.at(-1)!.tally.byFile]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([file]) => file);
  console.log(
    `| script | ${builds.map((b) => name(b.dist)).join(' | ')} |\n|---|${builds.map(() => '---').join('|')}|`,
  );
  for (const file of files)
    console.log(`| ${file} | ${builds.map((b) => (b.tally.byFile.get(file) ?? 0).toFixed(1)).join(' | ')} |`);
  console.log(`| all script | ${totals.map((t) => t.toFixed(1)).join(' | ')} |`);
  const last = builds.at(-1)!;
  console.log(`\nBusiest functions of ${name(last.dist)}:\n\n| function | ms | share |\n|---|---|---|`);
  for (const [fn, ms] of [...last.tally.byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`| ${fn} | ${ms.toFixed(1)} | ${((100 * ms) / totals.at(-1)!).toFixed(1)}% |`);
}

await main();
