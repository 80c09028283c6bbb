import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FRAME_GRABS, GUEST_COOKIE } from '@cutroom/domain';
import { cards, mediaFrames } from '../../db/schema.js';
import { bearer } from '../../test/helpers.js';
import { pipelineFixture, proresMov, type PipelineFixture } from './test-kit.js';

// A small cache, so a few grabs pass it; the budget stays the default, as users meet it.
const CACHE = 3;

let f: PipelineFixture;
let cardId: number;
let assetId: number;
beforeAll(async () => {
  f = await pipelineFixture({ MEDIA_FRAME_CACHE: String(CACHE) });
  ({ cardId, assetId } = await f.deliver('cut.mov', await proresMov()));
  await f.drain();
}, 60_000);
afterAll(() => f?.t.close());

const grab = (url: string, auth: { token?: string; guest?: string }) =>
  f.t.app.inject({
    method: 'GET',
    url,
    ...(auth.token ? { headers: bearer(auth.token) } : {}),
    ...(auth.guest ? { cookies: { [GUEST_COOKIE]: auth.guest } } : {}),
  });

/** Spends a caller's whole minute on one (cached) frame, then one call more: the statuses seen. */
async function spend(url: string, auth: { token?: string; guest?: string }) {
  const statuses = new Set<number>();
  for (let i = 0; i < FRAME_GRABS.perMinute; i++) statuses.add((await grab(url, auth)).statusCode);
  return { within: [...statuses], after: (await grab(url, auth)).statusCode };
}

async function openVisit(name: string) {
  const link = await f.t.app.inject({
    method: 'POST',
    url: `/api/card/${cardId}/guestLinks`,
    headers: bearer(f.a.customer.token),
    payload: {},
  });
  const opened = await f.t.app.inject({
    method: 'POST',
    url: '/api/guest/open',
    payload: { token: link.json<{ token: string }>().token, name },
  });
  return opened.cookies.find((c) => c.name === GUEST_COOKIE)!.value;
}

const framesOnDisk = () => {
  const dir = path.join(f.t.dataDir, 'files', 'derived', String(assetId), 'frames');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

describe('frame grabs', () => {
  it('keeps at most MEDIA_FRAME_CACHE grabbed frames of an asset, the newest, and grabs a dropped one again', async () => {
    // 25 fps: t = n / 25 + a little is frame n.
    for (const n of [0, 1, 2, 3, 4, 5]) {
      const reply = await grab(`/api/media/assets/${assetId}/frame?t=${n / 25 + 0.01}`, { token: f.a.editor.token });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['x-frame-number']).toBe(String(n));
      expect(framesOnDisk().length).toBeLessThanOrEqual(CACHE);
    }
    expect(framesOnDisk()).toEqual(['3.jpg', '4.jpg', '5.jpg']);
    const rows = await f.t.database.db.select().from(mediaFrames).where(eq(mediaFrames.assetId, assetId));
    expect(rows.map((r) => r.frame).sort()).toEqual([3, 4, 5]);
    const again = await grab(`/api/media/assets/${assetId}/frame?t=0`, { token: f.a.editor.token });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-frame-number']).toBe('0');
    expect(framesOnDisk()).toEqual(['0.jpg', '4.jpg', '5.jpg']);
  });

  it('counts a frame stored before the index in the cap, without grabbing it again', async () => {
    const dir = path.join(f.t.dataDir, 'files', 'derived', String(assetId), 'frames');
    const planted = fs.readFileSync(path.join(dir, '5.jpg'));
    fs.writeFileSync(path.join(dir, '20.jpg'), planted);
    const reply = await grab(`/api/media/assets/${assetId}/frame?t=0.81`, { token: f.a.editor.token });
    expect(reply.headers['x-frame-number']).toBe('20');
    expect(reply.rawPayload.equals(planted)).toBe(true);
    // Listed as the newest: frame 4, the oldest, made room.
    expect(framesOnDisk()).toEqual(['0.jpg', '20.jpg', '5.jpg']);
  });

  it('gives each signed-in user a budget of their own, though they call from one address', async () => {
    const url = `/api/media/assets/${assetId}/frame?t=1`;
    expect(await spend(url, { token: f.a.qa.token })).toEqual({ within: [200], after: 429 });
    expect((await grab(url, { token: f.a.admin.token })).statusCode).toBe(200);
  });

  it('gives each guest visit a budget of its own, though they call from one address', async () => {
    await f.t.database.db.update(cards).set({ cardStatus: 'done' }).where(eq(cards.id, cardId));
    const first = await openVisit('Ana');
    const second = await openVisit('Bo');
    const url = `/api/guest/media/assets/${assetId}/frame?t=1`;
    expect(await spend(url, { guest: first })).toEqual({ within: [200], after: 429 });
    expect((await grab(url, { guest: second })).statusCode).toBe(200);
  });
});

describe("the guest's media routes without a visit", () => {
  it('answer a ready asset and one that does not exist alike, so ids tell nothing', async () => {
    const missing = assetId + 1000;
    for (const guest of [undefined, 'not-a-visit']) {
      for (const file of ['poster.jpg', 'proxy-180.mp4', 'frame?t=0']) {
        const ready = await grab(`/api/guest/media/assets/${assetId}/${file}`, { guest });
        const none = await grab(`/api/guest/media/assets/${missing}/${file}`, { guest });
        expect(ready.statusCode, file).toBe(401);
        expect({ status: none.statusCode, body: none.json<unknown>() }, file).toEqual({
          status: ready.statusCode,
          body: ready.json<unknown>(),
        });
      }
    }
  });
});
