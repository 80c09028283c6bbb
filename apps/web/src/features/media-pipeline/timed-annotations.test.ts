import { describe, expect, it } from 'vitest';
import { annotationsAt, type TimedAnnotation } from './timed-annotations';

const box = (id: number, time: number, until: number | null = null): TimedAnnotation => ({
  id,
  time,
  until,
  shape: 'rect',
  x: 0.1,
  y: 0.1,
  w: 0.2,
  h: 0.2,
  label: `note ${id}`,
});
const PAL = { num: 25, den: 1 };
const ids = (time: number, list: TimedAnnotation[], rate: typeof PAL | null = PAL) =>
  annotationsAt(time, list, null, null, rate).shown.map((a) => a.id);

describe('drawings on their frame (issue 35)', () => {
  it('shows a drawing while its own frame is on screen, and not on the next', () => {
    // 2.01 s is frame 50 at 25 fps (2.00 s to 2.04 s).
    const list = [box(1, 2.01)];
    expect(ids(2.0, list)).toEqual([1]);
    expect(ids(2.039, list)).toEqual([1]);
    expect(ids(2.04, list)).toEqual([]);
    expect(ids(1.99, list)).toEqual([]);
  });

  it("shows a range note's drawing over its whole range, both end frames included", () => {
    const list = [box(2, 3.02, 4.02)];
    expect(ids(3.0, list)).toEqual([2]);
    expect(ids(3.5, list)).toEqual([2]);
    expect(ids(4.039, list)).toEqual([2]);
    expect(ids(4.04, list)).toEqual([]);
    expect(ids(2.99, list)).toEqual([]);
  });

  it('counts 30 frames a second when the rate is unknown', () => {
    const list = [box(3, 1.0)];
    expect(ids(1.03, list, null)).toEqual([3]);
    expect(ids(1.034, list, null)).toEqual([]);
  });

  it('shows the pending shape while drawing, and on its frame after', () => {
    const pending = { ...box(0, 5), time: 5 };
    expect(annotationsAt(9, [], pending, 'rect', PAL).pending).toBe(pending);
    expect(annotationsAt(5.02, [], pending, null, PAL).pending).toBe(pending);
    expect(annotationsAt(5.04, [], pending, null, PAL).pending).toBeNull();
  });
});
