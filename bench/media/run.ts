/**
 * Media pipeline benchmark (issue 34). Prints figures and ratios; asserts nothing.
 *   1. Speed: the pipeline's whole job (probe, proxy ladder, poster, sprites, waveform, storage, delivery QC) on
 *      a 1080p ProRes file against the bare ffmpeg command lines doing the same work on the same file, and what
 *      delivery QC alone costs beside the rest (issue 51: goal ≤ 25 %).
 *   2. The board while 2 jobs transcode: POST /api/getCards p99, idle and during, on an API process with
 *      MEDIA_CONCURRENCY=2 and 1,000 cards on PostgreSQL.
 *   3. Memory: the API process's RSS while its worker processes a large source (default 2 GB).
 *   4. Time to first playable (issue 49): from the job's start to the smallest proxy's publication, against
 *      the whole job, on a 1080p ProRes 422 HQ master (goal ≤ 40 %).
 *   5. Link import (issue 49): importLink's throughput fetching the HQ master from a local HTTP server (a
 *      separate process) into storage, against curl fetching the same file from the same server (goal ≥ 0.8×).
 *   npm run bench:media   (BENCH_MEDIA_SECONDS=20 video length for 1, BENCH_MEDIA_LARGE_GB=2, BENCH_SECONDS=10,
 *                          BENCH_DATABASE_URL as bench:board; BENCH_MEDIA_PARTS=first,import runs 4 and 5 alone,
 *                          BENCH_MEDIA_FIRST_SECONDS=30 and BENCH_MEDIA_FIRST_ROUNDS=2 for 4)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.js';
import { runTool } from '../../apps/server/src/features/media-pipeline/ffmpeg.js';
import { mediaTools } from '../../apps/server/src/features/media-pipeline/media-tools.js';
import {
  peakCounter,
  posterArgs,
  posterTime,
  proxyArgs,
  proxyLadder,
  scrubPlan,
  spriteArgs,
  waveformArgs,
} from '../../apps/server/src/features/media-pipeline/plan.js';
import { importLink } from '../../apps/server/src/features/media-pipeline/link-import.js';
import { processVideo } from '../../apps/server/src/features/media-pipeline/process-video.js';
import { probeVideo } from '../../apps/server/src/features/media-pipeline/probe.js';
import { measureQc } from '../../apps/server/src/features/media-pipeline/qc-measure.js';
import { createStorage } from '../../apps/server/src/platform/storage.js';
import { hashPassword } from '../../apps/server/src/platform/passwords.js';
import { measureApi, type Figures } from '../board/measure.js';
import { seedCards, seedPeople } from '../board/seed.js';
import { startServer } from '../board/server.js';
import { dropDatabase, freshDatabase } from '../bench-database.js';

const VIDEO_SECONDS = Number(process.env.BENCH_MEDIA_SECONDS ?? 20);
const LARGE_GB = Number(process.env.BENCH_MEDIA_LARGE_GB ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'cutroom_bench_media';
const tools = mediaTools();
const HOUR = 3_600_000;
/** Without 'speed' or 'load', 1–3 are skipped; they run together (3 reads 1's master). */
const PARTS = new Set((process.env.BENCH_MEDIA_PARTS ?? 'speed,load,first,import').split(','));
/** Link import's goal: its throughput against curl's on the same file from the same server. */
const IMPORT_GOAL = 0.8;
const FIRST_SECONDS = Number(process.env.BENCH_MEDIA_FIRST_SECONDS ?? 30);
const FIRST_ROUNDS = Number(process.env.BENCH_MEDIA_FIRST_ROUNDS ?? 2);
/** The share of the whole job after which the first proxy should play (issue 49). */
const FIRST_GOAL = 0.4;

const ffmpeg = async (args: string[], extra: Parameters<typeof runTool>[2] | undefined = undefined) => {
  const result = await runTool(
    tools.ffmpeg,
    ['-hide_banner', '-nostdin', '-y', ...args],
    extra ?? { timeoutMs: 2 * HOUR },
  );
  if (result.code !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
  return result;
};

/** A 1080p25 ProRes master with a tone, `seconds` long, profile 2 (422) or 3 (HQ, for the large file). */
const makeMaster = (file: string, seconds: number, profile = 2) =>
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1920x1080:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:sample_rate=48000',
    '-t',
    String(seconds),
    '-shortest',
    '-c:v',
    'prores_ks',
    '-profile:v',
    String(profile),
    '-c:a',
    'pcm_s16le',
    file,
  ]);

const timed = async (work: () => Promise<unknown>) => {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e9;
};

/** The pipeline's work as plain ffmpeg command lines on the same file, outputs to a folder. */
async function bareCommands(source: string, out: string) {
  const probe = await probeVideo(tools.ffprobe, source, { timeoutMs: 2 * HOUR });
  const ladder = proxyLadder(probe);
  const proxies = ladder.map((rendition) => ({ rendition, file: path.join(out, `proxy-${rendition.height}.mp4`) }));
  await ffmpeg(proxyArgs(probe, ['-i', source], proxies).slice(3));
  const largest = proxies[0]!;
  const smallest = proxies.at(-1)!;
  await ffmpeg(
    posterArgs(['-i', largest.file], 'null', posterTime(probe.duration), path.join(out, 'poster.jpg')).slice(3),
  );
  const thumb = scrubPlan(probe.duration, smallest.rendition);
  await ffmpeg(spriteArgs(['-i', smallest.file], thumb, probe.duration, path.join(out, 'sprite-%d.jpg')).slice(3));
  const peaks = peakCounter(probe.duration);
  await ffmpeg(waveformArgs(['-i', source], probe.duration).slice(2), {
    timeoutMs: 2 * HOUR,
    onStdoutChunk: (c) => peaks.add(c),
  });
  fs.writeFileSync(path.join(out, 'waveform.json'), JSON.stringify(peaks.finish()));
}

async function speed(dir: string) {
  const source = path.join(dir, 'master.mov');
  await makeMaster(source, VIDEO_SECONDS);
  const dataDir = path.join(dir, 'data');
  const storage = await createStorage(loadConfig({ DATA_DIR: dataDir }));
  const key = 'media/1/bench-master.mov';
  fs.mkdirSync(path.join(dataDir, 'files', 'media', '1'), { recursive: true });
  fs.copyFileSync(source, path.join(dataDir, 'files', key));
  const bare: number[] = [];
  const ours: number[] = [];
  const qc: number[] = [];
  for (let round = 1; round <= 3; round++) {
    const out = fs.mkdtempSync(path.join(dir, 'bare-'));
    bare.push(await timed(() => bareCommands(source, out)));
    fs.rmSync(out, { recursive: true, force: true });
    ours.push(
      await timed(() =>
        processVideo(
          { assetId: round, attempt: 1, sourceKey: key },
          { storage, tools, timeoutMs: 2 * HOUR, signal: new AbortController().signal, onProgress() {} },
        ),
      ),
    );
    // Delivery QC alone (issue 51): the job above ends with it.
    qc.push(
      await timed(() =>
        measureQc(tools.ffmpeg, ['-i', source], { duration: VIDEO_SECONDS, hasAudio: true, timeoutMs: 2 * HOUR }),
      ),
    );
    process.stdout.write('.');
  }
  const best = (xs: number[]) => Math.min(...xs);
  return { size: fs.statSync(source).size, bare: best(bare), ours: best(ours), qc: best(qc) };
}

/**
 * A 1080p25 ProRes 422 HQ master (prores_ks profile 3) with PCM audio, `seconds` long: the first 5 s encoded,
 * then repeated by stream copy (prores_ks makes about 2 frames a second here; decoding costs the same per frame).
 */
async function makeHqMaster(dir: string, seconds: number) {
  const piece = path.join(dir, 'hq-piece.mov');
  const file = path.join(dir, 'hq-master.mov');
  await makeMaster(piece, Math.min(5, seconds), 3);
  await ffmpeg(['-stream_loop', '-1', '-i', piece, '-t', String(seconds), '-c', 'copy', file]);
  fs.rmSync(piece);
  return file;
}

/** The pipeline's job on the HQ master: when the first proxy was published, and when the job ended. */
async function firstPlayable(dir: string) {
  const source = await makeHqMaster(dir, FIRST_SECONDS);
  const dataDir = path.join(dir, 'first');
  const storage = await createStorage(loadConfig({ DATA_DIR: dataDir }));
  const key = 'media/1/bench-hq-master.mov';
  fs.mkdirSync(path.join(dataDir, 'files', 'media', '1'), { recursive: true });
  fs.renameSync(source, path.join(dataDir, 'files', key));
  const rounds: { first: number; whole: number; early: number[]; all: number[] }[] = [];
  for (let round = 1; round <= FIRST_ROUNDS; round++) {
    const start = process.hrtime.bigint();
    const since = () => Number(process.hrtime.bigint() - start) / 1e9;
    let first: number | null = null;
    let early: number[] = [];
    const { outputs } = await processVideo(
      { assetId: 100 + round, attempt: 1, sourceKey: key },
      {
        storage,
        tools,
        timeoutMs: 2 * HOUR,
        signal: new AbortController().signal,
        onProgress() {},
        onPartial(partial) {
          if (first !== null) return;
          first = since();
          early = partial.outputs.proxies.map((p) => p.height);
        },
      },
    );
    const whole = since();
    if (first === null) throw new Error('the job published nothing before it ended');
    rounds.push({ first, whole, early, all: outputs.proxies.map((p) => p.height) });
    process.stdout.write('.');
  }
  const stored = path.join(dataDir, 'files', key);
  return { file: stored, size: fs.statSync(stored).size, rounds };
}

/** A plain static file server in a process of its own, so neither client shares its event loop. */
async function fileServer(file: string) {
  const script = `const http = require('node:http'), fs = require('node:fs');
const file = process.argv[1], size = fs.statSync(file).size;
http.createServer((q, r) => {
  r.writeHead(200, { 'content-type': 'video/quicktime', 'content-length': size });
  fs.createReadStream(file, { highWaterMark: 1 << 20 }).pipe(r);
}).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', () => reject(new Error('the file server stopped')));
  });
  return { url: `http://127.0.0.1:${port}/master.mov`, stop: () => child.kill() };
}

const curl = (url: string, out: string) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn('curl', ['-sS', '-o', out, url], { stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`curl exited ${code}`))));
  });

/** Link import against curl, the same file from the same local server to the same disk, alternately. */
async function importThroughput(dir: string, file: string) {
  const server = await fileServer(file);
  const dataDir = path.join(dir, 'import');
  const storage = await createStorage(loadConfig({ DATA_DIR: dataDir }));
  const out = path.join(dir, 'curl.out');
  try {
    await curl(server.url, out); // warms the page cache for both
    const curls: number[] = [];
    const imports: number[] = [];
    for (let round = 1; round <= 3; round++) {
      curls.push(await timed(() => curl(server.url, out)));
      fs.rmSync(out);
      const key = `media/1/imported-${round}.mov`;
      imports.push(
        await timed(() =>
          importLink({
            link: server.url,
            key,
            storage,
            guard: { allowLoopback: true, ownPort: 0 },
            ownOrigins: [],
            maxBytes: Number.MAX_SAFE_INTEGER,
            reserve: () => Promise.resolve(Number.MAX_SAFE_INTEGER),
            overQuota: () => new Error('over quota'),
            signal: new AbortController().signal,
            onProgress() {},
            stallMs: 60_000,
          }),
        ),
      );
      if (fs.statSync(path.join(dataDir, 'files', key)).size !== fs.statSync(file).size)
        throw new Error('the import stored a different size');
      await storage.remove(key);
      process.stdout.write('.');
    }
    return { bytes: fs.statSync(file).size, curl: Math.min(...curls), ours: Math.min(...imports) };
  } finally {
    server.stop();
  }
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** Puts a file in the API's storage and delivers it on a card, as an upload and moveToQa would. */
async function deliverFile(pool: pg.Pool, dataDir: string, source: string, ownerId: number, cardId: number) {
  const key = `media/${ownerId}/${Date.now()}-${Math.random().toString(16).slice(2, 18)}-master.mov`;
  fs.mkdirSync(path.join(dataDir, 'files', 'media', String(ownerId)), { recursive: true });
  fs.copyFileSync(source, path.join(dataDir, 'files', key));
  await pool.query(
    `insert into media_files (key, owner_id, bytes, content_type, purpose) values ($1, $2, $3, 'video/quicktime', 'video')`,
    [key, ownerId, Math.min(fs.statSync(source).size, 2 ** 31 - 1)],
  );
  const { rows } = await pool.query<{ id: number }>(`insert into media_assets (source_key) values ($1) returning id`, [
    key,
  ]);
  await pool.query(
    `insert into card_videos (card_id, kind, version, video_url, asset_id) values ($1, 'done', 0, $2, $3)`,
    [cardId, `/files/${key}`, rows[0]!.id],
  );
  return rows[0]!.id;
}

async function settled(pool: pg.Pool, ids: number[]) {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int n from media_assets where id = any($1) and status in ('ready','failed')`,
    [ids],
  );
  return rows[0]!.n === ids.length;
}

async function underLoad(dir: string) {
  const url = await freshDatabase(serverUrl, dbName);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined);
  const dataDir = path.join(dir, 'api');
  const server = await startServer(url, dataDir, {
    MEDIA_CONCURRENCY: '2',
    MEDIA_POLL_MS: '200',
    ADMIN_EMAIL: 'bench-admin@cutroom.local',
    ADMIN_PASSWORD: 'bench-password',
  });
  try {
    await seedPeople(pool, await hashPassword('bench-password'));
    await seedCards(pool, 0, 1_000);
    const login = await fetch(`${server.origin}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ useremail: 'bench-admin@cutroom.local', password: 'bench-password' }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const board = { url: `${server.origin}/api/getCards`, token, body: { section: 'editing', offset: 0, limit: 10 } };
    await measureApi(board, 1, 2);
    const idle = await measureApi(board, 1, SECONDS);

    const source = path.join(dir, 'master.mov');
    const { rows: cards } = await pool.query<{ id: number; client_id: number }>(
      'select id, client_id from cards order by id limit 3',
    );
    const ids = [
      await deliverFile(pool, dataDir, source, cards[0]!.client_id, cards[0]!.id),
      await deliverFile(pool, dataDir, source, cards[1]!.client_id, cards[1]!.id),
    ];
    // The jobs start within a poll; measure while both run.
    await new Promise((r) => setTimeout(r, 1500));
    const busy = await measureApi(board, 1, SECONDS);
    const busyStillRunning = !(await settled(pool, ids));
    while (!(await settled(pool, ids))) await new Promise((r) => setTimeout(r, 500));

    // Memory: the API process (which runs the worker) while it processes a large source.
    let large: { bytes: number; before: number; peak: number; seconds: number } | null = null;
    if (LARGE_GB > 0) {
      const big = path.join(dir, 'large.mov');
      // The master repeated (stream copy, seconds to write) until it is LARGE_GB: encoding 2 GB anew takes minutes.
      const loops = Math.ceil((LARGE_GB * 1024 ** 3) / fs.statSync(source).size);
      await ffmpeg(['-stream_loop', String(loops - 1), '-i', source, '-c', 'copy', big]);
      const before = rssKb(server.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssKb(server.pid))), 200);
      const started = Date.now();
      const id = await deliverFile(pool, dataDir, big, cards[2]!.client_id, cards[2]!.id);
      while (!(await settled(pool, [id]))) await new Promise((r) => setTimeout(r, 500));
      clearInterval(sampler);
      const { rows } = await pool.query<{ status: string; error: string | null }>(
        'select status, error from media_assets where id = $1',
        [id],
      );
      if (rows[0]!.status !== 'ready') throw new Error(`large job ${rows[0]!.status}: ${rows[0]!.error}`);
      large = { bytes: fs.statSync(big).size, before, peak, seconds: (Date.now() - started) / 1000 };
      fs.rmSync(big);
    }
    return { idle, busy, busyStillRunning, large };
  } finally {
    await server.stop();
    await pool.end();
    await dropDatabase(serverUrl, dbName);
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-bench-media-'));
  const mb = (b: number) => (b / 1_048_576).toFixed(0);
  try {
    console.log(`ffmpeg: ${tools.ffmpeg}`);
    if (PARTS.has('first')) {
      const f = await firstPlayable(dir);
      process.stdout.write('\n\n');
      console.log(
        `${os.cpus().length} cores, ${FIRST_SECONDS} s 1080p25 ProRes 422 HQ with PCM audio (${mb(f.size)} MB)\n`,
      );
      console.log('| round | first playable s | whole job s | first / whole |');
      console.log('|---|---|---|---|');
      f.rounds.forEach((r, i) =>
        console.log(
          `| ${i + 1} | ${r.first.toFixed(2)} | ${r.whole.toFixed(2)} | ${((r.first / r.whole) * 100).toFixed(1)} % |`,
        ),
      );
      const worst = Math.max(...f.rounds.map((r) => r.first / r.whole));
      const { early, all } = f.rounds[0]!;
      console.log(`\nfirst playable: ${early.join(', ')}p; at the end: ${all.join(' + ')}p`);
      console.log(
        `time to first playable / whole job: ${(worst * 100).toFixed(1)} % at worst (goal ≤ ${FIRST_GOAL * 100} %: ${worst <= FIRST_GOAL ? 'met' : 'missed'})\n`,
      );
    }
    if (PARTS.has('import')) {
      const file = PARTS.has('first')
        ? path.join(dir, 'first', 'files', 'media', '1', 'bench-hq-master.mov')
        : await makeHqMaster(dir, FIRST_SECONDS);
      const t = await importThroughput(dir, file);
      process.stdout.write('\n\n');
      const rate = (seconds: number) => (t.bytes / 1_048_576 / seconds).toFixed(0);
      console.log(`link import of the ${mb(t.bytes)} MB master from a local HTTP server (best of 3)\n`);
      console.log('| client | seconds | MB/s |');
      console.log('|---|---|---|');
      console.log(`| curl | ${t.curl.toFixed(2)} | ${rate(t.curl)} |`);
      console.log(`| importLink | ${t.ours.toFixed(2)} | ${rate(t.ours)} |`);
      const ratio = t.curl / t.ours;
      console.log(
        `\nimport throughput / curl: ${ratio.toFixed(2)}× (goal ≥ ${IMPORT_GOAL}×: ${ratio >= IMPORT_GOAL ? 'met' : 'missed'})\n`,
      );
    }
    if (!PARTS.has('speed') && !PARTS.has('load')) return;
    const s = await speed(dir);
    process.stdout.write('\n\n');
    console.log(`${os.cpus().length} cores, ${VIDEO_SECONDS} s 1080p25 ProRes 422 with PCM audio (${mb(s.size)} MB)\n`);
    console.log('| work (best of 3) | seconds | × real time |');
    console.log('|---|---|---|');
    console.log(`| bare ffmpeg command lines | ${s.bare.toFixed(2)} | ${(VIDEO_SECONDS / s.bare).toFixed(2)} |`);
    console.log(
      `| the pipeline's job, delivery QC included | ${s.ours.toFixed(2)} | ${(VIDEO_SECONDS / s.ours).toFixed(2)} |`,
    );
    console.log(`| delivery QC alone | ${s.qc.toFixed(2)} | ${(VIDEO_SECONDS / s.qc).toFixed(2)} |`);
    const withoutQc = s.ours - s.qc;
    console.log(`\npipeline speed without QC / bare ffmpeg: ${(s.bare / withoutQc).toFixed(3)}× (target ≥ 0.9×)`);
    const added = s.qc / withoutQc;
    console.log(
      `delivery QC adds ${(added * 100).toFixed(1)} % to the job (goal ≤ 25 %: ${added <= 0.25 ? 'met' : 'missed'})\n`,
    );
    const load = await underLoad(dir);
    const row = (name: string, f: Figures) =>
      `| ${name} | ${f.p50.toFixed(2)} | ${f.p99.toFixed(2)} | ${f.rps.toFixed(0)} |`;
    console.log(`POST /api/getCards (admin, editing, first page, 1,000 cards), 1 connection, ${SECONDS} s\n`);
    console.log('| while | p50 ms | p99 ms | req/s |');
    console.log('|---|---|---|---|');
    console.log(row('idle', load.idle));
    console.log(row('2 jobs transcode', load.busy));
    console.log(
      `\nboard p99 during / idle: ${(load.busy.p99 / load.idle.p99).toFixed(2)}× (target ≤ 2×)${load.busyStillRunning ? '' : ' — the jobs ended before the measurement did'}`,
    );
    if (load.large) {
      console.log(
        `\nlarge source ${mb(load.large.bytes)} MB processed in ${load.large.seconds.toFixed(0)} s; API process RSS ${(load.large.before / 1024).toFixed(0)} MB before, peak ${(load.large.peak / 1024).toFixed(0)} MB during (+${((load.large.peak - load.large.before) / 1024).toFixed(0)} MB)`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
