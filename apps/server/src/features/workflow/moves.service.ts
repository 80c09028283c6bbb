import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  APPROVAL_TEXT,
  ARCHIVABLE_STATUSES,
  MSG,
  TIMELINE_HOURS_FIRST,
  TIMELINE_HOURS_WITH_REVISION,
  archiveVerdict,
  completionSection,
  completionVerdict,
  pauseVerdict,
  rateVerdict,
  reorderVerdict,
  splitContentIds,
  unarchiveVerdict,
  fill,
} from '@cutroom/domain';
import type {
  doneBody,
  markCompleteBody,
  moveBody,
  moveCardSubBody,
  moveToQaBody,
  rateBody,
  revisionBody,
  timelineBody,
  updateSortBody,
} from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { cardRatings, cardVideos, cards, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { audienceOf, loadVisibleCard } from '../../kernel/card-access.js';
import { enforce, policyActor, policyCard, policyCardColumns } from '../../kernel/card-policy-facts.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';
import { cardApproval } from '../../kernel/card-approval.js';
import { transition, type AfterCommit } from './transition.js';
import { announceQcNotes, noteDeliveryQc } from '../delivery-qc/public.js';
import { recordRevision } from '../revision-reasons/public.js';
import { trackVideo } from '../media-pipeline/public.js';
import { deliverableUpload } from '../uploads/public.js';

type In<T extends z.ZodType> = z.output<T>;
const HOUR = 3_600_000;
const asList = (links: string | string[] | undefined) =>
  links === undefined ? [] : Array.isArray(links) ? links : [links];

/** A delivered upload (issue 49), checked and locked in the move's transaction: the link the card stores and its asset. */
type Delivered = Awaited<ReturnType<typeof deliverableUpload>>;

/**
 * Stores delivered links as the next version of a kind; a link equal to the latest version's is not repeated.
 * A link's asset is the delivered upload's, else one this card already delivers under that link (an upload
 * delivered earlier, sent again as the done link), else the stored /api/media video it names, if any.
 */
async function addVersion(
  ctx: AppContext,
  tx: Tx,
  card: { id: number; clientId: number | null },
  kind: 'done' | 'repurpose',
  links: string[],
  delivered?: Delivered,
): Promise<AfterCommit | void> {
  const cardId = card.id;
  const all = await tx.select().from(cardVideos).where(eq(cardVideos.cardId, cardId));
  const existing = all.filter((v) => v.kind === kind);
  const latest = Math.max(-1, ...existing.map((v) => v.version));
  const latestUrls = existing.filter((v) => v.version === latest).map((v) => v.videoUrl);
  if (latest >= 0 && links.length === latestUrls.length && links.every((l, i) => l === latestUrls[i])) return;
  const known = new Map(all.flatMap((v) => (v.assetId === null ? [] : [[v.videoUrl, v.assetId] as const])));
  if (delivered) known.set(delivered.url, delivered.assetId);
  const rows = [];
  for (const [position, videoUrl] of links.entries())
    rows.push({
      cardId,
      kind,
      version: latest + 1,
      position,
      videoUrl,
      assetId: known.get(videoUrl) ?? (await trackVideo(tx, videoUrl, card.clientId)),
    });
  const added = await tx.insert(cardVideos).values(rows).returning({ id: cardVideos.id });
  // A video whose pipeline has finished brings its delivery QC's notes now (issue 51).
  const noted = await noteDeliveryQc(tx, { videoIds: added.map((v) => v.id) });
  return () => announceQcNotes(ctx.events, noted);
}

/** Plain moves: on hold, canceled, back to video requests; anything needing data is refused here. */
export const plainMove = (ctx: AppContext, viewer: SessionUser, cardId: number, body: In<typeof moveBody>) =>
  transition(ctx, viewer, cardId, { from: body.card_status, to: body.newStatus, call: 'move' });

/** Into editing with a timeline: 24 h once revisions exist, else 48 h; sets the due date. */
export const moveWithTimeline = (ctx: AppContext, viewer: SessionUser, cardId: number, body: In<typeof timelineBody>) =>
  transition(ctx, viewer, cardId, {
    from: body.card_status,
    to: 'editing',
    call: 'timeline',
    set: (card) => {
      const hours = card.revisionNr > 0 ? TIMELINE_HOURS_WITH_REVISION : TIMELINE_HOURS_FIRST;
      return {
        timeline: hours,
        dueDate: new Date(Date.now() + hours * HOUR),
        assignedAt: card.assignedAt ?? new Date(),
      };
    },
  });

/**
 * Into QA with the video: a link, or a finished upload of the card's customer (`upload_id`, issue 49). Also
 * the revision round's delivery: a card sent back for revision is in editing and comes to QA through here again.
 */
export const moveToQa = (ctx: AppContext, viewer: SessionUser, cardId: number, body: In<typeof moveToQaBody>) => {
  let delivered: Delivered | undefined;
  const link = () => delivered?.url ?? body.done_video_link!;
  return transition(ctx, viewer, cardId, {
    from: body.card_status,
    to: 'qa',
    call: 'moveToQa',
    prepare: async (tx, card) => {
      if (body.upload_id !== undefined)
        delivered = await deliverableUpload(tx, ctx.config.publicUrl, body.upload_id, card.clientId);
    },
    set: () => ({ doneVideoLink: link() }),
    after: (tx, card) => addVersion(ctx, tx, card, 'done', [link()], delivered),
  });
};

/** Into done with as many links as the card's done_video_limit and a Sync ID (or "no Content ID"). */
export const moveToDone = (ctx: AppContext, viewer: SessionUser, cardId: number, body: In<typeof doneBody>) => {
  const links = asList(body.done_link);
  return transition(ctx, viewer, cardId, {
    from: body.card_status,
    to: 'done',
    call: 'done',
    check: ({ card }) => {
      if (links.length > card.doneVideoLimit) {
        throw new AppError('VALIDATION', fill(MSG.doneLinksMax, { n: String(card.doneVideoLimit) }), 'done_link');
      }
      const syncIdRequired = card.revisionNr === 0 && !body.no_content_id;
      if (syncIdRequired && !body.content_id) throw new AppError('VALIDATION', MSG.syncIdRequired, 'content_id');
    },
    set: (card) => {
      const ids = [...splitContentIds(card.contentId), ...splitContentIds(body.content_id)];
      return {
        doneVideoLink: links[0]!,
        contentId: ids.length ? [...new Set(ids)].join(',') : null,
        noContentId: !!body.no_content_id && ids.length === 0,
        doneAt: new Date(),
      };
    },
    after: (tx, card) => addVersion(ctx, tx, card, 'done', links),
  });
};

/** A delivered card goes back: editing (a new 24 h timeline) or video requests; revision count +1. */
export const requestRevision = (
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  body: In<typeof revisionBody>,
) => {
  const to = body.revisionType ?? 'editing';
  return transition(ctx, viewer, cardId, {
    from: body.card_status,
    to,
    call: 'revision',
    check: ({ card }) => {
      if (card.cardStatus !== 'done') throw new AppError('CARD_NOT_IN_DONE');
      if (card.isComplete) throw new AppError('INVALID_CARD_STATUS');
    },
    set: (card) => ({
      revisionNr: card.revisionNr + 1,
      ...(to === 'editing'
        ? {
            timeline: TIMELINE_HOURS_WITH_REVISION,
            dueDate: new Date(Date.now() + TIMELINE_HOURS_WITH_REVISION * HOUR),
          }
        : {}),
    }),
    // The request is kept with its reasons (checked against the active list) for the first-pass stats.
    after: (tx, card) => recordRevision(tx, viewer, card, body.reasons ?? []),
    message: MSG.movedToRevision,
  });
};

/** Completion rules and messages of spec 000 §4 "Into completed". */
export async function markComplete(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  body: In<typeof markCompleteBody>,
) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  const { card } = row;
  const facts = policyCard(card);
  const section = completionSection(facts, body.cardSection);
  enforce(completionVerdict(facts, section));
  return transition(ctx, viewer, cardId, {
    from: card.cardStatus,
    to: 'completed_done',
    call: 'markComplete',
    // Under the rule `all`, every approver must have approved the latest version first (issue 52).
    prepare: async (tx, locked) => {
      if (section !== 'done' || locked.approvalRule !== 'all') return;
      const round = await cardApproval(tx, locked);
      if (round && round.pending.length > 0)
        throw new AppError('APPROVAL_PENDING', fill(APPROVAL_TEXT.pending, { names: round.pending.join(', ') }));
    },
    set: () => ({
      isComplete: true,
      completedAt: new Date(),
      ...(section === 'repurpose' ? { isRepurposeComplete: true } : {}),
    }),
    // A card with the helper goes on to the helper board in the same transaction.
    after: (tx, completed) => ctx.helperBoard.cardReady(tx, completed),
    message: MSG.cardMarkedCompleted,
  });
}

/** Repurpose moves: done → repurpose editing, and repurpose editing → review with the repurposed links. */
export function moveCardSub(ctx: AppContext, viewer: SessionUser, cardId: number, body: In<typeof moveCardSubBody>) {
  let links = asList(body.done_link);
  let delivered: Delivered | undefined;
  return transition(ctx, viewer, cardId, {
    from: body.from,
    to: body.status,
    call: 'moveCardSub',
    validate: () => {
      if (body.status === 'repurpose_done' && links.length === 0 && body.upload_id === undefined) {
        throw new AppError('VALIDATION', MSG.repurposeLinkRequired, 'done_link');
      }
    },
    // Or a finished upload of the card's customer instead of the links (issue 49).
    prepare: async (tx, card) => {
      if (body.upload_id === undefined) return;
      delivered = await deliverableUpload(tx, ctx.config.publicUrl, body.upload_id, card.clientId);
      links = [delivered.url];
    },
    set: () =>
      body.status === 'repurpose_done'
        ? { repurposeDoneLink: links[0]!, repurposeStatus: 'done', ...(body.srtFile ? { srtFile: body.srtFile } : {}) }
        : { repurposeStatus: 'editing' },
    after: async (tx, card) =>
      body.status === 'repurpose_done' ? addVersion(ctx, tx, card, 'repurpose', links, delivered) : undefined,
  });
}

/** Reorders video requests the caller sees (admin and customers only). */
export async function updateSort(ctx: AppContext, viewer: SessionUser, body: In<typeof updateSortBody>) {
  const ids = body.cards.map((c) => c.card_id);
  const visible = await ctx.db
    .select({
      audience: {
        id: cards.id,
        clientId: cards.clientId,
        assignedQaId: cards.assignedQaId,
        assignedTo: cards.assignedTo,
        ytHelperId: cards.ytHelperId,
        hasYoutubeHelper: cards.hasYoutubeHelper,
      },
      card: policyCardColumns,
      customer: { isActiveSubscription: users.isActiveSubscription },
    })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.clientId))
    .where(and(inArray(cards.id, ids), visibleCardsWhere(viewer)));
  if (visible.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
  for (const row of visible) enforce(reorderVerdict(policyActor(viewer, row.customer), policyCard(row.card)));
  // Rows are locked in id order, so reorders sent in opposite orders queue instead of deadlocking.
  const byId = [...body.cards].sort((x, y) => x.card_id - y.card_id);
  await ctx.db.transaction(async (tx) => {
    for (const c of byId) await tx.update(cards).set({ sort: c.sort }).where(eq(cards.id, c.card_id));
  });
  for (const { audience: c } of visible) {
    await ctx.events.publish({ type: 'cards.sorted', cardId: c.id, audience: { ...c }, data: {} });
  }
  return { success: true, message: MSG.informationUpdated };
}

export async function archiveCard(ctx: AppContext, viewer: SessionUser, cardId: number) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  enforce(archiveVerdict(policyActor(viewer, row.client), policyCard(row.card)));
  const [updated] = await ctx.db
    .update(cards)
    .set({ archivedAt: new Date(), updatedAt: new Date() })
    // Re-checked in the write: a card moved out of done meanwhile is not archived.
    .where(and(eq(cards.id, cardId), isNull(cards.archivedAt), inArray(cards.cardStatus, [...ARCHIVABLE_STATUSES])))
    .returning();
  if (!updated) throw new AppError('STALE_MOVE');
  await ctx.workPlan.changed();
  await ctx.events.publish({ type: 'card.archived', cardId, audience: audienceOf(updated), data: { archived: true } });
  return { success: true, message: MSG.movedToArchive };
}

export async function unarchiveCard(ctx: AppContext, viewer: SessionUser, cardId: number) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  enforce(unarchiveVerdict(policyActor(viewer, row.client), policyCard(row.card)));
  const [updated] = await ctx.db
    .update(cards)
    .set({ archivedAt: null, updatedAt: new Date() })
    // Re-checked in the write: of two restores at once the second finds nothing to restore.
    .where(and(eq(cards.id, cardId), sql`${cards.archivedAt} is not null`))
    .returning();
  if (!updated) throw new AppError('INVALID_CARD_STATUS');
  await ctx.workPlan.changed();
  await ctx.events.publish({ type: 'card.archived', cardId, audience: audienceOf(updated), data: { archived: false } });
  return { success: true, message: MSG.restoredFromArchive };
}

/** Pause or resume a card that is still being worked on. */
export async function setPaused(ctx: AppContext, viewer: SessionUser, cardId: number, paused: boolean) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  enforce(pauseVerdict(policyActor(viewer, row.client), policyCard(row.card)));
  const [updated] = await ctx.db
    .update(cards)
    .set({ paused, updatedAt: new Date() })
    // Re-checked in the write: a card canceled, completed or archived meanwhile stays as it is.
    .where(
      and(
        eq(cards.id, cardId),
        eq(cards.isComplete, false),
        isNull(cards.archivedAt),
        ne(cards.cardStatus, 'canceled'),
      ),
    )
    .returning();
  if (!updated) throw new AppError('INVALID_CARD_STATUS');
  await ctx.workPlan.changed();
  await ctx.events.publish({ type: 'card.updated', cardId, audience: audienceOf(updated), data: { paused } });
  return { success: true, message: paused ? MSG.pausedOn : MSG.pausedOff };
}

/** The customer's feedback on a completed card (or its repurposed videos); rating again replaces it. */
export async function rateCard(ctx: AppContext, viewer: SessionUser, cardId: number, body: In<typeof rateBody>) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  enforce(rateVerdict(policyActor(viewer, row.client), policyCard(row.card), body.card_type));
  const values = {
    cardId,
    cardType: body.card_type,
    rating: body.rating,
    comment: body.comment || null,
    ratedBy: viewer.id,
    // The rating counts for the card's QA; the payload's assigned_qa_id (spec 001 §3) is not trusted for that.
    assignedQaId: row.card.assignedQaId,
  };
  await ctx.db
    .insert(cardRatings)
    .values(values)
    .onConflictDoUpdate({
      target: [cardRatings.cardId, cardRatings.cardType],
      set: { ...values, updatedAt: new Date() },
    });
  await ctx.events.publish({
    type: 'card.updated',
    cardId,
    audience: audienceOf(row.card),
    data: { rating: body.rating },
  });
  return { success: true, message: MSG.feedbackSubmitted };
}
