import { describe, expect, it } from 'vitest';
import { ratingChangeOf, type RatingDraft } from './rating-rule';

const draft = (overrides: Partial<RatingDraft> = {}): RatingDraft => ({
  part: 'done',
  reason: 'Customer asked again',
  rating: 3,
  currentRating: 3,
  newQa: null,
  ...overrides,
});

describe('the rating submit rule', () => {
  it('needs a part and a reason longer than 5 characters (spaces aside)', () => {
    expect(ratingChangeOf(7, draft({ part: null, rating: 5 }))).toBeNull();
    expect(ratingChangeOf(7, draft({ reason: '  12345  ', rating: 5 }))).toBeNull();
    expect(ratingChangeOf(7, draft({ reason: '123456', rating: 5 }))).not.toBeNull();
  });

  it('needs a changed rating or a new QA', () => {
    expect(ratingChangeOf(7, draft())).toBeNull();
    expect(ratingChangeOf(7, draft({ rating: 4 }))).toEqual({
      kind: 'rating',
      body: { cardId: 7, cardType: 'done', rating: 4, ratingReason: 'Customer asked again', newQA: undefined },
    });
    expect(ratingChangeOf(7, draft({ newQa: 21 }))).toEqual({
      kind: 'qa',
      body: { cardId: 7, cardType: 'done', ratingReason: 'Customer asked again', newQA: 21 },
    });
    expect(ratingChangeOf(7, draft({ rating: 1, newQa: 21 }))?.body).toMatchObject({ rating: 1, newQA: 21 });
  });

  it('gives an unrated part stars before moving it to another QA', () => {
    expect(ratingChangeOf(7, draft({ currentRating: null, rating: 0, newQa: 21 }))).toBeNull();
    expect(ratingChangeOf(7, draft({ currentRating: null, rating: 2, newQa: 21 }))?.kind).toBe('rating');
  });
});
