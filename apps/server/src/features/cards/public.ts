// What other features may use of cards/ (docs/architecture.md): the lint refuses any other way in.
export { audienceOf, loadVisibleCard } from './card-access.js';
export {
  enforce,
  loadCustomerPlan,
  policyActor,
  policyCard,
  policyCardColumns,
  policyNote,
} from './card-policy-facts.js';
export type { PolicyCardColumns } from './card-policy-facts.js';
export { loadActivity, selectCards, selectTiles, toCardTile } from './card-view.js';
export type { CardRow } from './card-view.js';
export { visibleCardsWhere } from './card-visibility.js';
export type { CardViewer } from './card-visibility.js';
export { requestAllowance, requestsThisPeriod } from './request-allowance.js';
export { requestCustomer } from './request-customer.js';
