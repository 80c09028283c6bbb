import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MSG, TIMELINE_HOURS_FIRST, ytEditVerdict, ytManageVerdict } from '@cutroom/domain';
import type { ytDescriptionBody } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { cards, customerYtHelpers, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { loadVisibleCard } from '../../kernel/card-access.js';
import { enforce, policyActor } from '../../kernel/card-policy-facts.js';
import { parseDueDate, updateCard } from '../card-details/public.js';

type Card = typeof cards.$inferSelect;
const HOUR = 3_600_000;
/** Helper cards still being worked: what "fewer open helper cards" counts. */
const OPEN_YT_STATUSES = ['assigned', 'inProgress', 'ytQA', 'inDone'];

/** The customer's helper (of up to two) with the fewest open helper cards, the first slot on a tie. */
export async function pickHelper(db: Db, customerId: number): Promise<number | null> {
  const open = sql<number>`(select count(*) from cards c where c.yt_helper_id = ${customerYtHelpers.helperId}
    and c.archived_at is null and c.yt_card_status in (${sql.join(
      OPEN_YT_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )}))`;
  const [best] = await db
    .select({ helperId: customerYtHelpers.helperId })
    .from(customerYtHelpers)
    .innerJoin(users, and(eq(users.id, customerYtHelpers.helperId), eq(users.isDeleted, false)))
    .where(eq(customerYtHelpers.customerId, customerId))
    .orderBy(open, customerYtHelpers.slot)
    .limit(1);
  return best?.helperId ?? null;
}

/**
 * The entry rule (docs/workflow.md): a card with the helper whose normal side is complete goes onto
 * the helper board as assigned, to the customer's least busy helper, with a first 48-hour timeline.
 * Called in the transaction that completes it (or turns the helper on for a complete card); a card
 * already there is left alone.
 */
export async function enterHelperBoard(db: Db, card: Card): Promise<void> {
  if (!card.hasYoutubeHelper || !card.isComplete || card.ytCardStatus !== null) return;
  const helperId = (await pickHelper(db, card.clientId)) ?? card.ytHelperId;
  const now = new Date();
  await db
    .update(cards)
    .set({
      ytCardStatus: 'assigned',
      ytHelperId: helperId,
      ytAssignedTime: helperId === card.ytHelperId ? (card.ytAssignedTime ?? now) : now,
      ytTimeline: TIMELINE_HOURS_FIRST,
      ytDueDate: new Date(now.getTime() + TIMELINE_HOURS_FIRST * HOUR),
    })
    .where(and(eq(cards.id, card.id), isNull(cards.ytCardStatus)));
}

/** Admin and the helper lead hand a helper card to a YouTube helper (a non-deleted one). */
export async function assignYtHelper(ctx: AppContext, viewer: SessionUser, cardId: number, helperId: number) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  enforce(ytManageVerdict(policyActor(viewer, row.client)));
  if (!row.card.hasYoutubeHelper) throw new AppError('INVALID_CARD_DATA', MSG.ytNotOnBoard);
  const [helper] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, helperId), inArray(users.clientType, ['yt-helper']), eq(users.isDeleted, false)))
    .limit(1);
  if (!helper) throw new AppError('VALIDATION', MSG.chooseYtHelper, 'assign_to');
  await updateCard(ctx, cardId, { ytHelperId: helperId, ytAssignedTime: new Date() }, { yt_helper_id: helperId });
  return { success: true, message: MSG.assignmentUpdated };
}

/** Admin and the helper lead set the helper due date (separate from the editing due date, spec 001 §4). */
export async function updateYtDueDate(ctx: AppContext, viewer: SessionUser, cardId: number, value: string) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  enforce(ytManageVerdict(policyActor(viewer, row.client)));
  if (!row.card.hasYoutubeHelper) throw new AppError('INVALID_CARD_DATA', MSG.ytNotOnBoard);
  const due = parseDueDate(value);
  await updateCard(ctx, cardId, { ytDueDate: due }, { yt_due_date: due.toISOString() });
  return { success: true, message: MSG.dueDateUpdated };
}

/** The helper description, sanitized; the generic-looking call writes this one column and nothing else. */
export async function updateYtDescription(
  ctx: AppContext,
  viewer: SessionUser,
  body: z.output<typeof ytDescriptionBody>,
) {
  const cardId = body.specificConditions.card_id;
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  enforce(ytEditVerdict(policyActor(viewer, row.client)));
  if (!row.card.hasYoutubeHelper) throw new AppError('INVALID_CARD_DATA', MSG.ytNotOnBoard);
  await updateCard(ctx, cardId, { ytCardDescription: sanitizeRichText(body.data.descriptions) }, {});
  return { success: true, message: MSG.descriptionUpdated };
}
