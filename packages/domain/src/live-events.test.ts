import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_NAMES } from './live-events.js';
import { LIVE_EVENT_TYPES, liveEvent } from './schemas/live-events.js';

describe('live events', () => {
  it('lists every event name once, the schema and the names a browser listens to alike', () => {
    expect([...LIVE_EVENT_TYPES].sort()).toEqual([...LIVE_EVENT_NAMES].sort());
    expect(new Set(LIVE_EVENT_NAMES).size).toBe(LIVE_EVENT_NAMES.length);
  });

  it('reads a move as the stream sends it, with the tab that made it', () => {
    const data = { card_id: 4, from: 'editing', to: 'qa', by: 2, origin: 'tab-1234abcd' };
    expect(liveEvent.parse({ type: 'card.moved', data })).toEqual({ type: 'card.moved', data });
  });

  it('refuses a payload that does not fit its type', () => {
    const bad = [
      { type: 'card.moved', data: { card_id: 4, from: 'editing', to: 'nowhere', by: 2 } },
      { type: 'card.archived', data: { archived: true } },
      { type: 'note.created', data: { card_id: 4, note_id: 1, chat: 'somewhere' } },
      { type: 'card.updated', data: { card_id: 4, origin: 'short' } },
      { type: 'card.exploded', data: { card_id: 4 } },
      { type: 'notification.created', data: { unseen: -1 } },
      { type: 'inbox.updated', data: {} },
    ];
    for (const event of bad) expect(liveEvent.safeParse(event).success).toBe(false);
  });
});
