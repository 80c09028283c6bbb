// What other features may use of dashboard/ (docs/architecture.md): the lint refuses any other way in.
export { inRange, resolveRange, rowsOf } from './report-range.js';
export type { ReportRange } from './report-range.js';
