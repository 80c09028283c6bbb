import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GUEST_COOKIE, MSG } from '@cutroom/domain';
import { cardVideos, cards, customerUploads, mediaAssets } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { gate, untilSomeoneWaitsOnALock } from '../../test/pg-locks.js';
import { MP4, PNG } from '../../test/sample-files.js';
import { uploadClient, type Started } from '../../test/uploads.js';

// Issue 49: a finished upload of the upload page delivered to a card by upload_id instead of a link.
let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const call = (token: string, path: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: path, headers: bearer(token), payload });
const cardOf = async (id: number) => (await t.database.db.select().from(cards).where(eq(cards.id, id)))[0]!;
const videosOf = (id: number) =>
  t.database.db.select().from(cardVideos).where(eq(cardVideos.cardId, id)).orderBy(cardVideos.id);
const newCard = (values: Partial<typeof cards.$inferInsert> = {}) =>
  insertCard(t.database.db, {
    clientId: a.customer.id,
    assignedQaId: a.qa.id,
    assignedTo: a.editor.id,
    cardStatus: 'editing',
    ...values,
  });

/** A finished upload in a customer's folder, uploaded by the admin: its id and key. */
async function finished(customerId: number, content: Buffer = MP4, name = 'cut.mp4') {
  const { started, res } = await uploadClient(t, a.admin.token).upload(
    customerId,
    name,
    '',
    content.length,
    () => content,
  );
  if (res.statusCode !== 200) throw new Error(res.body);
  return started;
}
async function pending(customerId: number): Promise<Started> {
  const res = await uploadClient(t, a.admin.token).start({
    customer_id: customerId,
    file_name: 'half.mp4',
    size: MP4.length,
    content_type: 'video/mp4',
  });
  return res.json<Started>();
}
/** What the card stores: our storage's URL of the key, on PUBLIC_URL. */
const link = (key: string) => `http://localhost:3000/files/${key}`;
const assetOf = async (key: string) =>
  (await t.database.db.select().from(mediaAssets).where(eq(mediaAssets.sourceKey, key)))[0];

describe('delivering an upload by upload_id', () => {
  it('moveToQa points the card at the stored file and queues its media', async () => {
    const up = await finished(a.customer.id);
    const card = await newCard();
    const res = await call(a.editor.token, `/api/card/${card.id}/moveToQa`, {
      card_status: 'editing',
      upload_id: up.upload_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await cardOf(card.id);
    expect(row).toMatchObject({ cardStatus: 'qa', doneVideoLink: link(up.key) });
    const asset = await assetOf(up.key);
    expect(asset).toBeDefined();
    expect(await videosOf(card.id)).toMatchObject([
      { kind: 'done', version: 0, videoUrl: link(up.key), assetId: asset!.id },
    ]);
    // The card view shows the pipeline's state under the video, as for a POST /api/media delivery.
    const view = await t.app.inject({ method: 'GET', url: `/api/card/${card.id}`, headers: bearer(a.customer.token) });
    const versions = view.json<{ video_versions: Record<string, { video_url: string; media: unknown }[]> }>()
      .video_versions;
    expect(Object.values(versions).flat()).toMatchObject([{ video_url: link(up.key), media: expect.anything() }]);

    // QA approves it with the link the card shows: no new version, the asset kept.
    const done = await call(a.qa.token, `/api/card/${card.id}/done`, {
      card_status: 'qa',
      done_link: link(up.key),
      content_id: 'SYNC-1',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await videosOf(card.id)).toHaveLength(1);
  });

  it("serves the delivered file at the card's link to the card's viewers, and to nobody else", async () => {
    const up = await finished(a.customer.id);
    const card = await newCard();
    await call(a.editor.token, `/api/card/${card.id}/moveToQa`, { card_status: 'editing', upload_id: up.upload_id });
    const read = (token: string, key: string) =>
      t.app.inject({ method: 'GET', url: `/files/${key}`, headers: bearer(token) });
    for (const viewer of [a.customer, a.editor, a.qa, a.admin]) {
      const res = await read(viewer.token, up.key);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['content-disposition']).toBe('inline');
      expect(res.rawPayload.equals(MP4)).toBe(true);
    }
    expect((await read(a.customer2.token, up.key)).statusCode).toBe(404);
    // The card's YouTube helper too.
    await t.database.db
      .update(cards)
      .set({ hasYoutubeHelper: true, ytHelperId: a.helper.id })
      .where(eq(cards.id, card.id));
    expect((await read(a.helper.token, up.key)).statusCode).toBe(200);
    // A plain link typed to another customer's upload grants nothing: only a checked upload_id does.
    const other = await finished(a.customer2.id);
    const linked = await newCard();
    const typed = await call(a.editor.token, `/api/card/${linked.id}/moveToQa`, {
      card_status: 'editing',
      done_video_link: link(other.key),
    });
    expect(typed.statusCode).toBe(200);
    // Not the upload's asset: a link to this server is at most a link to fetch, which the guard refuses.
    const typedAsset = (await videosOf(linked.id))[0]!.assetId;
    const [fetched] = await t.database.db
      .select()
      .from(mediaAssets)
      .where(eq(mediaAssets.id, typedAsset ?? -1));
    expect(fetched?.sourceKey ?? null).not.toBe(other.key);
    expect((await read(a.customer.token, other.key)).statusCode).toBe(404);
    expect((await read(a.customer.token, 'uploads/1/nothing-here')).statusCode).toBe(404);
  });

  it("lets a guest review link's visitor play it, and no typed link to another customer's upload", async () => {
    const up = await finished(a.customer.id);
    const other = await finished(a.customer2.id);
    const card = await newCard();
    await call(a.editor.token, `/api/card/${card.id}/moveToQa`, { card_status: 'editing', upload_id: up.upload_id });
    await call(a.qa.token, `/api/card/${card.id}/done`, {
      card_status: 'qa',
      done_link: [link(up.key)],
      content_id: 'SYNC-3',
    });
    // A second version typed as a link to another customer's upload: no asset, so nothing to read.
    await t.database.db
      .insert(cardVideos)
      .values({ cardId: card.id, kind: 'done', version: 1, position: 0, videoUrl: link(other.key) });
    const created = await call(a.customer.token, `/api/card/${card.id}/guestLinks`, {});
    expect(created.statusCode, created.body).toBe(201);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/guest/open',
      payload: { name: 'Ana Guest', token: created.json<{ token: string }>().token },
    });
    const cookies = { [GUEST_COOKIE]: opened.cookies.find((c) => c.name === GUEST_COOKIE)!.value };
    const view = await t.app.inject({ method: 'GET', url: '/api/guest/review', cookies });
    const urls = view
      .json<{ versions: { videos: { url: string; media: unknown }[] }[] }>()
      .versions.flatMap((v) => v.videos.map((x) => x.url));
    expect(urls).toContain(`/api/guest/files/${up.key}`);
    expect(urls).toContain(link(other.key));
    const mine = await t.app.inject({ method: 'GET', url: `/api/guest/files/${up.key}`, cookies });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('video/mp4');
    expect((await t.app.inject({ method: 'GET', url: `/api/guest/files/${other.key}`, cookies })).statusCode).toBe(404);
  });

  it("is the revision round's delivery too: the next version after a revision", async () => {
    const card = await newCard();
    await call(a.editor.token, `/api/card/${card.id}/moveToQa`, {
      card_status: 'editing',
      done_video_link: 'https://example.com/v1.mp4',
    });
    await call(a.qa.token, `/api/card/${card.id}/done`, {
      card_status: 'qa',
      done_link: 'https://example.com/v1.mp4',
      content_id: 'SYNC-2',
    });
    expect((await call(a.customer.token, `/api/card/${card.id}/revision`, { card_status: 'done' })).statusCode).toBe(
      200,
    );
    const up = await finished(a.customer.id);
    const res = await call(a.editor.token, `/api/card/${card.id}/moveToQa`, {
      card_status: 'editing',
      upload_id: up.upload_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const videos = await videosOf(card.id);
    expect(videos.map((v) => [v.version, v.videoUrl])).toEqual([
      [0, 'https://example.com/v1.mp4'],
      [1, link(up.key)],
    ]);
    expect(videos[1]!.assetId).toBe((await assetOf(up.key))!.id);
  });

  it('the repurpose delivery (moveCardSub into repurpose_done) takes it', async () => {
    const up = await finished(a.customer.id);
    const card = await newCard({ cardStatus: 'repurpose_editing', hasRepurpose: true, repurposeStatus: 'editing' });
    const res = await call(a.lead.token, `/api/card/${card.id}/moveCardSub`, {
      status: 'repurpose_done',
      from: 'repurpose_editing',
      upload_id: up.upload_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await cardOf(card.id)).toMatchObject({ repurposeDoneLink: link(up.key), repurposeStatus: 'done' });
    expect(await videosOf(card.id)).toMatchObject([
      { kind: 'repurpose', videoUrl: link(up.key), assetId: (await assetOf(up.key))!.id },
    ]);
  });

  it('changeDoneVideo replaces the latest done video with it', async () => {
    const card = await newCard();
    await call(a.editor.token, `/api/card/${card.id}/moveToQa`, {
      card_status: 'editing',
      done_video_link: 'https://example.com/first.mp4',
    });
    const up = await finished(a.customer.id);
    const res = await call(a.lead.token, '/api/card/changeDoneVideo', { card_id: card.id, upload_id: up.upload_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await cardOf(card.id)).toMatchObject({ doneVideoLink: link(up.key) });
    expect(await videosOf(card.id)).toMatchObject([
      { version: 0, videoUrl: link(up.key), assetId: (await assetOf(up.key))!.id },
    ]);
  });

  describe('refuses, naming upload_id, and changes nothing', () => {
    const refusals: [string, () => Promise<number>][] = [
      ["another customer's upload", async () => (await finished(a.customer2.id)).upload_id],
      ['an unfinished upload', async () => (await pending(a.customer.id)).upload_id],
      ['an unknown id', async () => 2_000_000_000],
      ['an upload that is not a video', async () => (await finished(a.customer.id, PNG, 'still.png')).upload_id],
    ];
    for (const [what, uploadOf] of refusals) {
      it(what, async () => {
        const uploadId = await uploadOf();
        const card = await newCard();
        const before = await cardOf(card.id);
        const sent = [
          await call(a.editor.token, `/api/card/${card.id}/moveToQa`, { card_status: 'editing', upload_id: uploadId }),
          await call(a.lead.token, '/api/card/changeDoneVideo', { card_id: card.id, upload_id: uploadId }),
        ];
        const repurpose = await newCard({
          cardStatus: 'repurpose_editing',
          hasRepurpose: true,
          repurposeStatus: 'editing',
        });
        sent.push(
          await call(a.lead.token, `/api/card/${repurpose.id}/moveCardSub`, {
            status: 'repurpose_done',
            from: 'repurpose_editing',
            upload_id: uploadId,
          }),
        );
        for (const res of sent) {
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json()).toMatchObject({ field: 'upload_id', error_message: MSG.uploadNotDeliverable });
        }
        expect(await cardOf(card.id)).toEqual(before);
        expect(await videosOf(card.id)).toEqual([]);
        expect(await cardOf(repurpose.id)).toMatchObject({ repurposeStatus: 'editing', repurposeDoneLink: null });
        expect(await videosOf(repurpose.id)).toEqual([]);
      });
    }
  });

  it('wants exactly one of the link and upload_id (400 naming the field)', async () => {
    const up = await finished(a.customer.id);
    const card = await newCard();
    const both = await call(a.editor.token, `/api/card/${card.id}/moveToQa`, {
      card_status: 'editing',
      done_video_link: 'https://example.com/v.mp4',
      upload_id: up.upload_id,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ field: 'upload_id', error_message: MSG.linkOrUpload });
    const neither = await call(a.editor.token, `/api/card/${card.id}/moveToQa`, { card_status: 'editing' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({ field: 'done_video_link' });
    const change = await call(a.lead.token, '/api/card/changeDoneVideo', {
      card_id: card.id,
      done_video_link: 'https://example.com/v.mp4',
      upload_id: up.upload_id,
    });
    expect(change.json()).toMatchObject({ field: 'upload_id', error_message: MSG.linkOrUpload });
    const repurpose = await call(a.lead.token, `/api/card/${card.id}/moveCardSub`, {
      status: 'repurpose_done',
      done_link: 'https://example.com/r.mp4',
      upload_id: up.upload_id,
    });
    expect(repurpose.statusCode).toBe(400);
    expect(repurpose.json()).toMatchObject({ field: 'upload_id' });
    expect(await cardOf(card.id)).toMatchObject({ cardStatus: 'editing', doneVideoLink: null });
  });

  it('is in the OpenAPI document of the three calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    const paths = JSON.parse(doc) as {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: unknown }> } } }>;
    };
    for (const route of ['/api/card/{id}/moveToQa', '/api/card/{id}/moveCardSub', '/api/card/changeDoneVideo']) {
      const body = paths.paths[route]?.post?.requestBody?.content['application/json']?.schema;
      expect(JSON.stringify(body), route).toContain('"upload_id"');
    }
  });

  // PGlite runs one statement at a time, so the check and a concurrent delete can only interleave on PostgreSQL.
  it.runIf(process.env.TEST_DB === 'pg')(
    'waits for a concurrent delete of the upload and then refuses it (PostgreSQL)',
    async () => {
      const up = await finished(a.customer.id);
      const card = await newCard();
      const release = gate();
      const deleted = gate();
      // The upload's row deleted (e.g. with its customer) in a transaction not yet committed.
      const removal = t.database.db.transaction(async (tx) => {
        await tx.delete(customerUploads).where(eq(customerUploads.id, up.upload_id));
        deleted.open();
        await release.opened;
      });
      await deleted.opened;
      const move = call(a.editor.token, `/api/card/${card.id}/moveToQa`, {
        card_status: 'editing',
        upload_id: up.upload_id,
      });
      await untilSomeoneWaitsOnALock(t.database.db);
      release.open();
      await removal;
      const res = await move;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ field: 'upload_id' });
      expect(await cardOf(card.id)).toMatchObject({ cardStatus: 'editing', doneVideoLink: null });
      expect(await videosOf(card.id)).toEqual([]);
    },
  );
});

describe('with FILES_ORIGIN', () => {
  let f: TestApp;
  let s: Awaited<ReturnType<typeof seedWithSessions>>;
  beforeAll(async () => {
    f = await createTestApp({
      FILES_ORIGIN: 'http://files.cutroom.test',
      FILES_SIGNING_KEY: 'files-signing-key-for-tests-0123456789',
    });
    s = await seedWithSessions(f.database.db);
  });
  afterAll(() => f.close());

  it("redirects the card's viewer to a signed link there, which plays the delivered upload inline", async () => {
    const { started, res } = await uploadClient(f, s.admin.token).upload(
      s.customer.id,
      'cut.mp4',
      '',
      MP4.length,
      () => MP4,
    );
    expect(res.statusCode, res.body).toBe(200);
    const card = await insertCard(f.database.db, {
      clientId: s.customer.id,
      assignedTo: s.editor.id,
      cardStatus: 'editing',
    });
    const move = await f.app.inject({
      method: 'POST',
      url: `/api/card/${card.id}/moveToQa`,
      headers: bearer(s.editor.token),
      payload: { card_status: 'editing', upload_id: started.upload_id },
    });
    expect(move.statusCode, move.body).toBe(200);
    const redirect = await f.app.inject({
      method: 'GET',
      url: `/files/${started.key}`,
      headers: bearer(s.customer.token),
    });
    expect(redirect.statusCode).toBe(302);
    expect(
      (await f.app.inject({ method: 'GET', url: `/files/${started.key}`, headers: bearer(s.customer2.token) }))
        .statusCode,
    ).toBe(404);
    const signed = new URL(redirect.headers.location as string);
    const served = await f.app.inject({
      method: 'GET',
      url: signed.pathname + signed.search,
      headers: { host: 'files.cutroom.test' },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({ 'content-type': 'video/mp4', 'content-disposition': 'inline' });
    expect(served.rawPayload.equals(MP4)).toBe(true);
  });
});
