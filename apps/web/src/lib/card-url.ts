/** The card page's route pattern, for the router's table. */
export const CARD_DETAILS_ROUTE = '/card-details/:cardId';

/** Where a card opens: tiles, list rows, the quick view's 'Open page' and every redirect to a card. */
export const cardDetailsPath = (cardId: number) => CARD_DETAILS_ROUTE.replace(':cardId', String(cardId));
