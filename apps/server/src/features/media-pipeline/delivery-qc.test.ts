import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { QC_TEXT } from '@cutroom/domain';
import type { CardDetailReply, GuestReviewReply } from '@cutroom/domain/schemas';
import { cards } from '../../db/schema.js';
import { bearer } from '../../test/helpers.js';
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
