// What other features may use of card-details/ (docs/architecture.md): the lint refuses any other way in.
export { useCard, useChecklist } from './api';
export { plainQuote } from './chat/comment-tokens';
export { formatClock, plainTextOf } from './format';
