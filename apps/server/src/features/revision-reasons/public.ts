// What other features may use of revision-reasons/ (docs/architecture.md): the lint refuses any other way in.
export { recordRevision } from './revision-reasons.service.js';
