import { RATING_REASON_MIN, type RATING_ADMIN_PARTS } from '@cutroom/domain';
import type { API, CallInput } from '@cutroom/domain/contract';

export type RatingPart = (typeof RATING_ADMIN_PARTS)[number];

/** A new value goes to /api/rating/update, a new QA alone to /api/assignNewQA. */
export type RatingChange =
  | { kind: 'rating'; body: CallInput<typeof API.rating.update>['body'] }
  | { kind: 'qa'; body: CallInput<typeof API.rating.assignNewQa>['body'] };

export interface RatingDraft {
  part: RatingPart | null;
  reason: string;
  /** The stars chosen, 0 for none. */
  rating: number;
  /** The part's rating now, null when it has none. */
  currentRating: number | null;
  newQa: number | null;
}

/**
 * The one place the submit rule lives (spec 002 §5; the server checks the same): a part is chosen, the
 * reason is longer than 5 characters, and the rating differs from the current one or a new QA is
 * chosen for a part that has a rating. Null while the draft breaks it, else the request it becomes.
 */
export function ratingChangeOf(cardId: number, draft: RatingDraft): RatingChange | null {
  const ratingReason = draft.reason.trim();
  if (!draft.part || ratingReason.length < RATING_REASON_MIN) return null;
  const cardType = draft.part;
  if (draft.rating > 0 && draft.rating !== draft.currentRating) {
    const newQA = draft.newQa ?? undefined;
    return { kind: 'rating', body: { cardId, cardType, rating: draft.rating, ratingReason, newQA } };
  }
  // Moving a rating needs one to move: an unrated part takes stars first.
  if (draft.newQa !== null && draft.currentRating !== null) {
    return { kind: 'qa', body: { cardId, cardType, ratingReason, newQA: draft.newQa } };
  }
  return null;
}
