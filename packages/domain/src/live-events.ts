/**
 * The names of the events on GET /api/events, for a browser to listen to before the schema that checks their
 * fields (schemas/live-events.ts, a test keeps the two the same) has loaded (issue 36).
 */
export const LIVE_EVENT_NAMES = [
  'card.created',
  'card.updated',
  'card.moved',
  'card.archived',
  'cards.sorted',
  'media.updated',
  'note.created',
  'note.updated',
  'notification.created',
  'notifications.read',
  'inbox.updated',
] as const;

/** A tab id the server accepts; anything else is ignored rather than echoed to other listeners. */
export const TAB_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
