import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REVISION_REASONS,
  REVISION_REASON_KEY_PATTERN,
  firstPassRate,
  formatRate,
  reasonKeyOf,
  topReasons,
} from './revision-reasons.js';
import { revisionBody } from './schemas/workflow.js';

describe('first-pass rate', () => {
  it('is the share of delivered cards without a revision, in percent to one decimal', () => {
    expect(firstPassRate(4, 3)).toBe(75);
    expect(firstPassRate(3, 1)).toBe(33.3);
    expect(firstPassRate(3, 2)).toBe(66.7);
    expect(firstPassRate(1, 1)).toBe(100);
    expect(firstPassRate(5, 0)).toBe(0);
  });

  it('is null, shown as a dash, when nothing was delivered (no division by zero)', () => {
    expect(firstPassRate(0, 0)).toBeNull();
    expect(formatRate(firstPassRate(0, 0))).toBe('—');
    expect(formatRate(87.5)).toBe('87.5%');
  });

  it('never passes 100 %', () => {
    expect(firstPassRate(2, 5)).toBe(100);
  });
});

describe('top reasons', () => {
  it('ranks by count, ties by key, drops zeros and keeps at most the limit', () => {
    const counts = [
      { key: 'pacing', count: 2 },
      { key: 'audio', count: 5 },
      { key: 'colour', count: 2 },
      { key: 'style', count: 0 },
      { key: 'other', count: 1 },
    ];
    expect(topReasons(counts, 3).map((c) => c.key)).toEqual(['audio', 'colour', 'pacing']);
    expect(topReasons(counts).map((c) => c.key)).toEqual(['audio', 'colour', 'pacing', 'other']);
    expect(topReasons([])).toEqual([]);
  });
});

describe('reason keys', () => {
  it('makes a valid key from a label', () => {
    expect(reasonKeyOf('Text / typos')).toBe('text_typos');
    expect(reasonKeyOf('  Música & Sound!! ')).toBe('musica_sound');
    expect(reasonKeyOf('???')).toBe('reason');
    expect(reasonKeyOf('x'.repeat(80))).toHaveLength(40);
  });

  it('gives the eight defaults keys that match the pattern and their own labels', () => {
    expect(DEFAULT_REVISION_REASONS).toHaveLength(8);
    for (const r of DEFAULT_REVISION_REASONS) {
      expect(r.key).toMatch(REVISION_REASON_KEY_PATTERN);
      expect(reasonKeyOf(r.label)).toBe(r.key);
    }
  });

  it('lets a revision body leave reasons out (the spec body) and refuses malformed keys', () => {
    expect(revisionBody.safeParse({ card_status: 'done' }).success).toBe(true);
    expect(revisionBody.safeParse({ reasons: ['audio', 'pacing'] }).success).toBe(true);
    expect(revisionBody.safeParse({ reasons: ['Audio!'] }).success).toBe(false);
    expect(revisionBody.safeParse({ reasons: 'audio' }).success).toBe(false);
  });
});
