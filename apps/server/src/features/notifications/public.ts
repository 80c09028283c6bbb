// What other features may use of notifications/ (docs/architecture.md): the lint refuses any other way in.
export { notifyComment, notifyMove, publishCreated } from './notify.js';
