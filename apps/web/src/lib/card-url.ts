// The card page's route pattern and a card's address are domain facts: mail and notifications link to cards too.
export { CARD_DETAILS_ROUTE, cardDetailsPath } from '@cutroom/domain';
