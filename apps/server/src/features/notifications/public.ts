// What other features may use of notifications/ (docs/architecture.md): the lint refuses any other way in.
export { notifyComment, notifyDecision, notifyMove, publishCreated } from './notify.js';
