// What other features may use of analytics/ (docs/architecture.md): the lint refuses any other way in.
export { AnalyticsPanel } from './analytics-panel';
