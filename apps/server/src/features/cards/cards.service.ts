import { and, desc, eq, ilike, isNull, max, ne, sql } from 'drizzle-orm';
import {
  EDIT_REQUIRED_FIELDS,
  type CreateCardBody,
  type UpdateCardBody,
  type updateTitleBody,
} from '@cutroom/domain/schemas';
import {
  MSG,
  REQUEST_ROLES,
  editRequestVerdict,
  editTitleVerdict,
  enableRepurposeVerdict,
  enableYtHelperVerdict,
  joinLinks,
  normalizeTitle,
} from '@cutroom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { cardActivity, cards, customerQas, customerYtHelpers, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { enforce, loadCustomerPlan, policyActor, policyCard } from '../../kernel/card-policy-facts.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';
import { toCardDetail } from '../../kernel/card-view.js';
import { requestAllowance } from '../../kernel/request-allowance.js';
import { lockCard } from '../../db/locks.js';
import { requestCustomer } from '../../kernel/request-customer.js';
import { audienceOf, loadVisibleCard } from '../../kernel/card-access.js';

type CardInsert = typeof cards.$inferInsert;

async function assertTitleFree(db: Db, clientId: number, title: string, exceptCardId?: number) {
  const [clash] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(
        eq(cards.clientId, clientId),
        sql`lower(${cards.cardTitle}) = ${title.toLowerCase()}`,
        exceptCardId ? ne(cards.id, exceptCardId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw new AppError('CARD_TITLE_EXISTS', undefined, 'card_title');
}

/** The request form's fields as columns, rich text sanitized and link lists pipe-joined. */
function requestColumns(body: UpdateCardBody): Partial<CardInsert> {
  const has = (k: keyof UpdateCardBody) => body[k] !== undefined;
  const cols: Partial<CardInsert> = {};
  if (body.card_title !== undefined) cols.cardTitle = normalizeTitle(body.card_title);
  if (has('dropbox_link')) cols.dropboxLink = body.dropbox_link!;
  if (has('youtube_aspect_ratio')) {
    cols.youtubeAspectRatio = body.youtube_aspect_ratio!;
    cols.customAspectRatio = body.youtube_aspect_ratio === 'other' ? (body.custom_aspect_ratio ?? null) : null;
  }
  if (has('video_purpose')) {
    cols.videoPurpose = body.video_purpose!;
    cols.otherVideoPurpose = body.video_purpose === 'other' ? (body.other_video_purpose ?? null) : null;
  }
  if (has('additional_info')) cols.additionalInfo = sanitizeRichText(body.additional_info);
  if (has('special_instructions')) cols.specialInstructions = sanitizeRichText(body.special_instructions);
  if (has('voice_note')) cols.voiceNote = body.voice_note || null;
  if (has('subtitles')) cols.subtitles = body.subtitles!;
  if (has('has_end_card')) cols.hasEndCard = body.has_end_card!;
  if (has('hasYTHelper')) {
    cols.hasYoutubeHelper = body.hasYTHelper!;
    cols.videoThumbDesc = body.hasYTHelper ? sanitizeRichText(body.video_thumb_desc) : null;
    cols.videoThumbRef = body.hasYTHelper ? joinLinks(body.video_thumb_ref) : null;
    cols.videoOptimizationDesc = body.hasYTHelper ? sanitizeRichText(body.video_optimization_desc) : null;
    cols.affiliateLinks = body.hasYTHelper ? joinLinks(body.affiliate_links) : null;
  }
  if (has('hasRepurpose')) Object.assign(cols, repurposeColumns(body));
  return cols;
}

function repurposeColumns(
  body: Pick<
    UpdateCardBody,
    | 'hasRepurpose'
    | 'repurpose_aspect'
    | 'custom_repurpose_size'
    | 'repurpose_headline'
    | 'call_to_action'
    | 'repurpose_additional_info'
  >,
): Partial<CardInsert> {
  const on = !!body.hasRepurpose;
  const sizes = (body.repurpose_aspect ?? []).map((s) =>
    s === 'other' ? `other:${body.custom_repurpose_size ?? ''}` : s,
  );
  return {
    hasRepurpose: on,
    repurposeAspect: on ? sizes.join('|') : null,
    repurposeHeadline: on ? (body.repurpose_headline ?? null) : null,
    callToAction: on ? (body.call_to_action ?? null) : null,
    repurposeAdditionalInfo: on ? sanitizeRichText(body.repurpose_additional_info) : null,
  };
}

/** The customer's first YouTube helper slot, who takes the card's helper work. */
async function firstHelperOf(db: Db, clientId: number): Promise<number | null> {
  const [slot] = await db
    .select({ helperId: customerYtHelpers.helperId })
    .from(customerYtHelpers)
    .where(eq(customerYtHelpers.customerId, clientId))
    .orderBy(customerYtHelpers.slot)
    .limit(1);
  return slot?.helperId ?? null;
}

/** Extras a customer may order only when their plan includes them; admin may always. */
async function assertExtrasAllowed(db: Db, viewer: SessionUser, clientId: number, body: UpdateCardBody) {
  if (viewer.role === 'admin' || (!body.hasYTHelper && !body.subtitles)) return;
  const customer = await loadCustomerPlan(db, clientId);
  if (body.hasYTHelper && !customer?.hasYoutubeHelper)
    throw new AppError('VALIDATION', MSG.planNoYtHelper, 'hasYTHelper');
  if (body.subtitles && !customer?.hasSubtitles) throw new AppError('VALIDATION', MSG.planNoSubtitles, 'subtitles');
}

export async function createCard(ctx: AppContext, viewer: SessionUser, body: CreateCardBody) {
  if (!REQUEST_ROLES.includes(viewer.role)) throw new AppError('FORBIDDEN');
  const clientId = await requestCustomer(ctx.db, viewer, body.client_id);
  await assertExtrasAllowed(ctx.db, viewer, clientId, body);
  const title = normalizeTitle(body.card_title);

  const created = await ctx.db.transaction(async (tx) => {
    // Counted under a lock on the customer's row, so parallel requests can't all pass the limit.
    const allowance = await requestAllowance(tx, clientId, { lock: true });
    if (allowance.blocked === 'inactive')
      throw new AppError(
        'SUBSCRIPTION_INACTIVE',
        viewer.role === 'admin' ? MSG.customerSubscriptionInactive : undefined,
        viewer.role === 'admin' ? 'client_id' : undefined,
      );
    if (allowance.blocked === 'no_qa') throw new AppError('NO_QA');
    if (allowance.blocked === 'limit' && viewer.role !== 'admin') throw new AppError('REQUEST_LIMIT');
    await assertTitleFree(tx, clientId, title);
    const [[firstQa], [last]] = await Promise.all([
      tx
        .select({ qaId: customerQas.qaId })
        .from(customerQas)
        .where(eq(customerQas.customerId, clientId))
        .orderBy(customerQas.slot)
        .limit(1),
      tx
        .select({ sort: max(cards.sort) })
        .from(cards)
        .where(and(eq(cards.clientId, clientId), eq(cards.cardStatus, 'video_request'))),
    ]);
    const [client] = await tx
      .select({ doneVideoLimit: users.doneVideoLimit, approvalRule: users.approvalRule })
      .from(users)
      .where(eq(users.id, clientId));
    const helperId = body.hasYTHelper ? await firstHelperOf(tx, clientId) : null;
    const [card] = await tx
      .insert(cards)
      .values({
        ...(requestColumns({ hasYTHelper: false, hasRepurpose: false, ...body }) as CardInsert),
        clientId,
        cardTitle: title,
        cardStatus: 'video_request',
        sort: (last?.sort ?? -1) + 1,
        assignedQaId: firstQa?.qaId ?? null,
        doneVideoLimit: client?.doneVideoLimit ?? 1,
        // The customer's approval rule, which staff set on the profile (issue 52).
        ...(client ? { approvalRule: client.approvalRule } : {}),
        ytHelperId: helperId,
        ytAssignedTime: helperId ? new Date() : null,
      })
      .returning();
    await tx
      .insert(cardActivity)
      .values({ cardId: card!.id, userId: viewer.id, fromStatus: null, toStatus: 'video_request' });
    await ctx.workPlan.cardCreated(tx, card!.id);
    return card!;
  });
  await ctx.events.publish({
    type: 'card.created',
    cardId: created.id,
    audience: audienceOf(created),
    data: { card_status: 'video_request' },
  });
  return { message: MSG.newRequestCreated, card_id: created.id };
}

/** The owner customer or an admin edits the request; `flag: 1` is an admin's title-only change. */
export async function updateCard(ctx: AppContext, viewer: SessionUser, cardId: number, body: UpdateCardBody) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  if (body.flag === 1) return updateTitle(ctx, viewer, cardId, { card_title: body.card_title ?? '' });
  enforce(editRequestVerdict(policyActor(viewer, row.client), policyCard(row.card)));
  for (const field of EDIT_REQUIRED_FIELDS) {
    if (!body[field]) throw new AppError('VALIDATION', MSG.requiredField, field);
  }
  await assertExtrasAllowed(ctx.db, viewer, row.card.clientId, body);
  const title = normalizeTitle(body.card_title!);
  await assertTitleFree(ctx.db, row.card.clientId, title, cardId);
  const [updated] = await ctx.db
    .update(cards)
    .set({ ...requestColumns(body), cardTitle: title, updatedAt: new Date() })
    .where(eq(cards.id, cardId))
    .returning();
  await ctx.events.publish({ type: 'card.updated', cardId, audience: audienceOf(updated!), data: {} });
  return { message: MSG.cardDetailsUpdated, card_id: cardId };
}

export async function updateTitle(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  body: z.infer<typeof updateTitleBody>,
) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  enforce(editTitleVerdict(policyActor(viewer, row.client)));
  const title = normalizeTitle(body.card_title);
  if (!title) throw new AppError('TITLE_EMPTY', undefined, 'card_title');
  if (title === row.card.cardTitle) throw new AppError('TITLE_UNCHANGED', undefined, 'card_title');
  await assertTitleFree(ctx.db, row.card.clientId, title, cardId);
  await ctx.db.update(cards).set({ cardTitle: title, updatedAt: new Date() }).where(eq(cards.id, cardId));
  await ctx.events.publish({
    type: 'card.updated',
    cardId,
    audience: audienceOf(row.card),
    data: { card_title: title },
  });
  return { message: MSG.titleUpdated, card_id: cardId };
}

export async function getCard(ctx: AppContext, viewer: SessionUser, cardId: number) {
  return toCardDetail(ctx.db, await loadVisibleCard(ctx.db, viewer, cardId), viewer);
}

/** Up to 10 visible, unarchived titles containing the text, newest first. */
export async function titleSuggestions(ctx: AppContext, viewer: SessionUser, text: string) {
  const term = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.db
    .select({ card_id: cards.id, card_title: cards.cardTitle, card_status: cards.cardStatus })
    .from(cards)
    .where(and(ilike(cards.cardTitle, term), isNull(cards.archivedAt), visibleCardsWhere(viewer)))
    .orderBy(desc(cards.id))
    .limit(10);
  return { titles: rows };
}

export async function enableRepurpose(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  body: Parameters<typeof repurposeColumns>[0],
) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  enforce(enableRepurposeVerdict(policyActor(viewer, row.client), policyCard(row.card)));
  const [updated] = await ctx.db
    .update(cards)
    .set({ ...repurposeColumns({ ...body, hasRepurpose: true }), updatedAt: new Date() })
    // Re-checked in the write, so of two at once only the first turns it on.
    .where(and(eq(cards.id, cardId), eq(cards.hasRepurpose, false)))
    .returning();
  if (!updated) throw new AppError('VALIDATION', MSG.repurposeAlreadyOn, 'hasRepurpose');
  await ctx.events.publish({
    type: 'card.updated',
    cardId,
    audience: audienceOf(updated),
    data: { has_repurpose: true },
  });
  return { message: MSG.repurposeEnabled, card_id: cardId };
}

export async function enableYtHelper(ctx: AppContext, viewer: SessionUser, cardId: number) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  // The card row lacks the customer's plan, which the verdict reads.
  const plan = await loadCustomerPlan(ctx.db, row.card.clientId);
  enforce(enableYtHelperVerdict(policyActor(viewer, { ...row.client, ...plan }), policyCard(row.card)));
  const helperId = row.card.ytHelperId ?? (await firstHelperOf(ctx.db, row.card.clientId));
  const updated = await ctx.db.transaction(async (tx) => {
    // Locked as a completion locks it, so a card completed meanwhile still enters the helper board.
    await lockCard(tx, cardId);
    const [turnedOn] = await tx
      .update(cards)
      .set({ hasYoutubeHelper: true, ytHelperId: helperId, ytAssignedTime: new Date(), updatedAt: new Date() })
      // Re-checked in the write, so of two at once only the first turns it on.
      .where(and(eq(cards.id, cardId), eq(cards.hasYoutubeHelper, false)))
      .returning();
    if (!turnedOn) throw new AppError('VALIDATION', MSG.ytHelperAlreadyOn, 'hasYTHelper');
    await ctx.helperBoard.cardReady(tx, turnedOn);
    return turnedOn;
  });
  await ctx.events.publish({
    type: 'card.updated',
    cardId,
    audience: audienceOf(updated),
    data: { has_youtube_helper: true },
  });
  return { message: MSG.ytHelperEnabled, card_id: cardId };
}
