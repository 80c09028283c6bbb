import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GUEST_COOKIE, GUEST_COPY_NAMES_MAX, WATERMARK_TEXT } from '@cutroom/domain';
import type { GuestLinkView, GuestReviewReply } from '@cutroom/domain/schemas';
import { cards, guestCopies, mediaAssets } from '../../db/schema.js';
import { bearer } from '../../test/helpers.js';
import { makeClip, pipelineFixture, type PipelineFixture } from './test-kit.js';

// Watermarked guest copies (issue 52): what a marked link's guest plays or downloads is their own burned-in copy.
let f: PipelineFixture;
let cardId: number;
let assetId: number;
let sourceKey: string;
let clip: Buffer;
beforeAll(async () => {
  f = await pipelineFixture();
  // A flat grey picture: whatever differs between the clean proxy and the marked copy is the mark.
  clip = await makeClip('grey.mp4', [
    ...['-f', 'lavfi', '-i', 'color=c=gray:s=640x360:d=2:r=25', '-f', 'lavfi', '-i', 'sine=d=2'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-f', 'mp4'],
  ]);
  ({ cardId, assetId } = await f.deliver('grey.mp4', clip));
  await f.t.database.db.update(cards).set({ cardStatus: 'done' }).where(eq(cards.id, cardId));
  const [asset] = await f.t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
  sourceKey = asset!.sourceKey;
}, 180_000);
afterAll(() => f?.t.close());

async function makeLink(body: Record<string, unknown>) {
  const reply = await f.t.app.inject({
    method: 'POST',
    url: `/api/card/${cardId}/guestLinks`,
    headers: bearer(f.a.customer.token),
    payload: body,
  });
  expect(reply.statusCode).toBe(201);
  return reply.json<{ token: string; link: GuestLinkView }>();
}

async function visit(token: string, name: string) {
  const opened = await f.t.app.inject({ method: 'POST', url: '/api/guest/open', payload: { token, name } });
  expect(opened.statusCode).toBe(200);
  return { [GUEST_COOKIE]: opened.cookies.find((c) => c.name === GUEST_COOKIE)!.value };
}

const get = (url: string, cookies: Record<string, string>) => f.t.app.inject({ method: 'GET', url, cookies });
const review = async (cookies: Record<string, string>) => {
  const reply = await get('/api/guest/review', cookies);
  expect(reply.statusCode).toBe(200);
  return reply.json<GuestReviewReply>();
};

/** The first frame's grey levels of a video, a byte per pixel. */
const lumaOf = (video: Buffer) =>
  makeClip('frame.gray', ['-i', 'pipe:0', '-frames:v', '1', '-vf', 'format=gray', '-f', 'rawvideo'], video);

/** The mean difference of two 640-wide grey frames over rows [from, to). */
function meanDiff(a: Buffer, b: Buffer, from: number, to: number) {
  let sum = 0;
  for (let i = from * 640; i < to * 640; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / ((to - from) * 640);
}

describe('a guest link’s watermark', () => {
  it('is on by default for approver and download links, off for a plain one, and staff may say otherwise', async () => {
    expect((await makeLink({})).link.watermark).toBe(false);
    expect((await makeLink({ approver: true })).link.watermark).toBe(true);
    expect((await makeLink({ download: 'proxy' })).link.watermark).toBe(true);
    expect((await makeLink({ download: 'original', watermark: false })).link.watermark).toBe(false);
    expect((await makeLink({ watermark: true })).link.watermark).toBe(true);
    const bad = await f.t.app.inject({
      method: 'POST',
      url: `/api/card/${cardId}/guestLinks`,
      headers: bearer(f.a.customer.token),
      payload: { watermark: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('gives the guest no clean picture while the copy is made, then only their marked copy', async () => {
    await f.drain();
    const { token } = await makeLink({ approver: true, download: 'original', label: 'Legal' });
    const cookies = await visit(token, 'Ana');

    const waiting = await review(cookies);
    expect(waiting.watermark).toBe(true);
    const video = waiting.versions[0]!.videos[0]!;
    expect(video).toMatchObject({ watermark: 'preparing', url: '' });
    expect(video.media!.proxies).toEqual([]);
    expect(JSON.stringify(waiting)).not.toContain('proxy-');
    expect(JSON.stringify(waiting)).not.toContain(sourceKey);
    const notYet = await get('/api/guest/download?video_version=0', cookies);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json<{ error_message: string }>().error_message).toBe(WATERMARK_TEXT.notReady);

    // Every clean file is as unknown to this guest as a file of another card; the poster is a still, not the video.
    expect((await get(`/api/guest/files/${sourceKey}`, cookies)).statusCode).toBe(404);
    expect((await get(`/api/guest/media/assets/${assetId}/proxy-360.mp4`, cookies)).statusCode).toBe(404);
    expect((await get(`/api/guest/media/assets/${assetId}/frame?t=0.5`, cookies)).statusCode).toBe(404);
    expect((await get(video.media!.poster_url!, cookies)).statusCode).toBe(200);

    expect(await f.drain()).toBe(1);
    const [copy] = await f.t.database.db.select().from(guestCopies).where(eq(guestCopies.assetId, assetId));
    expect(copy).toMatchObject({ status: 'ready', guestName: 'Ana', height: 360 });
    expect(copy!.mark).toMatch(/^Ana · Legal · \d{4}-\d{2}-\d{2}$/);

    const ready = await review(cookies);
    const played = ready.versions[0]!.videos[0]!;
    expect(played).toMatchObject({ watermark: 'ready', url: `/api/guest/copies/${copy!.id}` });
    expect(played.media!.proxies).toEqual([{ height: 360, url: played.url }]);
    expect(JSON.stringify(ready)).not.toContain('proxy-');
    const marked = await get(played.url, cookies);
    expect(marked.statusCode).toBe(200);
    expect(marked.headers['content-type']).toBe('video/mp4');

    // The link allows the original, but a marked guest takes away their marked copy.
    const download = await get('/api/guest/download?video_version=0', cookies);
    expect(download.statusCode).toBe(200);
    const link = download.json<{ url: string }>().url;
    expect(link).toContain(encodeURIComponent(copy!.key!));
    expect(link).toContain('-marked.mp4');

    // The pictures differ where the mark is drawn and nowhere else.
    const clean = await f.read(`/api/media/assets/${assetId}/proxy-360.mp4`, f.a.qa.token);
    const [a, b] = await Promise.all([lumaOf(clean.body), lumaOf(marked.rawPayload)]);
    expect(meanDiff(a, b, 60, 95)).toBeGreaterThan(4);
    expect(meanDiff(a, b, 140, 200)).toBeLessThan(1.5);
  }, 180_000);

  it('keeps the copy to its link: another link’s guest and a visitor without a visit are refused', async () => {
    const [copy] = await f.t.database.db.select().from(guestCopies).where(eq(guestCopies.assetId, assetId));
    const other = await visit((await makeLink({})).token, 'Ben');
    expect((await get(`/api/guest/copies/${copy!.id}`, other)).statusCode).toBe(404);
    expect((await get(`/api/guest/copies/${copy!.id}`, {})).statusCode).toBe(401);
    expect((await get('/api/guest/copies/999999', other)).statusCode).toBe(404);
    // The unmarked guest still plays the clean proxy.
    expect((await review(other)).versions[0]!.videos[0]).toMatchObject({ watermark: null });
  });

  it(`marks at most ${GUEST_COPY_NAMES_MAX} names per link, even when visits come at once; later names get the link's own mark`, async () => {
    const { token, link } = await makeLink({ approver: true, label: 'Board' });
    const names = ['G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8'];
    const visits = await Promise.all(names.map((name) => visit(token, name)));
    // Counted under the link's lock: on PostgreSQL the eight reviews run side by side.
    await Promise.all(visits.map((cookies) => review(cookies)));
    await review(visits[0]!);
    const rows = await f.t.database.db.select().from(guestCopies).where(eq(guestCopies.linkId, link.link_id));
    const marked = rows.map((r) => r.guestName).sort();
    expect(marked).toHaveLength(GUEST_COPY_NAMES_MAX + 1);
    expect(new Set(marked).size).toBe(marked.length);
    expect(marked[0]).toBe('');
    expect(rows.find((r) => r.guestName === '')!.mark).toMatch(/^Board · \d{4}-\d{2}-\d{2}$/);
  });
});
