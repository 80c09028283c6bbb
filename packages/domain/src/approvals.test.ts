import { describe, expect, it } from 'vitest';
import { mergeRanges, roundOf, unwatched, watchedShare } from './approvals.js';

describe('played ranges', () => {
  it('merge overlapping and touching ranges, in order, dropping empty ones', () => {
    expect(
      mergeRanges([
        [10, 20],
        [0, 5],
        [5, 8],
        [15, 30],
        [40, 40],
      ]),
    ).toEqual([
      [0, 8],
      [10, 30],
    ]);
  });

  it('cover a share of the video, counting what overlaps once and nothing past its end', () => {
    expect(
      watchedShare(
        [
          [0, 30],
          [20, 50],
          [90, 130],
        ],
        100,
      ),
    ).toBe(0.6);
    expect(watchedShare([[0, 10]], null)).toBeNull();
    expect(watchedShare([[0, 10]], 0)).toBeNull();
  });

  it('leave out the stretches not played, half a second or more', () => {
    expect(
      unwatched(
        [
          [0, 42],
          [70, 99.8],
        ],
        100,
      ),
    ).toEqual([[42, 70]]);
    expect(unwatched([], 12)).toEqual([[0, 12]]);
  });
});

describe('a round', () => {
  const approvers = [
    { key: 'customer', name: 'Cleo' },
    { key: 'guest:1', name: 'Legal' },
  ];
  const said = (key: string, decision: 'approved' | 'changes_requested') => ({
    key,
    name: key,
    side: 'guest' as const,
    decision,
    note: null,
    at: '',
    watched: null,
  });

  it('under all waits for every approver; under any one approval is enough', () => {
    expect(roundOf('all', approvers, [said('customer', 'approved')])).toMatchObject({
      approved: false,
      pending: ['Legal'],
    });
    expect(roundOf('any', approvers, [said('guest:1', 'approved')])).toMatchObject({ approved: true });
    expect(roundOf('any', approvers, [said('guest:1', 'changes_requested')])).toMatchObject({ approved: false });
    expect(roundOf('all', approvers, [said('customer', 'approved'), said('guest:1', 'approved')])).toMatchObject({
      approved: true,
      pending: [],
    });
  });
});
