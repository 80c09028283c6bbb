// What other features may use of settings/ (docs/architecture.md): the lint refuses any other way in.
export { todayInNewYork, violates } from './settings.service.js';
