// What other features may use of chat/ (docs/architecture.md): the lint refuses any other way in.
export { loadChatCard, publish } from './chat.service.js';
export { annotationAt, fitWithinVideo, momentOfNewNote } from './note-moment.js';
