import { and, asc, eq } from 'drizzle-orm';
import {
  APPROVAL_TEXT,
  DECISION_ACTIVITY_PREFIX,
  fill,
  fullName,
  isStaff,
  watchedShare,
  type PlayedRange,
} from '@cutroom/domain';
import type { approvalRuleBody, decisionBody, watchedBody } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import { lockCard } from '../../db/locks.js';
import { cardActivity, cardDecisions, cardVideos, cards, guestLinks, reviewWatches } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { audienceOf, loadVisibleCard } from '../../kernel/card-access.js';
import { CUSTOMER_REVIEWER, cardApproval, guestReviewer, latestVersion } from '../../kernel/card-approval.js';
import { addPlayed, coverage, playedRanges, versionDuration } from '../../kernel/review-watches.js';
import { notifyDecision, publishCreated } from '../notifications/public.js';

type DecisionBody = z.output<typeof decisionBody>;
/** Who decides: the card's customer, or an approver guest by their link and the name they gave. */
export type Reviewer = { key: string; name: string; guestLinkId: number | null };

/**
 * A reviewer's decision on the card's latest delivered version, made or changed under the card's lock, so a
 * decision and Mark As Done never cross: once the card is complete its decisions stay as they were.
 */
export async function decide(ctx: AppContext, reviewer: Reviewer, cardId: number, body: DecisionBody) {
  const { card, notified, version, note } = await ctx.db.transaction(async (tx) => {
    const [locked] = await lockCard(tx, cardId);
    if (!locked) throw new AppError('NOT_FOUND');
    if (locked.isComplete || locked.cardStatus === 'completed_done') throw new AppError('DECISION_CLOSED');
    if (locked.cardStatus !== 'done') throw new AppError('VALIDATION', APPROVAL_TEXT.notInReview, 'video_version');
    const version = await latestVersion(tx, cardId);
    if (version === null) throw new AppError('VALIDATION', APPROVAL_TEXT.noVersion, 'video_version');
    if (body.video_version !== version)
      throw new AppError('VALIDATION', fill(APPROVAL_TEXT.notLatest, { version: String(version) }), 'video_version');
    // How much of the version its reviewer had played when deciding (null where its length is unknown).
    const watched = watchedShare(
      await playedRanges(tx, cardId, version, reviewer.key),
      await versionDuration(tx, cardId, version),
    );
    const note = body.note || null;
    const values = { decision: body.decision, note, name: reviewer.name, watched, updatedAt: new Date() };
    await tx
      .insert(cardDecisions)
      .values({ cardId, videoVersion: version, reviewer: reviewer.key, guestLinkId: reviewer.guestLinkId, ...values })
      .onConflictDoUpdate({
        target: [cardDecisions.cardId, cardDecisions.videoVersion, cardDecisions.reviewer],
        set: values,
      });
    // Each decision, and each change of mind, is in the card's activity; a guest by the name they gave.
    const userId = reviewer.guestLinkId === null ? locked.clientId : null;
    await tx.insert(cardActivity).values({
      cardId,
      userId,
      toStatus: `${DECISION_ACTIVITY_PREFIX}${body.decision}`,
      actorName: reviewer.name,
    });
    const words = { name: reviewer.name, version: String(version + 1), title: locked.cardTitle };
    const actor = { id: userId ?? 0, firstname: reviewer.name, lastname: '' };
    const text = fill(APPROVAL_TEXT.notified[body.decision], words);
    return { card: locked, notified: await notifyDecision(ctx, tx, actor, locked, text), version, note };
  });
  const side = reviewer.guestLinkId === null ? 'customer' : 'guest';
  await ctx.events.publish({
    type: 'card.updated',
    cardId,
    audience: audienceOf(card),
    data: { decision: { video_version: version, decision: body.decision, name: reviewer.name, side, note } },
  });
  await publishCreated(ctx, notified);
  return { message: APPROVAL_TEXT.decided[body.decision], approval: await cardApproval(ctx.db, card) };
}

/** POST /api/card/:id/decision: the card's own customer; staff see the card but are not its reviewers. */
export async function customerDecides(ctx: AppContext, viewer: SessionUser, cardId: number, body: DecisionBody) {
  const { card, client } = await loadVisibleCard(ctx.db, viewer, cardId);
  if (viewer.role !== 'customer' || card.clientId !== viewer.id) throw new AppError('FORBIDDEN');
  const name = [client.firstname, client.lastname].filter(Boolean).join(' ');
  return decide(ctx, { key: CUSTOMER_REVIEWER, name: name || 'The customer', guestLinkId: null }, cardId, body);
}

/** An approver guest's reviewer identity: their link, under the name they gave. */
export const guestAsReviewer = (linkId: number, guestName: string): Reviewer => ({
  key: guestReviewer(linkId),
  name: guestName,
  guestLinkId: linkId,
});

/** PUT /api/card/:id/approval: staff who see the card, or its customer. */
export async function setApprovalRule(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  body: z.output<typeof approvalRuleBody>,
) {
  const { card } = await loadVisibleCard(ctx.db, viewer, cardId);
  if (!isStaff(viewer.role) && card.clientId !== viewer.id) throw new AppError('FORBIDDEN');
  await ctx.db.update(cards).set({ approvalRule: body.rule, updatedAt: new Date() }).where(eq(cards.id, cardId));
  await ctx.events.publish({ type: 'card.updated', cardId, audience: audienceOf(card), data: {} });
  return { message: APPROVAL_TEXT.ruleSaved };
}

/** Records what a viewer played of a delivered version (any version of the card, not only the latest). */
export async function recordWatched(
  ctx: AppContext,
  viewerKey: string,
  cardId: number,
  body: z.output<typeof watchedBody>,
) {
  const [delivered] = await ctx.db
    .select({ id: cardVideos.id })
    .from(cardVideos)
    .where(and(eq(cardVideos.cardId, cardId), eq(cardVideos.kind, 'done'), eq(cardVideos.version, body.video_version)))
    .limit(1);
  if (!delivered)
    throw new AppError(
      'VALIDATION',
      fill(APPROVAL_TEXT.noSuchVersion, { version: String(body.video_version) }),
      'video_version',
    );
  // The schema checked each is a pair.
  const ranges = body.ranges.map(([start, end]): PlayedRange => [start!, end!]);
  return addPlayed(ctx.db, cardId, body.video_version, viewerKey, ranges);
}

/** Whose played ranges a signed-in viewer adds to: the card's customer as its reviewer; staff each as themselves. */
async function watcherKey(ctx: AppContext, viewer: SessionUser, cardId: number) {
  const { card } = await loadVisibleCard(ctx.db, viewer, cardId);
  return viewer.role === 'customer' && card.clientId === viewer.id ? CUSTOMER_REVIEWER : `staff:${viewer.id}`;
}

/** POST /api/card/:id/watched */
export const viewerWatched = async (
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  body: z.output<typeof watchedBody>,
) => recordWatched(ctx, await watcherKey(ctx, viewer, cardId), cardId, body);

/** GET /api/card/:id/watched: what the viewer has played of a version so far. */
export const viewerCoverage = async (ctx: AppContext, viewer: SessionUser, cardId: number, version: number) =>
  coverage(ctx.db, cardId, version, await watcherKey(ctx, viewer, cardId));

/**
 * GET /api/card/:id/coverage (staff): each reviewer's played ranges of a version — the customer, then each
 * guest link by the name its guest decided under, else its label — whether or not they have decided or played.
 */
export async function reviewersCoverage(ctx: AppContext, viewer: SessionUser, cardId: number, version: number) {
  const { client } = await loadVisibleCard(ctx.db, viewer, cardId);
  const [watches, links, decisions, duration] = await Promise.all([
    ctx.db
      .select({ reviewer: reviewWatches.reviewer, ranges: reviewWatches.ranges })
      .from(reviewWatches)
      .where(and(eq(reviewWatches.cardId, cardId), eq(reviewWatches.videoVersion, version))),
    ctx.db
      .select({ id: guestLinks.id, label: guestLinks.label, approver: guestLinks.approver })
      .from(guestLinks)
      .where(eq(guestLinks.cardId, cardId))
      .orderBy(asc(guestLinks.id)),
    ctx.db
      .select({ reviewer: cardDecisions.reviewer, name: cardDecisions.name })
      .from(cardDecisions)
      .where(and(eq(cardDecisions.cardId, cardId), eq(cardDecisions.videoVersion, version))),
    versionDuration(ctx.db, cardId, version),
  ]);
  const decided = new Map(decisions.map((d) => [d.reviewer, d.name]));
  const played = new Map(watches.map((w) => [w.reviewer, w.ranges]));
  const reviewers = [
    {
      key: CUSTOMER_REVIEWER,
      side: 'customer' as const,
      name: fullName(client.firstname, client.lastname),
      shown: true,
    },
    ...links.map((l, i) => ({
      key: guestReviewer(l.id),
      side: 'guest' as const,
      name: decided.get(guestReviewer(l.id)) ?? l.label ?? `Guest ${i + 1}`,
      shown: l.approver,
    })),
  ];
  return {
    video_version: version,
    duration,
    reviewers: reviewers
      // The customer and approvers always, watched or not; a viewing guest's link once it played something.
      .filter((r) => r.shown || played.has(r.key))
      .map(({ key, name, side }) => {
        const ranges = played.get(key) ?? [];
        return { name, side, ranges, watched: watchedShare(ranges, duration) };
      }),
  };
}
