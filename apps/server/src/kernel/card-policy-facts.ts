import { eq } from 'drizzle-orm';
import {
  YT_STATUSES,
  type PolicyActor,
  type PolicyCard,
  type PolicyNote,
  type Role,
  type Verdict,
} from '@cutroom/domain';
import type { Db } from '../db/client.js';
import { cards, users } from '../db/schema.js';
import type { SessionUser } from '../platform/auth.js';
import { AppError } from '../platform/errors.js';

type Card = typeof cards.$inferSelect;
type Customer = typeof users.$inferSelect;

/** The card's customer as the policy reads them; the YouTube-helper plan only where a call loads it. */
export type CustomerFacts = Pick<Customer, 'isActiveSubscription'> & Partial<Pick<Customer, 'hasYoutubeHelper'>>;

/**
 * The caller as the policy sees them. A customer only ever sees their own cards, so the card's customer
 * row is the caller's account; staff have no subscription or plan of their own.
 */
export function policyActor(viewer: SessionUser, customer: CustomerFacts): PolicyActor {
  const isCustomer = viewer.role === 'customer';
  return {
    role: viewer.role,
    id: viewer.id,
    active_subscription: isCustomer && customer.isActiveSubscription,
    // Only enableYtHelperVerdict reads the plan, and that call loads it (loadCustomerPlan).
    has_youtube_helper: isCustomer && (customer.hasYoutubeHelper ?? false),
  };
}

export type PolicyCardColumns = Pick<
  Card,
  | 'cardStatus'
  | 'clientId'
  | 'paused'
  | 'isComplete'
  | 'isRepurposeComplete'
  | 'hasRepurpose'
  | 'hasYoutubeHelper'
  | 'archivedAt'
  | 'assignedQaId'
  | 'ytCardStatus'
  | 'ytIsComplete'
>;

/** The columns a statement must select to judge a card (e.g. a batch that does not load whole rows). */
export const policyCardColumns = {
  cardStatus: cards.cardStatus,
  clientId: cards.clientId,
  paused: cards.paused,
  isComplete: cards.isComplete,
  isRepurposeComplete: cards.isRepurposeComplete,
  hasRepurpose: cards.hasRepurpose,
  hasYoutubeHelper: cards.hasYoutubeHelper,
  archivedAt: cards.archivedAt,
  assignedQaId: cards.assignedQaId,
  ytCardStatus: cards.ytCardStatus,
  ytIsComplete: cards.ytIsComplete,
};

export function policyCard(card: PolicyCardColumns): PolicyCard {
  return {
    card_status: card.cardStatus,
    client_id: card.clientId,
    paused: card.paused,
    is_complete: card.isComplete,
    is_repurpose_complete: card.isRepurposeComplete,
    has_repurpose: card.hasRepurpose,
    has_youtube_helper: card.hasYoutubeHelper,
    archived: card.archivedAt !== null,
    assigned_qa_id: card.assignedQaId,
    ytHelper_card_status: YT_STATUSES.find((s) => s === card.ytCardStatus) ?? null,
    yt_is_complete: card.ytIsComplete,
  };
}

/** A note and its author's role (the author row is joined in by the note view). */
export const policyNote = (
  note: { authorId: number | null; isDeleted: boolean; guestName?: string | null; qcKind?: string | null },
  authorRole: Role,
): PolicyNote => ({
  // Delivery QC's notes have no author: 0, as an automatic card move is shown (spec 000 §3).
  author_id: note.authorId ?? 0,
  author_role: authorRole,
  is_deleted: note.isDeleted,
  by_guest: note.guestName != null,
  by_qc: note.qcKind != null,
});

/** The plan facts of a card's customer that the card row does not carry. */
export async function loadCustomerPlan(db: Db, clientId: number) {
  const [plan] = await db
    .select({
      isActiveSubscription: users.isActiveSubscription,
      hasYoutubeHelper: users.hasYoutubeHelper,
      hasSubtitles: users.hasSubtitles,
    })
    .from(users)
    .where(eq(users.id, clientId))
    .limit(1);
  return plan;
}

/** Throws the policy's refusal as the one error path (DESIGN §5) answers it. */
export function enforce(verdict: Verdict): void {
  if (verdict) throw new AppError(verdict.code, verdict.message, verdict.field);
}
