// What other features may use of chat/ (docs/architecture.md, "Boundaries"): the lint refuses any other way in.
export { ChecklistBadge } from './revision-checklist';
export { checklistQuery, refreshChecklist, useChecklist } from './api/revision-checklist';
export { chatNotesQuery, syncChat, useChatNotes } from './api/chat-notes';
export { ChatPanel, orderedNotes } from './chat-panel';
export { CommentComposer } from './comment-composer';
