import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DOWNLOAD_TEXT, GUEST_COOKIE, fill, type GuestDownload } from '@cutroom/domain';
import type { CardDetailReply, GuestReviewReply, UserView } from '@cutroom/domain/schemas';
import { cardVideos, cards, guestLinks, mediaAssets } from '../../db/schema.js';
import { injectAs, insertCard, seedWithSessions, type Cookies } from '../../test/helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Download control (issue 52): originals that unlock on approval, and what each guest link may download.
let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
}, 60_000);
afterAll(() => t?.close());

const inject = (...args: Parameters<ReturnType<typeof injectAs>>) => injectAs(t.app)(...args);

/** Stores bytes under a key as the local storage keeps them (DATA_DIR/files). */
function store(key: string, bytes: string) {
  const file = path.join(t.dataDir, 'files', key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
}

let made = 0;
/**
 * A card of the customer in Review whose versions 0 … versions − 1 are stored masters, each with a media asset
 * whose 720p review copy is stored too (the pipeline's outputs), unless `proxies` is false.
 */
async function cardWithMasters(versions = 1, proxies = true) {
  const n = ++made;
  const card = await insertCard(t.database.db, {
    clientId: a.customer.id,
    assignedQaId: a.qa.id,
    assignedTo: a.editor.id,
    cardStatus: 'done',
    cardTitle: `Spring launch ${n}`,
  });
  for (let v = 0; v < versions; v++) {
    const key = `media/${a.customer.id}/${n}-v${v}-master.mov`;
    store(key, `master ${n} v${v}`);
    const proxy = `derived/${n}${v}/proxy-720.mp4`;
    if (proxies) store(proxy, `review copy ${n} v${v}`);
    const [asset] = await t.database.db
      .insert(mediaAssets)
      .values({
        sourceKey: key,
        status: proxies ? 'ready' : 'processing',
        progress: proxies ? 100 : 10,
        outputs: proxies
          ? {
              proxies: [{ height: 720, width: 1280, key: proxy }],
              poster: `derived/${n}${v}/poster.jpg`,
              sprites: [],
              thumb: { width: 160, height: 90, intervalS: 1, columns: 10, rows: 10, count: 0 },
              waveform: null,
            }
          : null,
      })
      .returning();
    await t.database.db
      .insert(cardVideos)
      .values({ cardId: card.id, kind: 'done', version: v, videoUrl: `/files/${key}`, assetId: asset!.id });
    // As a delivery keeps it: the card's done link is the latest version's.
    await t.database.db
      .update(cards)
      .set({ doneVideoLink: `/files/${key}` })
      .where(eq(cards.id, card.id));
  }
  return card.id;
}

const download = (cardId: number, who: string, version = 0) =>
  inject('GET', `/api/card/${cardId}/download?video_version=${version}`, who);
const guestDownload = (who: Cookies, version = 0) => inject('GET', `/api/guest/download?video_version=${version}`, who);
/** What the link gives, fetched with no session at all: status, disposition and body. */
async function fetchLink(url: string) {
  const reply = await t.app.inject({ method: 'GET', url });
  return { status: reply.statusCode, disposition: reply.headers['content-disposition'], body: reply.body };
}
const setPolicy = (policy: string, token = a.admin.token) =>
  inject('PUT', `/api/user/${a.customer.id}`, token, { download_policy: policy });
const decide = (cardId: number, who: string | Cookies, decision: string, video_version = 0) =>
  typeof who === 'string'
    ? inject('POST', `/api/card/${cardId}/decision`, who, { video_version, decision })
    : inject('POST', '/api/guest/decision', who, { video_version, decision });

/**
 * The customer makes a link with these settings and a guest opens it: the guest's cookies and the link's id.
 * Unmarked unless said: watermarked copies are media-pipeline/guest-copies.test.ts's.
 */
async function guest(cardId: number, settings: { approver?: boolean; download?: GuestDownload }) {
  const link = await inject('POST', `/api/card/${cardId}/guestLinks`, a.customer.token, {
    label: 'Board',
    watermark: false,
    ...settings,
  });
  expect(link.statusCode, link.body).toBe(201);
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/guest/open',
    payload: { token: link.json<{ token: string }>().token, name: 'Gia' },
  });
  const cookies = { [GUEST_COOKIE]: opened.cookies.find((c) => c.name === GUEST_COOKIE)!.value };
  return { cookies, linkId: link.json<{ link_id: number; link: { download: string } }>().link_id, link: link.json() };
}

describe("a customer's download policy", () => {
  afterAll(() => setPolicy('always'));

  it('is set by admin and the team lead on the profile, shown to staff, never changed by the customer', async () => {
    const profile = async (token: string) =>
      (await inject('GET', `/api/user/${a.customer.id}`, token)).json<UserView>();
    expect((await profile(a.admin.token)).download_policy).toBe('always');
    expect((await setPolicy('after_approval', a.lead.token)).statusCode).toBe(200);
    expect((await profile(a.admin.token)).download_policy).toBe('after_approval');
    expect((await profile(a.customer.token)).download_policy).toBeUndefined();

    const own = await setPolicy('always', a.customer.token);
    expect(own.statusCode).toBe(403);
    const odd = await setPolicy('sometimes');
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error_message).toBe('Download policy must be one of always, after_approval');
    expect((await profile(a.admin.token)).download_policy).toBe('after_approval');
  });

  it('after_approval: the original is refused to the customer until approved, never to staff', async () => {
    expect((await setPolicy('after_approval')).statusCode).toBe(200);
    const cardId = await cardWithMasters();
    const refused = await download(cardId, a.customer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_message).toBe(fill(DOWNLOAD_TEXT.locked, { version: '1' }));

    for (const staff of [a.admin.token, a.qa.token, a.editor.token]) {
      const given = await download(cardId, staff);
      expect(given.statusCode, given.body).toBe(200);
      expect(await fetchLink(given.json<{ url: string }>().url)).toEqual({
        status: 200,
        disposition: `attachment; filename="Spring-launch-${made}-v1.mov"`,
        body: `master ${made} v0`,
      });
    }

    // The card tells the customer (only) that its Download buttons wait.
    const locked = async (token: string) =>
      (await inject('GET', `/api/card/${cardId}`, token)).json<CardDetailReply>().originals_locked;
    expect(await locked(a.customer.token)).toBe(true);
    expect(await locked(a.admin.token)).toBeUndefined();
    // Nor does the card hand the customer the master's own link meanwhile: they play the review copy.
    const master = `media/${a.customer.id}/${made}-v0-master.mov`;
    const asCustomer = (await inject('GET', `/api/card/${cardId}`, a.customer.token)).json<CardDetailReply>();
    expect(JSON.stringify(asCustomer)).not.toContain(master);
    const [proxy] = asCustomer.video_versions['version-0']![0]!.media!.proxies;
    expect(asCustomer.video_versions['version-0']![0]!.video_url).toBe(proxy!.url);
    expect(asCustomer.done_videos).toEqual([proxy!.url]);
    expect(asCustomer.done_video_link).toBe(proxy!.url);
    expect(JSON.stringify((await inject('GET', `/api/card/${cardId}`, a.qa.token)).json())).toContain(master);

    expect((await decide(cardId, a.customer.token, 'approved')).statusCode).toBe(200);
    expect(await locked(a.customer.token)).toBe(false);
    expect(JSON.stringify((await inject('GET', `/api/card/${cardId}`, a.customer.token)).json())).toContain(master);
    const given = await download(cardId, a.customer.token);
    expect(given.statusCode, given.body).toBe(200);
    const { url, expires_at } = given.json<{ url: string; expires_at: string }>();
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(10 * 60_000);
    expect((await fetchLink(url)).body).toBe(`master ${made} v0`);
  });

  it('under the rule all, waits for every approver; a new version starts locked again', async () => {
    expect((await setPolicy('after_approval')).statusCode).toBe(200);
    const cardId = await cardWithMasters(2);
    const legal = await guest(cardId, { approver: true });
    expect((await inject('PUT', `/api/card/${cardId}/approval`, a.customer.token, { rule: 'all' })).statusCode).toBe(
      200,
    );
    expect((await decide(cardId, a.customer.token, 'approved', 1)).statusCode).toBe(200);
    expect((await download(cardId, a.customer.token, 1)).statusCode).toBe(403);
    expect((await decide(cardId, legal.cookies, 'approved', 1)).statusCode).toBe(200);
    expect((await download(cardId, a.customer.token, 1)).statusCode).toBe(200);
    // Version 1 of 2 (index 0) had no round: still locked.
    expect((await download(cardId, a.customer.token, 0)).statusCode).toBe(403);
  });

  it('always: the customer downloads before any decision', async () => {
    expect((await setPolicy('always')).statusCode).toBe(200);
    const cardId = await cardWithMasters();
    const given = await download(cardId, a.customer.token);
    expect(given.statusCode, given.body).toBe(200);
    expect((await fetchLink(given.json<{ url: string }>().url)).body).toBe(`master ${made} v0`);
  });

  it('a delivery that is a link elsewhere is given as it is', async () => {
    const card = await insertCard(t.database.db, { clientId: a.customer.id, cardStatus: 'done' });
    const url = 'https://www.dropbox.com/s/abc/cut.mov?dl=0';
    await t.database.db.insert(cardVideos).values({ cardId: card.id, kind: 'done', version: 0, videoUrl: url });
    const given = await download(card.id, a.customer.token);
    expect(given.json()).toEqual({ url, expires_at: null });
  });

  it('another customer, a version that is not there, a changed or spent link: 404 or 400, never the file', async () => {
    const cardId = await cardWithMasters();
    expect((await download(cardId, a.customer2.token)).statusCode).toBe(404);
    const missing = await download(cardId, a.admin.token, 3);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_message).toBe(fill(DOWNLOAD_TEXT.noVideo, { version: '4', number: '1' }));
    expect((await inject('GET', `/api/card/${cardId}/download?video_version=x`, a.admin.token)).statusCode).toBe(400);

    const url = (await download(cardId, a.admin.token)).json<{ url: string }>().url;
    const other = url.replace(
      encodeURIComponent(`${made}-v0-master.mov`),
      encodeURIComponent(`${made - 1}-v0-master.mov`),
    );
    expect(other).not.toBe(url);
    for (const changed of [other, url.replace(/sig=[^&]+/, 'sig=AAAA'), url.replace(/expires=\d+/, 'expires=1000')]) {
      const reply = await fetchLink(changed);
      expect(reply.status).toBe(404);
      expect(reply.body).not.toContain('master');
    }
    expect((await fetchLink('/api/download')).status).toBe(400);
  });
});

describe("a guest link's downloads", () => {
  it('none by default: the guest page says so and the call is refused', async () => {
    const cardId = await cardWithMasters();
    const g = await guest(cardId, {});
    expect(g.link.link.download).toBe('none');
    const review = (await inject('GET', '/api/guest/review', g.cookies)).json<GuestReviewReply>();
    expect(review.download).toBe('none');
    const refused = await guestDownload(g.cookies);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_message).toBe(DOWNLOAD_TEXT.guestNone);
  });

  it('proxy: the review copy, never the original; not before it is made', async () => {
    const cardId = await cardWithMasters();
    const g = await guest(cardId, { download: 'proxy' });
    const given = await guestDownload(g.cookies);
    expect(given.statusCode, given.body).toBe(200);
    expect(await fetchLink(given.json<{ url: string }>().url)).toEqual({
      status: 200,
      disposition: `attachment; filename="Spring-launch-${made}-v1-review.mp4"`,
      body: `review copy ${made} v0`,
    });

    const early = await cardWithMasters(1, false);
    const waiting = await guestDownload((await guest(early, { download: 'proxy' })).cookies);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error_message).toBe(DOWNLOAD_TEXT.noCopyYet);
  });

  it('original: the master as the customer may download it; ends with a revoked link', async () => {
    await setPolicy('after_approval');
    try {
      const cardId = await cardWithMasters();
      const g = await guest(cardId, { download: 'original' });
      // A link never unlocks what the customer may not download yet.
      // The guest plays the review copy, not the master, while it waits.
      const review = async () => (await inject('GET', '/api/guest/review', g.cookies)).json<GuestReviewReply>();
      const waiting = (await review()).versions[0]!.videos[0]!;
      expect(waiting.url).toBe(waiting.media!.proxies[0]!.url);
      expect(waiting.url).not.toContain('master');
      const locked = await guestDownload(g.cookies);
      expect(locked.statusCode).toBe(403);
      expect(locked.json().error_message).toBe(fill(DOWNLOAD_TEXT.locked, { version: '1' }));
      expect((await decide(cardId, a.customer.token, 'approved')).statusCode).toBe(200);
      expect((await review()).versions[0]!.videos[0]!.url).toContain('master');
      const given = await guestDownload(g.cookies);
      expect(given.statusCode, given.body).toBe(200);
      expect((await fetchLink(given.json<{ url: string }>().url)).body).toBe(`master ${made} v0`);

      await t.database.db.update(guestLinks).set({ revokedAt: new Date() }).where(eq(guestLinks.id, g.linkId));
      expect((await guestDownload(g.cookies)).statusCode).toBe(401);
    } finally {
      await setPolicy('always');
    }
  });

  it('refuses a download setting it does not know', async () => {
    const cardId = await cardWithMasters();
    const reply = await inject('POST', `/api/card/${cardId}/guestLinks`, a.customer.token, { download: 'all' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error_message).toBe('Download must be one of none, proxy, original');
  });
});
