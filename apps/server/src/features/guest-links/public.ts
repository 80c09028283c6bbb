// What other features may use of guest-links/ (docs/architecture.md): the lint refuses any other way in.
export { guestMayReadFile, visitOf } from './guest-visit.service.js';
