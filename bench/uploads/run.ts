/**
 * Streams a generated 2 GB file through the upload page's part protocol into the real server (local
 * disk) and prints the server's memory while it does: baseline, peak and end RSS, throughput, and the
 * peak's growth over the baseline. Nothing holds the 2 GB in memory, and the bench writes no copy of
 * its own: each part is generated as it is sent.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale, serverEntry } from '../../scripts/build-server.mjs';

const MB = 1_048_576;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 2048) * MB;
const PARALLEL = 4;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
]);

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** `length` bytes of one value, 1 MB at a time; the file's first bytes are an MP4 header. */
function generated(offset: number, length: number): Readable {
  const chunk = Buffer.alloc(MB, 7);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= length) return this.push(null);
      const n = Math.min(MB, length - sent);
      let piece = chunk.subarray(0, n);
      if (offset + sent === 0) piece = Buffer.concat([MP4_HEAD, chunk.subarray(MP4_HEAD.length, n)]);
      sent += n;
      this.push(piece);
    },
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-bench-uploads-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  await buildServerIfStale();
  const server = spawn(process.execPath, ['--enable-source-maps', serverEntry('main')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      UPLOAD_MAX_MB: String(Math.max(3000, SIZE / MB + 1)),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = server.pid!;
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error('server exited');
      if (
        await fetch(`${origin}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 600) throw new Error('server not ready in 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ useremail: 'admin@cutroom.demo', password: 'cutroom-demo' }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${access_token}` };
    const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${origin}${url}`, {
        method,
        headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const customers = await api<{ customers: { client_id: number; useremail?: string }[] }>(
      'GET',
      '/api/customers?limit=1',
    );
    const customerId = customers.customers[0]!.client_id;

    // The baseline: the server warmed up by the calls above, before any part arrives.
    await new Promise((r) => setTimeout(r, 1000));
    const baseline = rssMb(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250);

    const started = Date.now();
    const start = await api<{ upload_id: number; part_size: number; part_count: number }>('POST', '/api/uploads', {
      customer_id: customerId,
      file_name: 'bench 2GB.mp4',
      size: SIZE,
      content_type: 'video/mp4',
    });
    const numbers = Array.from({ length: start.part_count }, (_, i) => i + 1);
    const urls = new Map<number, string>();
    for (let i = 0; i < numbers.length; i += 100) {
      const reply = await api<{ urls: { part_number: number; url: string }[] }>(
        'POST',
        `/api/uploads/${start.upload_id}/part-urls`,
        {
          part_numbers: numbers.slice(i, i + 100),
        },
      );
      reply.urls.forEach((u) => urls.set(u.part_number, u.url));
    }
    const etags = new Map<number, string>();
    let sentBytes = 0;
    const put = (n: number) =>
      new Promise<void>((resolve, reject) => {
        const offset = (n - 1) * start.part_size;
        const length = Math.min(start.part_size, SIZE - offset);
        const req = http.request(`${origin}${urls.get(n)}`, {
          method: 'PUT',
          headers: { ...auth, 'content-type': 'application/octet-stream', 'content-length': String(length) },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => {
            if (res.statusCode !== 200) return reject(new Error(`part ${n}: ${res.statusCode} ${text}`));
            etags.set(n, (JSON.parse(text) as { etag: string }).etag);
            sentBytes += length;
            resolve();
          });
        });
        req.on('error', reject);
        generated(offset, length).pipe(req);
      });
    const queue = [...numbers];
    let lastReport = Date.now();
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
          await put(n);
          if (Date.now() - lastReport > 5000) {
            lastReport = Date.now();
            console.log(`  ${Math.round(sentBytes / MB)} MB sent, server RSS ${rssMb(pid).toFixed(0)} MB`);
          }
        }
      }),
    );
    const sentAt = Date.now();
    const done = await api<{ file: { bytes: number; key: string } }>(
      'POST',
      `/api/uploads/${start.upload_id}/complete`,
      {
        parts: numbers.map((n) => ({ part_number: n, etag: etags.get(n)! })),
      },
    );
    const finished = Date.now();
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    const end = rssMb(pid);
    const stored = fs.statSync(path.join(dataDir, 'files', done.file.key)).size;
    const seconds = (sentAt - started) / 1000;
    console.log(
      `uploaded ${(SIZE / MB).toFixed(0)} MB in ${start.part_count} parts (${PARALLEL} at a time); stored ${stored === SIZE ? 'exactly' : 'WRONG SIZE:'} ${stored} bytes`,
    );
    console.log(
      `parts sent in ${seconds.toFixed(1)} s = ${(SIZE / MB / seconds).toFixed(0)} MB/s; joined and checked in ${((finished - sentAt) / 1000).toFixed(1)} s`,
    );
    console.log(`server RSS: baseline ${baseline.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, end ${end.toFixed(0)} MB`);
    console.log(
      `peak - baseline = ${(peak - baseline).toFixed(0)} MB = ${(((peak - baseline) / (SIZE / MB)) * 100).toFixed(2)}% of the file (ratio ${(peak / baseline).toFixed(2)}x baseline)`,
    );
  } finally {
    const gone = new Promise((resolve) => server.once('exit', resolve));
    if (server.exitCode === null) server.kill('SIGTERM');
    await gone;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
