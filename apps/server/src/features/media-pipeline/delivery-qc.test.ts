import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { LOUDNESS_TARGETS, QC_AUTHOR, QC_TEXT } from '@cutroom/domain';
import type { CardDetailReply, ChecklistReply, GuestReviewReply, NoteView } from '@cutroom/domain/schemas';
import { cardNotes, cardVideos, cards, mediaAssets } from '../../db/schema.js';
import { noteDeliveryQc } from '../delivery-qc/public.js';
import { bearer, insertCard } from '../../test/helpers.js';
import { readPdf } from '../../test/pdf.js';
import { cleanCut, faultyCut, pipelineFixture, type PipelineFixture } from './test-kit.js';

// Delivery QC on the card (issue 51): `media.qc` for staff, with the findings at their times; none for the
// customer or a guest.
let f: PipelineFixture;
beforeAll(async () => {
  f = await pipelineFixture();
}, 60_000);
afterAll(() => f?.t.close());

const card = async (cardId: number, token: string) =>
  (await f.t.app.inject({ method: 'GET', url: `/api/card/${cardId}`, headers: bearer(token) })).json<CardDetailReply>();

describe('delivery QC on a card', () => {
  let faulty: number;
  beforeAll(async () => {
    ({ cardId: faulty } = await f.deliver('faulty.mkv', await faultyCut(16)));
    // A vertical request, delivered wide.
    await f.t.database.db.update(cards).set({ youtubeAspectRatio: '9:16' }).where(eq(cards.id, faulty));
    await f.drain();
  }, 120_000);

  it('gives staff the black, frozen and silent stretches at their times, the loudness and the wrong shape', async () => {
    for (const token of [f.a.qa.token, f.a.editor.token, f.a.admin.token]) {
      const qc = (await card(faulty, token)).video_versions['version-0']![0]!.media!.qc!;
      expect(qc).toMatchObject({ status: 'done', target: 'youtube', has_audio: true });
      expect(qc.integrated_lufs!).toBeGreaterThan(-7);
      expect(qc.integrated_lufs!).toBeLessThan(-5);
      expect(qc.findings.map((x) => x.kind)).toEqual(['black', 'freeze', 'silence', 'loudness', 'aspect']);
      const expected = [
        [2, 3],
        [5, 6.5],
        [7, 8.5],
      ];
      qc.findings.slice(0, 3).forEach((finding, i) => {
        expect(Math.abs(finding.time_in! - expected[i]![0]!), finding.kind).toBeLessThanOrEqual(0.1);
        expect(Math.abs(finding.time_out! - expected[i]![1]!), finding.kind).toBeLessThanOrEqual(0.1);
      });
      expect(qc.findings[0]!.text).toBe(QC_TEXT.black(qc.findings[0]!.time_in!, qc.findings[0]!.time_out!));
      expect(qc.findings.slice(3).map((x) => [x.time_in, x.time_out])).toEqual([
        [null, null],
        [null, null],
      ]);
      expect(qc.findings[4]!.text).toBe('The picture is 640×360 (16:9); the request asked for 9:16');
    }
  });

  it("is not in the customer's reply nor in a guest's", async () => {
    const media = (await card(faulty, f.a.customer.token)).video_versions['version-0']![0]!.media!;
    expect(media.status).toBe('ready');
    expect('qc' in media).toBe(false);

    const cookies = await f.guestVisit(faulty);
    const review = await f.t.app.inject({ method: 'GET', url: '/api/guest/review', cookies });
    const guest = review.json<GuestReviewReply>().versions[0]!.videos[0]!.media!;
    expect(guest.status).toBe('ready');
    expect('qc' in guest).toBe(false);
  });

  it('finds nothing in a clean cut at −14 LUFS, and says pending until the pipeline has run', async () => {
    const { cardId } = await f.deliver('clean.mkv', await cleanCut());
    // A format of its own: "other" names no ratio to hold the 640×360 test picture to.
    await f.t.database.db.update(cards).set({ youtubeAspectRatio: 'other' }).where(eq(cards.id, cardId));
    expect((await card(cardId, f.a.qa.token)).video_versions['version-0']![0]!.media!.qc).toMatchObject({
      status: 'pending',
      findings: [],
    });
    await f.drain();
    const qc = (await card(cardId, f.a.qa.token)).video_versions['version-0']![0]!.media!.qc!;
    expect(qc).toMatchObject({ status: 'done', has_audio: true, findings: [] });
    expect(Math.abs(qc.integrated_lufs! + 14)).toBeLessThan(1);
  }, 120_000);
});

describe("the customer's loudness target", () => {
  const setTarget = (token: string, id: number, loudness_target: unknown) =>
    f.t.app.inject({ method: 'PUT', url: `/api/user/${id}`, headers: bearer(token), payload: { loudness_target } });

  it('is chosen by staff on the profile, hidden from the customer, and what the loudness is held to', async () => {
    const { cardId } = await f.deliver('loud.mkv', await faultyCut(16));
    await f.drain();
    expect((await setTarget(f.a.admin.token, f.a.customer.id, 'ebu_r128')).statusCode).toBe(200);
    try {
      const qc = (await card(cardId, f.a.qa.token)).video_versions['version-0']![0]!.media!.qc!;
      expect(qc.target).toBe('ebu_r128');
      expect(qc.findings.find((x) => x.kind === 'loudness')!.text).toBe(
        QC_TEXT.loudness(qc.integrated_lufs!, LOUDNESS_TARGETS.ebu_r128),
      );
      const seen = (token: string) =>
        f.t.app.inject({ method: 'GET', url: `/api/user/${f.a.customer.id}`, headers: bearer(token) });
      expect((await seen(f.a.admin.token)).json<{ loudness_target?: string }>().loudness_target).toBe('ebu_r128');
      expect('loudness_target' in (await seen(f.a.customer.token)).json<object>()).toBe(false);
      expect((await setTarget(f.a.customer.token, f.a.customer.id, 'youtube')).statusCode).toBe(403);
      const bad = await setTarget(f.a.admin.token, f.a.customer.id, 'loud');
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Loudness target must be one of youtube, ebu_r128');
    } finally {
      await setTarget(f.a.admin.token, f.a.customer.id, 'youtube');
    }
  }, 120_000);
});

describe("delivery QC's findings as the team chat's notes", () => {
  type Notes = { comments: { comments: NoteView[] } };
  const teamNotes = async (cardId: number) =>
    (
      await f.t.app.inject({
        method: 'GET',
        url: `/api/card/${cardId}/team/commentsV2?order=asc`,
        headers: bearer(f.a.qa.token),
      })
    )
      .json<Notes>()
      .comments.comments.filter((n) => !n.is_deleted);
  const checklist = (cardId: number, token: string, chat?: 'team') =>
    f.t.app.inject({
      method: 'GET',
      url: `/api/card/${cardId}/checklist${chat ? `?chat=${chat}` : ''}`,
      headers: bearer(token),
    });
  const post = (cardId: number, path: string, token: string, payload: object) =>
    f.t.app.inject({ method: 'POST', url: `/api/card/${cardId}/${path}`, headers: bearer(token), payload });

  let cardId: number;
  beforeAll(async () => {
    // Measured before this card delivers it (a first card did): the notes come with the move.
    const { link } = await f.upload('faulty-early.mkv', await faultyCut(16));
    await f.moveToQa({ done_video_link: link });
    await f.drain();
    cardId = await f.moveToQa({ done_video_link: link });
  }, 120_000);

  it('posts each stretch at its range, signed "Automatic QC", as an item to fix of the round', async () => {
    const notes = await teamNotes(cardId);
    expect(notes.map((n) => n.qc_kind)).toEqual(['black', 'freeze', 'silence']);
    const expected = [
      [2, 3],
      [5, 6.5],
      [7, 8.5],
    ];
    notes.forEach((n, i) => {
      expect(n).toMatchObject({
        firstname: QC_AUTHOR.name,
        lastname: '',
        client_type: 'qa',
        note_by_id: 0,
        chat: 'team',
        fix_round: 0,
        note_for_video_number: 1,
        is_note_complete: false,
        wont_fix_reason: null,
      });
      expect(Math.abs(n.time_in! - expected[i]![0]!)).toBeLessThanOrEqual(0.1);
      expect(Math.abs(n.time_out! - expected[i]![1]!)).toBeLessThanOrEqual(0.1);
    });
    expect(notes[0]!.note).toBe(QC_TEXT.black(notes[0]!.time_in!, notes[0]!.time_out!));
  });

  it("go into the team chat's marker export and PDF report under QC's name", async () => {
    const read = (url: string) => f.t.app.inject({ method: 'GET', url, headers: bearer(f.a.qa.token) });
    const csv = await read(`/api/card/${cardId}/markers?format=csv&chat=team`);
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body.split('\n').filter((line) => line.includes(QC_AUTHOR.name));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('Black from 0:02');
    const pdf = await read(`/api/card/${cardId}/report.pdf?chat=team`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = (await readPdf(pdf.rawPayload)).pages.map((page) => page.text).join(' ');
    expect(text).toContain(QC_AUTHOR.name);
    expect(text).toContain('Frozen picture from 0:05');
  });

  it("are the team checklist's items, worked as the customer's are; the customer sees none of them", async () => {
    const [black, freeze, silence] = await teamNotes(cardId);
    expect(
      (await post(cardId, 'markCommentComplete', f.a.qa.token, { note_id: black!.note_id, status: 1 })).statusCode,
    ).toBe(200);
    const wontFix = await post(cardId, 'wontFix', f.a.editor.token, {
      note_id: freeze!.note_id,
      wont_fix: true,
      reason: 'A held frame on purpose',
    });
    expect(wontFix.statusCode).toBe(200);
    const team = (await checklist(cardId, f.a.qa.token, 'team')).json<ChecklistReply>();
    expect(team.open).toBe(1);
    expect(team.items.map((i) => [i.note_id, i.state, i.author])).toEqual([
      [black!.note_id, 'fixed', QC_AUTHOR.name],
      [freeze!.note_id, 'wont_fix', QC_AUTHOR.name],
      [silence!.note_id, 'open', QC_AUTHOR.name],
    ]);

    // The customer: no team checklist, no QC items in theirs, no count on the tile, no way to reach a QC note.
    expect((await checklist(cardId, f.a.customer.token, 'team')).statusCode).toBe(404);
    expect((await checklist(cardId, f.a.customer.token)).json<ChecklistReply>().items).toEqual([]);
    expect((await card(cardId, f.a.customer.token)).open_fix_items).toBe(0);
    const customerWontFix = await post(cardId, 'wontFix', f.a.customer.token, {
      note_id: silence!.note_id,
      wont_fix: true,
      reason: 'no',
    });
    expect(customerWontFix.statusCode).toBe(404);
    // Nobody edits what QC wrote; an admin may delete it.
    const edit = await f.t.app.inject({
      method: 'PUT',
      url: `/api/card/${cardId}/comment/${silence!.note_id}`,
      headers: bearer(f.a.qa.token),
      payload: { note: 'mine now' },
    });
    expect(edit.statusCode).toBe(403);
  });

  it("a new version's QC replaces the open notes of the one before; what was worked stays", async () => {
    const before = await teamNotes(cardId);
    await f.t.database.db.update(cards).set({ cardStatus: 'editing', revisionNr: 1 }).where(eq(cards.id, cardId));
    const { link } = await f.upload('faulty-v2.mkv', await faultyCut(16));
    const moved = await post(cardId, 'moveToQa', f.a.editor.token, { card_status: 'editing', done_video_link: link });
    expect(moved.statusCode).toBe(200);
    // Not yet measured: the old notes stay until the new version's QC is in.
    expect((await teamNotes(cardId)).map((n) => n.note_id)).toEqual(before.map((n) => n.note_id));
    await f.drain();
    const after = await teamNotes(cardId);
    expect(after.map((n) => [n.qc_kind, n.fix_round])).toEqual([
      ['black', 0],
      ['freeze', 0],
      ['black', 1],
      ['freeze', 1],
      ['silence', 1],
    ]);
    expect(f.events.some((e) => e.type === 'note.created' && e.cardId === cardId && e.audience.staffOnly)).toBe(true);
  }, 120_000);
});

describe.runIf(process.env.TEST_DB === 'pg')('a delivery and the job finishing its video at the same time', () => {
  it('neither misses the other: the job waits for the delivery, then notes its video', async () => {
    const db = f.t.database.db;
    const { link, key } = await f.upload('raced.mkv', await faultyCut(16));
    const first = await f.moveToQa({ done_video_link: link });
    const [asset] = await db.select().from(mediaAssets).where(eq(mediaAssets.sourceKey, key));
    const second = await insertCard(db, { clientId: f.a.customer.id, cardStatus: 'qa' });
    // The job takes the video first (a claim skips an asset a delivery holds), and measures it meanwhile.
    const job = f.drain();
    await expect
      .poll(async () => (await db.select().from(mediaAssets).where(eq(mediaAssets.id, asset!.id)))[0]!.status, {
        timeout: 30_000,
        interval: 20,
      })
      .toBe('processing');
    await db.transaction(async (tx) => {
      // A delivery of the same video, not yet committed: the asset is still queued, so it writes no notes.
      const [video] = await tx
        .insert(cardVideos)
        .values({ cardId: second.id, kind: 'done', version: 0, videoUrl: link, assetId: asset!.id })
        .returning();
      expect(await noteDeliveryQc(tx, { videoIds: [video!.id] })).toEqual([]);
      // The job's "ready" waits for this transaction's share lock.
      await expect
        .poll(
          async () =>
            (
              await db
                .select({ n: sql<number>`count(*)::int` })
                .from(sql`pg_stat_activity`)
                .where(sql`datname = current_database() and wait_event_type = 'Lock'`)
            )[0]!.n,
          { timeout: 60_000, interval: 100 },
        )
        .toBe(1);
    });
    await job;
    for (const cardId of [first, second.id]) {
      const notes = await db
        .select({ kind: cardNotes.qcKind })
        .from(cardNotes)
        .where(and(eq(cardNotes.cardId, cardId), isNotNull(cardNotes.qcKind)));
      expect(notes.map((n) => n.kind).sort(), `card ${cardId}`).toEqual(['black', 'freeze', 'silence']);
    }
  }, 120_000);
});
