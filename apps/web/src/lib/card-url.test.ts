import { describe, expect, it } from 'vitest';
import { CARD_DETAILS_ROUTE, cardDetailsPath } from './card-url';

describe('card address', () => {
  it('fills the route pattern with the card id', () => {
    expect(CARD_DETAILS_ROUTE).toBe('/card-details/:cardId');
    expect(cardDetailsPath(7)).toBe('/card-details/7');
  });
});
