import { describe, expect, it } from 'vitest';
import { YT_BOARD_COLUMNS, YT_LIST_TABS, YT_STATUSES, YT_STATUS_TEXT } from './card-status.js';

describe('helper status words', () => {
  it('lists every helper status once as a list tab, saying Cancelled where the board column says Canceled', () => {
    expect(YT_LIST_TABS.map((t) => t.key).sort()).toEqual([...YT_STATUSES].sort());
    expect(YT_LIST_TABS.map((t) => t.title)).toEqual([
      'Assigned',
      'In Progress',
      'Cancelled',
      'QA',
      'Review',
      'Completed',
    ]);
    expect(YT_BOARD_COLUMNS.find((c) => c.key === 'cancelled')?.title).toBe('Canceled');
  });

  it("shows a card's helper status in the words of spec 000 §4", () => {
    expect([
      YT_STATUS_TEXT.inProgress,
      YT_STATUS_TEXT.inDone,
      YT_STATUS_TEXT.completed,
      YT_STATUS_TEXT.assigned,
    ]).toEqual(['Progress', 'Review', 'Completed', 'ASSIGNED CARD']);
  });
});
