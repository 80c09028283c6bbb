import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { fill, MEDIA_FAILURE, MEDIA_MAX_SIDE } from '@cutroom/domain';
import type { MediaView } from '@cutroom/domain/schemas';
import { cutShortMp4, lyingMkv, shortPictureLongSound, tooWideMp4 } from '../features/media-pipeline/hostile-clips.js';
import { proresMov } from '../features/media-pipeline/test-kit.js';
import { killAllServers, startServer, type ServerProcess } from './server-process.js';
import { call, login, type Api } from './write-load.js';

// Issue 48, from outside: the prober's files put on the upload page of a plain `npm start` (its own media
// worker, one job at a time) neither take the process down nor wedge its worker, and a clip queued after
// them still becomes ready. The process runs its embedded database whatever the suite's driver, so once.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-hostile-'));
afterAll(async () => {
  await killAllServers();
  fs.rmSync(work, { recursive: true, force: true });
});

interface Sent {
  name: string;
  type: string;
  bytes: Buffer;
}

interface Listed {
  id: number;
  file_name: string;
  media: MediaView | null;
}

/** The upload page's calls over HTTP, as the browser makes them: start, part URLs, each part PUT, complete. */
async function upload(api: Api, customerId: number, file: Sent): Promise<number> {
  const started = await call<{ upload_id: number; part_count: number }>(api, 'POST', '/api/uploads', {
    customer_id: customerId,
    file_name: file.name,
    size: file.bytes.length,
    content_type: file.type,
  });
  expect(started.part_count, file.name).toBe(1);
  const { urls } = await call<{ urls: { part_number: number; url: string }[] }>(
    api,
    'POST',
    `/api/uploads/${started.upload_id}/part-urls`,
    { part_numbers: [1] },
  );
  const put = await fetch(`${api.origin}${urls[0]!.url}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/octet-stream' },
    body: file.bytes,
  });
  const sent = (await put.json()) as { etag: string };
  expect(put.status, `${file.name}: ${JSON.stringify(sent)}`).toBe(200);
  await call(api, 'POST', `/api/uploads/${started.upload_id}/complete`, {
    parts: [{ part_number: 1, etag: sent.etag }],
  });
  return started.upload_id;
}

/** Every finished file in the caller's own folder, all pages. */
async function listed(api: Api): Promise<Map<number, Listed>> {
  const files = new Map<number, Listed>();
  for (let page = 1; ; page++) {
    const reply = await call<{ files: Listed[]; count: number; page_size: number }>(
      api,
      'GET',
      `/api/uploads?page=${page}`,
    );
    for (const f of reply.files) files.set(f.id, f);
    if (page * reply.page_size >= reply.count || reply.files.length === 0) return files;
  }
}

/** Runs a step against the process; if the step throws (the process gone: a refused connection), says what it printed. */
async function against<T>(server: ServerProcess, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    throw new Error(`${(e as Error).message}\n${alive(server)}`, { cause: e });
  }
}

const alive = (s: ServerProcess) => `process ${s.exited() ? 'EXITED' : 'running'}; its output:\n${s.output()}`;

/** What people may read on the page: our sentence, never ffmpeg's words, a path or a stack. */
const MACHINE_WORDS = /ffmpeg|ffprobe|\/tmp|ENOENT|\n\s*at |at [\w.<>]+ \(/i;

it(
  'survives every file of the prober’s list on the upload page, and a clip queued after them becomes ready',
  { timeout: 420_000 },
  async () => {
    const [server, files] = await Promise.all([
      startServer({ DATA_DIR: path.join(work, 'data'), MEDIA_CONCURRENCY: '1', MEDIA_POLL_MS: '100' }),
      (async (): Promise<Sent[]> => [
        { name: 'sting.mp4', type: 'video/mp4', bytes: await shortPictureLongSound() },
        { name: 'forever.mkv', type: 'video/x-matroska', bytes: await lyingMkv(1e12) },
        { name: 'ten-hours.mkv', type: 'video/x-matroska', bytes: await lyingMkv(36_000) },
        { name: 'wide.mp4', type: 'video/mp4', bytes: await tooWideMp4() },
        { name: 'cut-short.mp4', type: 'video/mp4', bytes: await cutShortMp4() },
        // The ordinary clip last: the one job that must still run after all of them.
        { name: 'normal.mov', type: 'video/quicktime', bytes: await proresMov() },
      ])(),
    ]);
    const api = await against(server, () => login(server.origin, 'customer@cutroom.demo', 'cutroom-demo'));
    const me = await against(server, () => call<{ client_id: number }>(api, 'GET', '/api/me'));
    const ids = new Map<string, number>();
    for (const file of files) ids.set(file.name, await against(server, () => upload(api, me.client_id, file)));

    // The demo seed's three videos are queued before ours, one job at a time: about 60 s of the wait on a busy machine.
    const deadline = Date.now() + 180_000;
    let seen = new Map<number, Listed>();
    const settled = () =>
      [...ids.values()].every((id) => ['ready', 'failed'].includes(seen.get(id)?.media?.status ?? ''));
    while (!settled()) {
      expect(server.exited(), alive(server)).toBe(false);
      if (Date.now() > deadline) {
        const states = [...ids].map(([name, id]) => `${name}: ${JSON.stringify(seen.get(id)?.media ?? null)}`);
        throw new Error(`not every upload settled within 180 s:\n${states.join('\n')}\n${alive(server)}`);
      }
      await new Promise((r) => setTimeout(r, 250));
      seen = await against(server, () => listed(api));
    }
    const media = (name: string) => seen.get(ids.get(name)!)!.media!;
    const report = `${[...ids.keys()].map((n) => `${n}: ${JSON.stringify(media(n))}`).join('\n')}\n${alive(server)}`;

    // The process that took them is still up and answering.
    expect(server.exited(), report).toBe(false);
    expect((await fetch(`${server.origin}/readyz`)).status, report).toBe(200);
    expect((await fetch(`${server.origin}/api/me`, { headers: { authorization: `Bearer ${api.token}` } })).status).toBe(
      200,
    );

    // 1 s of picture over 10 s of sound (the crash: no poster.jpg) is ready, with a poster.
    expect(media('sting.mp4'), report).toMatchObject({ status: 'ready', error: null });
    expect(media('sting.mp4').duration, report).toBeGreaterThan(9.9);
    const poster = await fetch(`${server.origin}${media('sting.mp4').poster_url!}`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(poster.status, report).toBe(200);
    expect(Buffer.from(await poster.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    // The liars ended (the wedge: a 2.7 KB file claiming 10¹² s), with no length from their headers.
    for (const liar of ['forever.mkv', 'ten-hours.mkv']) {
      expect(['ready', 'failed'], `${liar}\n${report}`).toContain(media(liar).status);
      if (media(liar).status === 'ready') expect(media(liar).duration, `${liar}\n${report}`).toBeLessThan(1);
    }

    // Too wide: refused with a sentence that names the limit.
    expect(media('wide.mp4'), report).toMatchObject({
      status: 'failed',
      error: fill(MEDIA_FAILURE.tooLarge, { width: '8200', height: '16', max: String(MEDIA_MAX_SIDE) }),
    });
    expect(media('wide.mp4').error, report).toContain('8192');

    // An upload that stopped early fails with a sentence.
    expect(media('cut-short.mp4').status, report).toBe('failed');

    // The ordinary clip queued after all of them became ready.
    expect(media('normal.mov'), report).toMatchObject({ status: 'ready', error: null, frame_count: 50 });

    for (const name of ids.keys()) expect(media(name).error ?? '', `${name}\n${report}`).not.toMatch(MACHINE_WORDS);

    // And it still stops as it should.
    expect(await server.stop(), report).toBe(0);
  },
);
