// What other features may use of card-details/ (docs/architecture.md): the lint refuses any other way in.
export { useCard } from './api/card-query';
