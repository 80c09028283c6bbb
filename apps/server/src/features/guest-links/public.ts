// What other features may use of guest-links/ (docs/architecture.md): the lint refuses any other way in.
// Its answer to who may read a stored file is wired into ctx.files in app.ts.
export { openVisitCard, visitOf, type GuestVisit } from './guest-visit.service.js';
