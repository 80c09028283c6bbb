/**
 * Review-report load benchmark (issue 48, defect 4): eight PDF reports of a 600-note chat asked for at once,
 * while a board call (POST /api/getCards) goes out every 50 ms. Prints the board calls' p50 / p95 / max before
 * and during, and how long the reports took. The built server on PGlite with the demo data, in a temporary
 * DATA_DIR. Asserts nothing.
 *   npx tsx bench/review/report-load.ts    (REPORT_THREADS and REPORT_QUEUE_MAX pass through to the server)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The durability tests' launcher: it waits 90 s for the demo seed on a busy machine, and kills what it started.
import { killAllServers, startServer } from '../../apps/server/src/durability/server-process.js';

const NOTES = 600;
const threads = Object.fromEntries(
  ['REPORT_THREADS', 'REPORT_QUEUE_MAX'].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
);
const LONG = 'The logo sits too close to the edge in this shot; move it in, make it a little larger. '.repeat(3);

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? 0;
const figures = (xs: number[]) =>
  `p50 ${Math.round(percentile(xs, 0.5))} ms, p95 ${Math.round(percentile(xs, 0.95))} ms, max ${Math.round(Math.max(...xs))} ms (${xs.length} calls)`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-bench-report-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true', MAIL_POLL_MS: '0', ...threads });
  const send = (token: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(server.origin + url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  const login = async (email: string) => {
    const res = await fetch(`${server.origin}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ useremail: email, password: 'cutroom-demo' }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };
  try {
    const [admin, lead, qa] = await Promise.all(['admin', 'lead', 'qa'].map((who) => login(`${who}@cutroom.demo`)));
    const { customers } = (await (await send(admin!, 'GET', '/api/customers')).json()) as {
      customers: { client_id: number }[];
    };
    const made = await send(admin!, 'POST', '/api/card', {
      client_id: customers[0]!.client_id,
      card_title: 'Report load bench',
      dropbox_link: 'https://www.dropbox.com/sh/bench-raw',
      youtube_aspect_ratio: '16:9',
      video_purpose: 'podcast',
    });
    const { card_id: cardId } = (await made.json()) as { card_id: number };
    for (let i = 0; i < NOTES; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, (_, k) =>
          send(admin!, 'POST', `/api/card/${cardId}/comment`, { note: `Note ${i + k}. ${LONG}` }),
        ),
      );

    // Calls every 50 ms until told to stop, each timed from when it was due: the board, which reads the database
    // (on PGlite it queues behind the reports' reads), and the live check, which does not.
    const calls = (method: string, url: string, until: Promise<unknown>) => {
      const waits: number[] = [];
      let done = false;
      void until.finally(() => (done = true));
      return (async () => {
        while (!done) {
          const due = performance.now() + 50;
          await new Promise((r) => setTimeout(r, 50));
          await (await send(lead!, method, url, method === 'POST' ? {} : undefined)).arrayBuffer();
          waits.push(performance.now() - due);
        }
        return waits;
      })();
    };
    const board = (until: Promise<unknown>) => calls('POST', '/api/getCards', until);
    const live = (until: Promise<unknown>) => calls('GET', '/healthz', until);
    const quiet = new Promise((r) => setTimeout(r, 5_000));
    const [idle, idleLive] = await Promise.all([board(quiet), live(quiet)]);
    console.log(`board calls alone: ${figures(idle)}; live checks: ${figures(idleLive)}`);

    // Eight reports, none the same (three readers, a zone each), so the cache serves none of them.
    const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo'];
    const started = performance.now();
    const asks = [admin, lead, qa].flatMap((token, i) =>
      zones.slice(0, i < 2 ? 3 : 2).map(async (zone) => {
        const res = await send(token!, 'GET', `/api/card/${cardId}/report.pdf`, undefined, { 'user-time-zone': zone });
        await res.arrayBuffer();
        return { status: res.status, ms: performance.now() - started };
      }),
    );
    const all = Promise.all(asks);
    const [during, duringLive] = await Promise.all([board(all), live(all)]);
    const reports = await all;
    console.log(`while 8 reports are made: board calls ${figures(during)}; live checks ${figures(duringLive)}`);
    console.log(
      `reports: ${reports.map((r) => `${r.status} in ${Math.round(r.ms)} ms`).join(', ')}; the last ${Math.round(Math.max(...reports.map((r) => r.ms)))} ms`,
    );
    const again = performance.now();
    const cached = await send(admin!, 'GET', `/api/card/${cardId}/report.pdf`, undefined, {
      'user-time-zone': 'Europe/Berlin',
    });
    await cached.arrayBuffer();
    console.log(
      `the same report again: ${cached.headers.get('x-report-cache')} in ${Math.round(performance.now() - again)} ms`,
    );
  } finally {
    await server.stop();
    await killAllServers();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
