import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { APPROVAL_TEXT, GUEST_COOKIE, fill } from '@cutroom/domain';
import type { ApprovalView, CardDetailReply, GuestReviewReply } from '@cutroom/domain/schemas';
import { cardVideos, cards, mediaAssets, webhookDeliveries, webhooks } from '../../db/schema.js';
import { injectAs, insertCard, seedWithSessions, type Cookies } from '../../test/helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Approval rounds (issue 52): a decision from every reviewer of the latest version, and the rule `all`.
let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
}, 60_000);
afterAll(() => t?.close());

const inject = (...args: Parameters<ReturnType<typeof injectAs>>) => injectAs(t.app)(...args);

/** A card of the customer in Review with `versions` delivered (0 … versions − 1). */
async function cardInReview(versions = 1) {
  const card = await insertCard(t.database.db, {
    clientId: a.customer.id,
    assignedQaId: a.qa.id,
    assignedTo: a.editor.id,
    cardStatus: 'done',
  });
  for (let v = 0; v < versions; v++)
    await t.database.db
      .insert(cardVideos)
      .values({ cardId: card.id, kind: 'done', version: v, videoUrl: `https://www.dropbox.com/s/cut-v${v}.mp4` });
  return card.id;
}

/** The customer makes an approver link for `label`, and the guest opens it under `name`: their cookies. */
async function approverGuest(cardId: number, label: string, name: string, approver = true): Promise<Cookies> {
  const link = await inject('POST', `/api/card/${cardId}/guestLinks`, a.customer.token, { label, approver });
  expect(link.statusCode, link.body).toBe(201);
  expect(link.json<{ link: { approver: boolean } }>().link.approver).toBe(approver);
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/guest/open',
    payload: { token: link.json<{ token: string }>().token, name },
  });
  return { [GUEST_COOKIE]: opened.cookies.find((c) => c.name === GUEST_COOKIE)!.value };
}

const approval = async (cardId: number, token = a.admin.token) => {
  const reply = await inject('GET', `/api/card/${cardId}`, token);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<CardDetailReply>().approval!;
};
const markDone = (cardId: number, token: string) =>
  inject('POST', `/api/card/${cardId}/markComplete`, token, { card_id: cardId, cardSection: 'done' });
const decideAs = (cardId: number, who: string | Cookies, decision: string, video_version = 0, note?: string) =>
  typeof who === 'string'
    ? inject('POST', `/api/card/${cardId}/decision`, who, { video_version, decision, note })
    : inject('POST', '/api/guest/decision', who, { video_version, decision, note });

describe('an approval round under the rule all', () => {
  let cardId: number;
  let maria: Cookies;
  let leo: Cookies;
  beforeAll(async () => {
    cardId = await cardInReview();
    maria = await approverGuest(cardId, 'Marketing', 'Maria Lopez');
    leo = await approverGuest(cardId, 'Legal', 'Leo Park');
    const rule = await inject('PUT', `/api/card/${cardId}/approval`, a.customer.token, { rule: 'all' });
    expect(rule.statusCode, rule.body).toBe(200);
  });

  it('starts with every approver pending: the customer, then the guests by their links', async () => {
    expect(await approval(cardId)).toEqual<ApprovalView>({
      video_version: 0,
      rule: 'all',
      approved: false,
      pending: ['Cleo Creator', 'Marketing', 'Legal'],
      decisions: [],
    });
  });

  it('completes only once all three approved, naming who is pending in the 409', async () => {
    const tile = async () => (await inject('GET', `/api/card/${cardId}`, a.qa.token)).json<CardDetailReply>().approvals;
    expect(await tile()).toEqual({ approved: 0, of: 3 });
    const mine = await decideAs(cardId, a.customer.token, 'approved', 0, 'Lovely');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(await tile()).toEqual({ approved: 1, of: 3 });
    expect(mine.json<{ message: string }>().message).toBe('Approved');
    expect((await decideAs(cardId, maria, 'changes_requested', 0, 'Logo too small')).statusCode).toBe(200);

    const refused = await markDone(cardId, a.customer.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_message).toBe(fill(APPROVAL_TEXT.pending, { names: 'Maria Lopez, Legal' }));
    expect((await markDone(cardId, a.admin.token)).statusCode).toBe(409);

    // Maria changes her mind; Leo approves: the round is complete.
    expect((await decideAs(cardId, maria, 'approved')).statusCode).toBe(200);
    const last = await decideAs(cardId, leo, 'approved');
    const round = last.json<{ approval: ApprovalView }>().approval!;
    expect(round).toMatchObject({ approved: true, pending: [] });
    expect(round.decisions.map((d) => [d.name, d.side, d.decision, d.note])).toEqual([
      ['Cleo Creator', 'customer', 'approved', 'Lovely'],
      ['Maria Lopez', 'guest', 'approved', null],
      ['Leo Park', 'guest', 'approved', null],
    ]);
    // The guest reads the same round.
    const guest = (await inject('GET', '/api/guest/review', leo)).json<GuestReviewReply>();
    expect(guest.approver).toBe(true);
    expect(guest.approval).toEqual(round);

    expect(await tile()).toEqual({ approved: 3, of: 3 });
    expect((await markDone(cardId, a.customer.token)).statusCode).toBe(200);
    // Off Review the tile no longer counts.
    expect(await tile()).toBeNull();
    // Complete: decisions no longer change.
    const closed = await decideAs(cardId, maria, 'changes_requested');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error_message).toBe(APPROVAL_TEXT.complete);
  });
});

describe('a decision', () => {
  it('is on the latest version: a new version starts a new round', async () => {
    const cardId = await cardInReview(2);
    const old = await decideAs(cardId, a.customer.token, 'approved', 0);
    expect(old.statusCode).toBe(400);
    expect(old.json().error_message).toBe(fill(APPROVAL_TEXT.notLatest, { version: '1' }));
    expect((await decideAs(cardId, a.customer.token, 'approved', 1)).statusCode).toBe(200);
    expect(await approval(cardId)).toMatchObject({ video_version: 1, rule: 'any', approved: true, pending: [] });
    await t.database.db
      .insert(cardVideos)
      .values({ cardId, kind: 'done', version: 2, videoUrl: 'https://www.dropbox.com/s/cut-v2.mp4' });
    expect(await approval(cardId)).toEqual({
      video_version: 2,
      rule: 'any',
      approved: false,
      pending: ['Cleo Creator'],
      decisions: [],
    });
  });

  it('is refused to staff, another customer, a guest whose link does not approve, and off Review', async () => {
    const cardId = await cardInReview();
    for (const token of [a.admin.token, a.qa.token, a.editor.token])
      expect((await decideAs(cardId, token, 'approved')).statusCode).toBe(403);
    expect((await decideAs(cardId, a.customer2.token, 'approved')).statusCode).toBe(404);
    const viewer = await approverGuest(cardId, 'Just looking', 'Sam', false);
    const guest = await decideAs(cardId, viewer, 'approved');
    expect(guest.statusCode).toBe(403);
    expect(guest.json().error_message).toBe(APPROVAL_TEXT.notApprover);
    expect((await decideAs(cardId, a.customer.token, 'maybe')).statusCode).toBe(400);
    expect((await decideAs(cardId, {}, 'approved')).statusCode).toBe(401);
    await t.database.db.update(cards).set({ cardStatus: 'qa' }).where(eq(cards.id, cardId));
    const inQa = await decideAs(cardId, a.customer.token, 'approved');
    expect(inQa.statusCode).toBe(400);
    expect(inQa.json().error_message).toBe(APPROVAL_TEXT.notInReview);
  });

  it('reaches the activity, the bell of everyone else on the card and the card.decision webhook', async () => {
    const [hook] = await t.database.db
      .insert(webhooks)
      .values({ url: 'https://hooks.example.com/cutroom', events: ['card.decision'], secret: 'x'.repeat(32) })
      .returning();
    try {
      const cardId = await cardInReview();
      const maria = await approverGuest(cardId, 'Marketing', 'Maria Lopez');
      expect((await decideAs(cardId, a.customer.token, 'changes_requested', 0, 'Too long')).statusCode).toBe(200);
      expect((await decideAs(cardId, maria, 'approved')).statusCode).toBe(200);
      expect((await decideAs(cardId, a.customer.token, 'approved')).statusCode).toBe(200);

      const activity = (await inject('GET', `/api/card-activity/${cardId}`, a.admin.token)).json<{
        activity: { user_id: number; card_activity_status: string; actor_name?: string | null }[];
      }>().activity;
      expect(activity.slice(0, 3).map((e) => [e.user_id, e.card_activity_status, e.actor_name])).toEqual([
        [a.customer.id, 'decision:approved', 'Cleo Creator'],
        [0, 'decision:approved', 'Maria Lopez'],
        [a.customer.id, 'decision:changes_requested', 'Cleo Creator'],
      ]);

      const bell = async (token: string) =>
        (await inject('GET', '/api/notifications', token))
          .json<{ notifications: { data: string }[] }>()
          .notifications.map((n) => n.data);
      const title = (await inject('GET', `/api/card/${cardId}`, a.admin.token)).json<CardDetailReply>().card_title;
      expect(await bell(a.admin.token)).toContain(`Maria Lopez approved version 1 of "${title}"`);
      expect(await bell(a.qa.token)).toContain(`Cleo Creator asked for changes to version 1 of "${title}"`);
      // The customer hears of their guest's decision, not of their own.
      const customers = await bell(a.customer.token);
      expect(customers).toContain(`Maria Lopez approved version 1 of "${title}"`);
      expect(customers).not.toContain(`Cleo Creator approved version 1 of "${title}"`);

      await vi.waitFor(async () => {
        const sent = await t.database.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.webhookId, hook!.id))
          .orderBy(asc(webhookDeliveries.id));
        expect(sent.map((d) => JSON.parse(d.payload).data)).toEqual([
          {
            card_id: cardId,
            video_version: 0,
            decision: 'changes_requested',
            name: 'Cleo Creator',
            side: 'customer',
            note: 'Too long',
          },
          { card_id: cardId, video_version: 0, decision: 'approved', name: 'Maria Lopez', side: 'guest', note: null },
          {
            card_id: cardId,
            video_version: 0,
            decision: 'approved',
            name: 'Cleo Creator',
            side: 'customer',
            note: null,
          },
        ]);
      });
    } finally {
      await t.database.db.delete(webhooks).where(eq(webhooks.id, hook!.id));
    }
  });

  it("under the rule any, Mark As Done works as before; a revoked approver's link is not waited for", async () => {
    const cardId = await cardInReview();
    await approverGuest(cardId, 'Finance', 'Fay');
    expect((await approval(cardId)).pending).toEqual(['Cleo Creator', 'Finance']);
    const links = (await inject('GET', `/api/card/${cardId}/guestLinks`, a.customer.token)).json<{
      links: { link_id: number }[];
    }>().links;
    await inject('POST', `/api/card/${cardId}/guestLinks/${links[0]!.link_id}/revoke`, a.customer.token, {});
    expect((await approval(cardId)).pending).toEqual(['Cleo Creator']);
    expect((await markDone(cardId, a.customer.token)).statusCode).toBe(200);
  });
});

describe('the rule', () => {
  it("is the customer's default, set by staff on the profile, and changed per card by staff or the customer", async () => {
    const before = (await inject('GET', `/api/user/${a.customer.id}`, a.admin.token)).json<{
      request_limit: number | null;
    }>().request_limit;
    // Room for one more request this period, whatever the other tests made.
    const profile = await inject('PUT', `/api/user/${a.customer.id}`, a.admin.token, {
      approval_rule: 'all',
      request_limit: 1000,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    try {
      const created = await inject('POST', '/api/card', a.customer.token, {
        card_title: `Rule default ${Date.now()}`,
        dropbox_link: 'https://www.dropbox.com/sh/raw?dl=0',
        youtube_aspect_ratio: '16:9',
        video_purpose: 'podcast',
      });
      expect(created.statusCode, created.body).toBe(201);
      const [made] = await t.database.db
        .select({ rule: cards.approvalRule })
        .from(cards)
        .where(eq(cards.id, created.json<{ card_id: number }>().card_id));
      expect(made!.rule).toBe('all');
      expect((await inject('GET', `/api/user/${a.customer.id}`, a.customer.token)).json()).not.toHaveProperty(
        'approval_rule',
      );
    } finally {
      await inject('PUT', `/api/user/${a.customer.id}`, a.admin.token, { approval_rule: 'any', request_limit: before });
    }
    const cardId = await cardInReview();
    expect((await inject('PUT', `/api/card/${cardId}/approval`, a.qa.token, { rule: 'all' })).statusCode).toBe(200);
    expect((await inject('PUT', `/api/card/${cardId}/approval`, a.customer2.token, { rule: 'any' })).statusCode).toBe(
      404,
    );
    const bad = await inject('PUT', `/api/card/${cardId}/approval`, a.customer.token, { rule: 'most' });
    expect(bad.statusCode).toBe(400);
    expect((await approval(cardId)).rule).toBe('all');
  });
});

describe.runIf(process.env.TEST_DB === 'pg')('two reports of what was played at once', () => {
  it('both count', async () => {
    const cardId = await cardInReview();
    const ranges = Array.from({ length: 8 }, (_, i) => [i * 10, i * 10 + 5]);
    await Promise.all(
      ranges.map((range) =>
        inject('POST', `/api/card/${cardId}/watched`, a.customer.token, { video_version: 0, ranges: [range] }),
      ),
    );
    const all = await inject('POST', `/api/card/${cardId}/watched`, a.customer.token, {
      video_version: 0,
      ranges: [[0, 1]],
    });
    expect(all.json<{ ranges: number[][] }>().ranges).toEqual(ranges);
  });
});

describe.runIf(process.env.TEST_DB === 'pg')('decisions and Mark As Done at once', () => {
  it('end consistent: the card completes only with every approval in, and no decision changes after', async () => {
    for (let round = 0; round < 5; round++) {
      const cardId = await cardInReview();
      const guest = await approverGuest(cardId, 'Board', 'Bo');
      await inject('PUT', `/api/card/${cardId}/approval`, a.admin.token, { rule: 'all' });
      expect((await decideAs(cardId, a.customer.token, 'approved')).statusCode).toBe(200);
      const [decision, done] = await Promise.all([
        decideAs(cardId, guest, 'approved'),
        markDone(cardId, a.customer.token),
      ]);
      expect(decision.statusCode, decision.body).toBe(200);
      const [card] = await t.database.db.select().from(cards).where(eq(cards.id, cardId));
      // Either the mark came first and was refused (Bo pending), or after Bo's approval and completed.
      if (done.statusCode === 200) expect(card!.isComplete).toBe(true);
      else {
        expect(done.statusCode).toBe(409);
        expect(card!.isComplete).toBe(false);
        expect((await markDone(cardId, a.customer.token)).statusCode).toBe(200);
      }
      expect(await approval(cardId)).toMatchObject({ approved: true, pending: [] });
    }
  });
});

describe('what each reviewer watched', () => {
  /** A card in Review whose version 0 is a stored 100 s video the pipeline probed. */
  async function cardWithStoredVideo() {
    const cardId = await cardInReview(0);
    const [asset] = await t.database.db
      .insert(mediaAssets)
      .values({
        sourceKey: `media/${a.customer.id}/watched-${cardId}.mp4`,
        status: 'ready',
        progress: 100,
        probe: {
          fpsNum: 25,
          fpsDen: 1,
          frameCount: 2_500,
          duration: 100,
          width: 640,
          height: 360,
          rotation: 0,
          videoCodec: 'h264',
          audioCodec: null,
          audioChannels: 0,
          interlaced: false,
        },
      })
      .returning();
    await t.database.db.insert(cardVideos).values({
      cardId,
      kind: 'done',
      version: 0,
      videoUrl: `http://localhost:3000/files/media/${a.customer.id}/watched-${cardId}.mp4`,
      assetId: asset!.id,
    });
    return cardId;
  }
  const report = (cardId: number, who: string | Cookies, ranges: number[][], video_version = 0) =>
    typeof who === 'string'
      ? inject('POST', `/api/card/${cardId}/watched`, who, { video_version, ranges })
      : inject('POST', '/api/guest/watched', who, { video_version, ranges });

  it('merges the ranges each one played, counts what overlaps once, and goes with the decision', async () => {
    const cardId = await cardWithStoredVideo();
    const guest = await approverGuest(cardId, 'Board', 'Bo');
    const first = await report(cardId, a.customer.token, [
      [0, 30],
      [20, 50],
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ranges: [[0, 50]], watched: 0.5, duration: 100 });
    expect(
      (
        await report(cardId, a.customer.token, [
          [90, 130],
          [45, 60],
        ])
      ).json(),
    ).toEqual({
      ranges: [
        [0, 60],
        [90, 130],
      ],
      watched: 0.7,
      duration: 100,
    });
    // Staff's playing is their own, and a guest's is theirs.
    expect((await report(cardId, a.qa.token, [[0, 100]])).json()).toMatchObject({ watched: 1 });
    expect((await report(cardId, guest, [[10, 20]])).json()).toEqual({
      ranges: [[10, 20]],
      watched: 0.1,
      duration: 100,
    });
    // Each asks what they played so far (the player does before approving).
    const mine = await inject('GET', `/api/card/${cardId}/watched?video_version=0`, a.customer.token);
    expect(mine.json()).toMatchObject({ watched: 0.7, duration: 100 });
    const guests = await inject('GET', '/api/guest/watched?video_version=0', guest);
    expect(guests.json()).toEqual({ ranges: [[10, 20]], watched: 0.1, duration: 100 });
    const nothing = await inject('GET', `/api/card/${cardId}/watched?video_version=0`, a.lead.token);
    expect(nothing.json()).toEqual({ ranges: [], watched: 0, duration: 100 });

    await decideAs(cardId, a.customer.token, 'approved');
    await decideAs(cardId, guest, 'changes_requested');
    expect((await approval(cardId)).decisions.map((d) => [d.name, d.watched])).toEqual([
      ['Cleo Creator', 0.7],
      ['Bo', 0.1],
    ]);

    // Staff see each reviewer's ranges over the timeline; staff's own playing is not a reviewer's.
    const strips = await inject('GET', `/api/card/${cardId}/coverage?video_version=0`, a.qa.token);
    expect(strips.statusCode, strips.body).toBe(200);
    expect(strips.json()).toEqual({
      video_version: 0,
      duration: 100,
      reviewers: [
        {
          name: 'Cleo Creator',
          side: 'customer',
          ranges: [
            [0, 60],
            [90, 130],
          ],
          watched: 0.7,
        },
        { name: 'Bo', side: 'guest', ranges: [[10, 20]], watched: 0.1 },
      ],
    });
    expect((await inject('GET', `/api/card/${cardId}/coverage?video_version=0`, a.customer.token)).statusCode).toBe(
      403,
    );
    expect((await inject('GET', `/api/card/${cardId}/coverage?video_version=0`, a.helper.token)).statusCode).toBe(404);
  });

  it('is unknown for a link elsewhere, and refused for a version the card lacks, a reversed range or a stranger', async () => {
    const cardId = await cardInReview();
    expect((await report(cardId, a.customer.token, [[0, 10]])).json()).toEqual({
      ranges: [[0, 10]],
      watched: null,
      duration: null,
    });
    const missing = await report(cardId, a.customer.token, [[0, 10]], 3);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_message).toBe(fill(APPROVAL_TEXT.noSuchVersion, { version: '3' }));
    expect((await report(cardId, a.customer.token, [[10, 5]])).statusCode).toBe(400);
    expect((await report(cardId, a.customer.token, [])).statusCode).toBe(400);
    expect((await report(cardId, a.customer2.token, [[0, 10]])).statusCode).toBe(404);
    expect((await report(cardId, a.helper.token, [[0, 10]])).statusCode).toBe(404);
    expect((await report(cardId, {}, [[0, 10]])).statusCode).toBe(401);
  });
});
