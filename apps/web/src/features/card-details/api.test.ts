import { describe, expect, it } from 'vitest';
import { mergeNotes, nextChatOffset, type ChatData } from './api';
import { formatClock, playerClock } from './format';
import { decodeCardId } from './paths';
import { makeNote } from './test-kit';

const page = (ids: number[], count: number, since = 't0') => ({
  notes: ids.map((id) => makeNote({ note_id: id, note: `n${id}` })),
  count,
  since,
});
const data = (...pages: ReturnType<typeof page>[]): ChatData => ({ pages, pageParams: pages.map((_, i) => i * 2) });

describe('chat paging and live merges', () => {
  it('asks for older notes from what it holds, and stops when it holds them all', () => {
    expect(nextChatOffset([page([5, 4], 5)])).toBe(2);
    expect(nextChatOffset([page([5, 4], 5), page([3, 2], 5)])).toBe(4);
    expect(nextChatOffset([page([5, 4], 5), page([3, 2], 5), page([1], 5)])).toBeUndefined();
  });

  it('replaces changed notes in place, puts new ones on top and moves the poll mark', () => {
    const merged = mergeNotes(
      data(page([5, 4], 5), page([3, 2], 5)),
      [
        makeNote({ note_id: 3, note: 'edited' }),
        makeNote({ note_id: 7, note: 'n7' }),
        makeNote({ note_id: 6, note: 'n6' }),
      ],
      't1',
    );
    expect(merged.pages[0]!.notes.map((n) => n.note_id)).toEqual([7, 6, 5, 4]);
    expect(merged.pages[0]!.count).toBe(7);
    expect(merged.pages[0]!.since).toBe('t1');
    expect(merged.pages[1]!.notes.find((n) => n.note_id === 3)!.note).toBe('edited');
    // Held notes grew by two, so the next older page starts two further down.
    expect(nextChatOffset(merged.pages)).toBe(6);
  });

  it('leaves an edited note from a page not yet loaded for that page', () => {
    const merged = mergeNotes(data(page([5, 4], 5)), [makeNote({ note_id: 1, note: 'old, edited' })]);
    expect(merged.pages[0]!.notes.map((n) => n.note_id)).toEqual([5, 4]);
    expect(nextChatOffset(merged.pages)).toBe(2);
  });

  it('adds the same note once however often it arrives', () => {
    const once = mergeNotes(data(page([1], 1)), [makeNote({ note_id: 2 })]);
    const twice = mergeNotes(once, [makeNote({ note_id: 2 })]);
    expect(twice.pages[0]!.notes.map((n) => n.note_id)).toEqual([2, 1]);
    expect(twice.pages[0]!.count).toBe(2);
  });
});

describe('times and addresses', () => {
  it('formats timecodes as m:ss or h:mm:ss', () => {
    expect([formatClock(0), formatClock(9.9), formatClock(83), formatClock(3725)]).toEqual([
      '0:00',
      '0:09',
      '1:23',
      '1:02:05',
    ]);
  });

  it("rounds the player's length and reads the length at the end, not a second short (issue 18)", () => {
    expect(playerClock(0, 7.97)).toBe('0:00 / 0:08');
    expect(playerClock(7.5, 7.97)).toBe('0:07 / 0:08');
    expect(playerClock(7.97, 7.97)).toBe('0:08 / 0:08');
    expect(playerClock(3.2, 3.4)).toBe('0:03 / 0:03');
    expect(playerClock(0, 0)).toBe('0:00 / 0:00');
    expect(playerClock(0, Number.NaN)).toBe('0:00 / 0:00');
    expect(playerClock(3724.6, 3725.4)).toBe('1:02:04 / 1:02:05');
  });

  it('decodes card ids from plain, URI-encoded and base64 forms', () => {
    expect(decodeCardId('42')).toBe(42);
    expect(decodeCardId(encodeURIComponent('42'))).toBe(42);
    expect(decodeCardId(btoa('42'))).toBe(42);
    expect(decodeCardId('abc')).toBeNull();
    expect(decodeCardId('0')).toBeNull();
    expect(decodeCardId('99999999999')).toBeNull();
  });
});
