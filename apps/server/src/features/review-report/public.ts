// What other features may use of review-report/ (docs/architecture.md): the lint refuses any other way in.
export { reviewReport } from './review-report.service.js';
