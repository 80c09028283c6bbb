// What other features may use of review-report/ (docs/architecture.md): the lint refuses any other way in.
export { createReviewReports } from './review-report.service.js';
