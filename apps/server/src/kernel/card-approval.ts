import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { fullName, roundOf, type ApprovalRule, type DownloadPolicy } from '@cutroom/domain';
import type { ApprovalView } from '@cutroom/domain/schemas';
import type { Db } from '../db/client.js';
import { cardDecisions, cardVideos, guestLinks, users } from '../db/schema.js';

/** A reviewer's key in `card_decisions.reviewer`: the card's customer, or a guest by their link. */
export const CUSTOMER_REVIEWER = 'customer';
export const guestReviewer = (linkId: number) => `guest:${linkId}`;

/** The card's latest delivered main version (`card_videos.version`), or null before the first delivery. */
export async function latestVersion(db: Db, cardId: number): Promise<number | null> {
  const [row] = await db
    .select({ version: max(cardVideos.version) })
    .from(cardVideos)
    .where(and(eq(cardVideos.cardId, cardId), eq(cardVideos.kind, 'done')));
  return row?.version ?? null;
}

/**
 * The approval round of the card's latest delivered version (issue 52): its approvers are the customer and
 * the guests of approver links still working (a revoked or expired link is no longer waited for).
 */
export async function cardApproval(
  db: Db,
  card: { id: number; clientId: number; approvalRule: ApprovalRule },
  /** Another delivered version's round than the latest (a download asks of the version it wants). */
  ofVersion?: number,
): Promise<ApprovalView> {
  const version = ofVersion ?? (await latestVersion(db, card.id));
  if (version === null) return null;
  const [[customer], links, decisions] = await Promise.all([
    db.select({ firstname: users.firstname, lastname: users.lastname }).from(users).where(eq(users.id, card.clientId)),
    db
      .select({ id: guestLinks.id, label: guestLinks.label })
      .from(guestLinks)
      .where(
        and(
          eq(guestLinks.cardId, card.id),
          eq(guestLinks.approver, true),
          isNull(guestLinks.revokedAt),
          sql`${guestLinks.expiresAt} > now()`,
        ),
      )
      .orderBy(asc(guestLinks.id)),
    db
      .select()
      .from(cardDecisions)
      .where(and(eq(cardDecisions.cardId, card.id), eq(cardDecisions.videoVersion, version)))
      .orderBy(asc(cardDecisions.updatedAt), asc(cardDecisions.id)),
  ]);
  const decided = new Map(decisions.map((d) => [d.reviewer, d.name]));
  const approvers = [
    { key: CUSTOMER_REVIEWER, name: fullName(customer?.firstname, customer?.lastname) || 'The customer' },
    ...links.map((link, i) => {
      const key = guestReviewer(link.id);
      return { key, name: decided.get(key) ?? link.label ?? `Guest ${i + 1}` };
    }),
  ];
  return {
    video_version: version,
    ...roundOf(
      card.approvalRule,
      approvers,
      decisions.map((d) => ({
        key: d.reviewer,
        name: d.name,
        side: d.guestLinkId === null ? 'customer' : 'guest',
        decision: d.decision,
        note: d.note,
        at: d.updatedAt.toISOString(),
        watched: d.watched,
      })),
    ),
  };
}

/**
 * Whether a version's original is still held back from the customer's side (issue 52): their originals
 * unlock on approval, and neither the version's round (`round`, when already read) nor the card's completion
 * of that latest version has approved it. Staff are never held back; the caller asks only for the customer's side.
 */
export async function originalLocked(
  db: Db,
  row: {
    card: { id: number; clientId: number; approvalRule: ApprovalRule; isComplete: boolean; cardStatus: string };
    client: { downloadPolicy: DownloadPolicy };
  },
  version: number,
  round?: ApprovalView,
): Promise<boolean> {
  if (row.client.downloadPolicy !== 'after_approval') return false;
  const complete = row.card.isComplete || row.card.cardStatus === 'completed_done';
  if (complete && (await latestVersion(db, row.card.id)) === version) return false;
  const approval = round?.video_version === version ? round : await cardApproval(db, row.card, version);
  return !approval?.approved;
}
