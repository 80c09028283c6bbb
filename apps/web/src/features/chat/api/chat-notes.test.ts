import { describe, expect, it } from 'vitest';
import { mergeNotes, nextChatOffset, type ChatData } from './chat-notes';
import { makeNote } from '../../../test/card-test-kit';

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
