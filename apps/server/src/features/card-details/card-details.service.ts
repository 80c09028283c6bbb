import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  ASSIGNABLE_ROLES,
  MSG,
  assignVerdict,
  editContentIdVerdict,
  editDoneLinkVerdict,
  editDueDateVerdict,
  editRepurposeLinkVerdict,
  editYtLinksVerdict,
  splitContentIds,
  uploadSrtVerdict,
} from '@cutroom/domain';
import type { changeLinkBody } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import { lockCard } from '../../db/locks.js';
import { cardEvents, cardVideos, cards, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { audienceOf, loadVisibleCard } from '../../kernel/card-access.js';
import { enforce, loadCustomerPlan, policyActor, policyCard } from '../../kernel/card-policy-facts.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';
import { trackVideo } from '../media-pipeline/public.js';
import { trackFromSubtitlesFile } from '../captions/public.js';
import { deliverableUpload } from '../uploads/public.js';

type CardUpdate = Partial<typeof cards.$inferInsert>;

/**
 * Writes card columns and tells everyone who sees the card (the new assignee included), and, when
 * the change handed the card from one editor or helper to another, the one who lost it too, so their
 * open board drops it.
 */
export async function updateCard(ctx: AppContext, cardId: number, set: CardUpdate, data: Record<string, unknown>) {
  // The row is locked so the audience before the change is the one this write replaced.
  const { before, updated } = await ctx.db.transaction(async (tx) => {
    const [locked] = await lockCard(tx, cardId);
    if (!locked) throw new AppError('NOT_FOUND');
    const [row] = await tx
      .update(cards)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(cards.id, cardId))
      .returning();
    return { before: locked, updated: row! };
  });
  if ('assignedTo' in set || 'dueDate' in set) await ctx.workPlan.changed();
  await ctx.events.publish({ type: 'card.updated', cardId, audience: audienceOf(updated), data });
  if (before.assignedTo !== updated.assignedTo || before.ytHelperId !== updated.ytHelperId) {
    await ctx.events.publish({ type: 'card.updated', cardId, audience: audienceOf(before), data });
  }
  return updated;
}

/**
 * Admin and team leads hand the card to an editor, QA or lead (null unassigns), who must then see it: a QA
 * becomes the card's QA too (spec 001 §6: the dropdown assigns the QA), a lead must already lead its customer.
 */
export async function assignCard(ctx: AppContext, viewer: SessionUser, cardId: number, assignTo: number | null) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  enforce(assignVerdict(policyActor(viewer, row.client)));
  const set: CardUpdate = { assignedTo: assignTo, assignedAt: row.card.assignedAt ?? (assignTo ? new Date() : null) };
  if (assignTo !== null) {
    const [person] = await ctx.db
      .select({ id: users.id, role: users.clientType })
      .from(users)
      .where(and(eq(users.id, assignTo), inArray(users.clientType, [...ASSIGNABLE_ROLES]), eq(users.isDeleted, false)))
      .limit(1);
    if (!person) throw new AppError('VALIDATION', MSG.chooseAssignee, 'assign_to');
    if (person.role === 'qa') set.assignedQaId = person.id;
    if (person.role === 'team-lead') {
      const [seen] = await ctx.db
        .select({ id: cards.id })
        .from(cards)
        .where(and(eq(cards.id, cardId), visibleCardsWhere(person)));
      if (!seen) throw new AppError('VALIDATION', MSG.assigneeNotOnCustomer, 'assign_to');
    }
  }
  await updateCard(ctx, cardId, set, {
    assigned_to: assignTo,
    ...(set.assignedQaId ? { assigned_qa_id: set.assignedQaId } : {}),
  });
  return { success: true, message: MSG.assignmentUpdated };
}

/** A due date as sent (any ISO date-time), or 'Please select a valid due date'. */
export function parseDueDate(value: string): Date {
  const due = new Date(value);
  const year = due.getUTCFullYear();
  if (Number.isNaN(due.getTime()) || year < 2020 || year > 2100)
    throw new AppError('INVALID_DUE_DATE', undefined, 'due_date');
  return due;
}

export async function updateDueDate(ctx: AppContext, viewer: SessionUser, cardId: number, value: string) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  enforce(editDueDateVerdict(policyActor(viewer, row.client)));
  const due = parseDueDate(value);
  await updateCard(ctx, cardId, { dueDate: due }, { due_date: due.toISOString() });
  return { success: true, message: MSG.dueDateUpdated };
}

/**
 * One delivered link changes: a done video (any staff), a repurposed video (admin, team lead; `type` says
 * repurpose, or `video_id` names one) or a YouTube-helper link (admin, leads, helpers).
 */
export async function changeLink(ctx: AppContext, viewer: SessionUser, body: z.output<typeof changeLinkBody>) {
  const row = await loadVisibleCard(ctx.db, viewer, body.card_id);
  const actor = policyActor(viewer, row.client);
  if (body.done_video_link || body.upload_id !== undefined) {
    const {
      card: updated,
      kind,
      link,
    } = await ctx.db.transaction(async (tx) => {
      // Moves lock the card too, so the latest version can't change between this read and the writes.
      const [locked] = await lockCard(tx, body.card_id);
      if (!locked) throw new AppError('NOT_FOUND');
      const all = await tx
        .select()
        .from(cardVideos)
        .where(eq(cardVideos.cardId, body.card_id))
        .orderBy(desc(cardVideos.version), cardVideos.position);
      const named = body.video_id ? all.find((v) => v.id === body.video_id) : undefined;
      if (body.video_id && !named) throw new AppError('NOT_FOUND');
      const kind = /repurpose/i.test(body.type ?? '') ? 'repurpose' : (named?.kind ?? 'done');
      enforce(kind === 'repurpose' ? editRepurposeLinkVerdict(actor) : editDoneLinkVerdict(actor));
      // A finished upload of the card's customer instead of a link (issue 49), locked until the writes commit.
      const delivered =
        body.upload_id === undefined
          ? undefined
          : await deliverableUpload(tx, ctx.config.publicUrl, body.upload_id, locked.clientId);
      const link = delivered?.url ?? body.done_video_link!;
      const videos = all.filter((v) => v.kind === kind);
      const target = named ?? videos[0];
      if (named && named.kind !== kind) throw new AppError('NOT_FOUND');
      if (target)
        await tx
          .update(cardVideos)
          .set({ videoUrl: link, assetId: delivered?.assetId ?? (await trackVideo(tx, link, locked.clientId)) })
          .where(eq(cardVideos.id, target.id));
      const isLatestFirst = !target || target.id === videos[0]?.id;
      const column = kind === 'repurpose' ? { repurposeDoneLink: link } : { doneVideoLink: link };
      const [card] = await tx
        .update(cards)
        .set({ ...(isLatestFirst ? column : {}), updatedAt: new Date() })
        .where(eq(cards.id, body.card_id))
        .returning();
      return { card: card!, kind, link };
    });
    const data = kind === 'repurpose' ? { repurpose_done_link: link } : { done_video_link: link };
    await ctx.events.publish({ type: 'card.updated', cardId: body.card_id, audience: audienceOf(updated), data });
    return { success: true, message: MSG.linkUpdated };
  }
  enforce(editYtLinksVerdict(actor));
  const set: CardUpdate = {
    ...(body.unlisted_video_link ? { unlistedVideoLink: body.unlisted_video_link } : {}),
    ...(body.thumbnails_link ? { thumbnailsLink: body.thumbnails_link } : {}),
    ...(body.yt_snippet_link ? { ytSnippetLink: body.yt_snippet_link } : {}),
  };
  await updateCard(ctx, row.card.id, set, {});
  return { success: true, message: MSG.linkUpdated };
}

export async function changeContentId(ctx: AppContext, viewer: SessionUser, cardId: number, contentId: string) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  enforce(editContentIdVerdict(policyActor(viewer, row.client)));
  const ids = [...new Set(splitContentIds(contentId))];
  await updateCard(ctx, cardId, { contentId: ids.length ? ids.join(',') : null, noContentId: ids.length === 0 }, {});
  return { success: true, message: MSG.linkUpdated };
}

/** Admin, YouTube helpers, and the card's own QA attach subtitles, for customers whose plan has them. */
export async function setSrtFile(ctx: AppContext, viewer: SessionUser, cardId: number, srtFile: string) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  enforce(uploadSrtVerdict(policyActor(viewer, row.client), policyCard(row.card)));
  const client = await loadCustomerPlan(ctx.db, row.card.clientId);
  if (!client?.hasSubtitles && !client?.hasYoutubeHelper && !row.card.subtitles) {
    throw new AppError('INVALID_CARD_DATA', MSG.customerPlanNoSubtitles);
  }
  await updateCard(ctx, cardId, { srtFile }, { srt_file: srtFile });
  // The file also becomes a caption track of the latest version (issue 53); a file it can't read stays a file.
  await trackFromSubtitlesFile(ctx, cardId, srtFile, viewer.id);
  return { success: true, message: MSG.fileUploaded };
}

export async function recordCardEvent(ctx: AppContext, viewer: SessionUser, cardId: number, type: string) {
  await loadVisibleCard(ctx.db, viewer, cardId);
  await ctx.db.insert(cardEvents).values({ cardId, userId: viewer.id, type });
  return { success: true, message: MSG.cardEventRecorded };
}
