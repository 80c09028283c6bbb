import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { defaultWatermark, GUEST_MSG, GUEST_REVIEW_PATH, guestLinkState, maySendGuestLinks } from '@cutroom/domain';
import type { GuestLinkView, createGuestLinkBody } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import { cardNotes, guestLinks, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { audienceOf, loadVisibleCard } from '../../kernel/card-access.js';
import type { CardRow } from '../../kernel/card-view.js';

const DAY_MS = 24 * 60 * 60_000;

/** The card, if the viewer sees it and may share its review; the helpers' roles don't (403). */
async function loadSharedCard(ctx: AppContext, viewer: SessionUser, cardId: number) {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  if (!maySendGuestLinks(viewer.role)) throw new AppError('FORBIDDEN');
  return row;
}

function selectLinks(ctx: AppContext) {
  return ctx.db
    .select({
      link: guestLinks,
      createdBy: sql<string>`trim(${users.firstname} || ' ' || ${users.lastname})`,
      guestComments: sql<number>`(select count(*)::int from ${cardNotes} where ${cardNotes.guestLinkId} = ${guestLinks.id} and ${cardNotes.isDeleted} = false)`,
    })
    .from(guestLinks)
    .innerJoin(users, eq(users.id, guestLinks.createdBy));
}

function toView(row: Awaited<ReturnType<ReturnType<typeof selectLinks>['execute']>>[number]): GuestLinkView {
  const { link } = row;
  const times = { expires_at: link.expiresAt.toISOString(), revoked_at: link.revokedAt?.toISOString() ?? null };
  return {
    link_id: link.id,
    label: link.label,
    created_by: row.createdBy,
    created_at: link.createdAt.toISOString(),
    ...times,
    last_opened_at: link.lastOpenedAt?.toISOString() ?? null,
    has_password: link.passwordHash !== null,
    approver: link.approver,
    download: link.download,
    watermark: link.watermark,
    state: guestLinkState(times),
    guest_comments: row.guestComments,
  };
}

/** An approver link made or turned off changes the card's approval round: open pages reload the card. */
const roundChanged = (ctx: AppContext, card: CardRow['card']) =>
  ctx.events.publish({ type: 'card.updated', cardId: card.id, audience: audienceOf(card), data: {} });

/** GET /api/card/:id/guestLinks: newest first; the token itself is never kept, so never listed. */
export async function listGuestLinks(ctx: AppContext, viewer: SessionUser, cardId: number) {
  await loadSharedCard(ctx, viewer, cardId);
  const rows = await selectLinks(ctx).where(eq(guestLinks.cardId, cardId)).orderBy(desc(guestLinks.id));
  return { links: rows.map(toView) };
}

async function loadLinkView(ctx: AppContext, linkId: number) {
  const [row] = await selectLinks(ctx).where(eq(guestLinks.id, linkId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toView(row);
}

/** POST /api/card/:id/guestLinks: the token is in this reply and nowhere else. */
export async function createGuestLink(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  body: z.output<typeof createGuestLinkBody>,
) {
  const { card } = await loadSharedCard(ctx, viewer, cardId);
  const token = newToken();
  const [created] = await ctx.db
    .insert(guestLinks)
    .values({
      cardId,
      tokenHash: hashToken(token),
      label: body.label || null,
      passwordHash: body.password ? await hashPassword(body.password) : null,
      approver: body.approver,
      download: body.download,
      watermark: body.watermark ?? defaultWatermark(body),
      createdBy: viewer.id,
      expiresAt: new Date(Date.now() + body.expires_in_days * DAY_MS),
    })
    .returning({ id: guestLinks.id });
  const linkId = created!.id;
  if (body.approver) await roundChanged(ctx, card);
  return {
    message: GUEST_MSG.created,
    link_id: linkId,
    token,
    url: `${ctx.config.publicUrl}${GUEST_REVIEW_PATH}/${token}`,
    link: await loadLinkView(ctx, linkId),
  };
}

/** POST /api/card/:id/guestLinks/:linkId/revoke: a link of another card is not found; turning off twice is harmless. */
export async function revokeGuestLink(ctx: AppContext, viewer: SessionUser, cardId: number, linkId: number) {
  const { card } = await loadSharedCard(ctx, viewer, cardId);
  const [link] = await ctx.db
    .select({ id: guestLinks.id, approver: guestLinks.approver })
    .from(guestLinks)
    .where(and(eq(guestLinks.id, linkId), eq(guestLinks.cardId, cardId)))
    .limit(1);
  if (!link) throw new AppError('NOT_FOUND');
  await ctx.db
    .update(guestLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(guestLinks.id, linkId), isNull(guestLinks.revokedAt)));
  if (link.approver) await roundChanged(ctx, card);
  return { message: GUEST_MSG.revoked, link: await loadLinkView(ctx, linkId) };
}
