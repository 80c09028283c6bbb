import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import { QC_STRETCH_KINDS, type QcFinding, type QcStretchKind } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { cardNotes, cardVideos, cards, mediaAssets } from '../../db/schema.js';
import type { EventBus } from '../../platform/events.js';
import { audienceOf } from '../../kernel/card-access.js';

type Card = typeof cards.$inferSelect;
type Stretch = QcFinding & { kind: QcStretchKind; time_in: number; time_out: number };
const isStretch = (f: QcFinding): f is Stretch =>
  (QC_STRETCH_KINDS as readonly string[]).includes(f.kind) && f.time_in !== null && f.time_out !== null;

/** The cards whose team chat got delivery QC's notes, and the notes, for the caller to announce once committed. */
export type QcNoted = { card: Card; noteIds: number[] }[];

/**
 * Delivery QC's stretches become notes in the team chat (issue 51), once per delivered video, written by
 * whichever comes second of the two they wait for: the pipeline's measures, or the card's delivery of the
 * video. Call it in the transaction that makes either true. Reading the assets FOR SHARE makes a delivery
 * wait for a job marking its asset ready (and the other way), so the second always sees the first.
 * Only the newest version of its kind gets notes; they replace the open ones of that video's earlier versions.
 */
export async function noteDeliveryQc(tx: Db, which: { assetId: number } | { videoIds: number[] }): Promise<QcNoted> {
  if ('videoIds' in which && which.videoIds.length === 0) return [];
  const rows = await tx
    .select({ video: cardVideos, qc: mediaAssets.qc, card: cards })
    .from(cardVideos)
    .innerJoin(mediaAssets, eq(mediaAssets.id, cardVideos.assetId))
    .innerJoin(cards, eq(cards.id, cardVideos.cardId))
    .where(
      and(
        'assetId' in which ? eq(cardVideos.assetId, which.assetId) : inArray(cardVideos.id, which.videoIds),
        isNull(cardVideos.qcNotedAt),
      ),
    )
    .for('share', { of: mediaAssets });
  const noted: QcNoted = [];
  for (const { video, qc, card } of rows) {
    if (!qc) continue;
    // Claimed once: of two writers reaching the same video, the second updates nothing.
    const [claimed] = await tx
      .update(cardVideos)
      .set({ qcNotedAt: new Date() })
      .where(and(eq(cardVideos.id, video.id), isNull(cardVideos.qcNotedAt)))
      .returning({ id: cardVideos.id });
    if (!claimed) continue;
    const same = and(eq(cardVideos.cardId, video.cardId), eq(cardVideos.kind, video.kind));
    const [newer] = await tx
      .select({ id: cardVideos.id })
      .from(cardVideos)
      .where(and(same, gt(cardVideos.version, video.version)))
      .limit(1);
    if (newer) continue;
    const earlier = tx
      .select({ id: cardVideos.id })
      .from(cardVideos)
      .where(and(same, eq(cardVideos.position, video.position), lt(cardVideos.version, video.version)));
    await tx
      .update(cardNotes)
      .set({ isDeleted: true, updatedAt: new Date() })
      .where(
        and(
          inArray(cardNotes.qcVideoId, earlier),
          eq(cardNotes.isComplete, false),
          isNull(cardNotes.wontFixReason),
          eq(cardNotes.isDeleted, false),
        ),
      );
    const stretches = qc.stretches.filter(isStretch);
    if (stretches.length === 0) continue;
    const notes = await tx
      .insert(cardNotes)
      .values(
        stretches.map((s) => ({
          cardId: video.cardId,
          chat: 'team' as const,
          note: s.text,
          authorId: null,
          videoNumber: video.position + 1,
          videoTime: Math.floor(s.time_in),
          timeIn: s.time_in,
          timeOut: s.time_out,
          // An item of the round the video was delivered in, worked as the customer's are.
          fixRound: card.revisionNr,
          qcKind: s.kind,
          qcVideoId: video.id,
        })),
      )
      .returning({ id: cardNotes.id });
    noted.push({ card, noteIds: notes.map((n) => n.id) });
  }
  return noted;
}

/** Tells the staff following the cards' team chats, once the notes are committed. */
export async function announceQcNotes(events: EventBus, noted: QcNoted) {
  for (const { card, noteIds } of noted)
    for (const noteId of noteIds)
      await events.publish({
        type: 'note.created',
        cardId: card.id,
        audience: { ...audienceOf(card), staffOnly: true },
        data: { note_id: noteId, chat: 'team' },
      });
}
