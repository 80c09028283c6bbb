import { describe, expect, it } from 'vitest';
import { commentBody } from './chat.js';

const annotated = (annotation: unknown) =>
  commentBody.safeParse({ note: 'Brighter here', note_type: 'annotation', annotation });

describe('annotation geometry', () => {
  it('takes a thumbnail annotation without a time, at 0', () => {
    const parsed = annotated({ shape: 'oval', x: 0.2, y: 0.3, w: 0.1, h: 0.1 });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.annotation).toMatchObject({ shape: 'oval', time: 0 });
  });

  it('keeps a video annotation at its time and drops keys it does not know', () => {
    const parsed = annotated({ shape: 'point', x: 0.5, y: 0.5, time: 12.5, colour: 'red' });
    expect(parsed.data?.annotation).toEqual({ shape: 'point', x: 0.5, y: 0.5, w: 0, h: 0, time: 12.5 });
  });

  it('refuses geometry outside the frame, unknown shapes, absurd times and long versions', () => {
    for (const bad of [
      { shape: 'rect', x: 1.5, y: 0 },
      { shape: 'rect', x: 0, y: 0, w: 2 },
      { shape: 'star', x: 0, y: 0 },
      { shape: 'rect', x: 0, y: 0, time: -1 },
      { shape: 'rect', x: 0, y: 0, time: 100_000 },
      { shape: 'rect', x: 0, y: 0, version: 'v'.repeat(31) },
      { shape: 'rect', x: '0', y: 0 },
      'rect',
    ]) {
      expect(annotated(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
