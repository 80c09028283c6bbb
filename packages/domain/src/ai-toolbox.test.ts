import { describe, expect, it } from 'vitest';
import { cutText, durationText, parseAiItems, plainText } from './ai-toolbox.js';

describe('parseAiItems', () => {
  it('reads a numbered list, dropping the preamble and keeping continuation lines', () => {
    const answer = 'Here are some ideas:\n\n1. First idea\n   with more detail\n2) **Second idea**\n3. Third';
    expect(parseAiItems(answer, 'ideas')).toEqual(['First idea\nwith more detail', 'Second idea', 'Third']);
  });

  it('reads bullets, a JSON list (also fenced, or of objects) and plain paragraphs', () => {
    expect(parseAiItems('- One\n* Two\n• Three', 'title')).toEqual(['One', 'Two', 'Three']);
    expect(parseAiItems('```json\n["A title", "B title"]\n```', 'title')).toEqual(['A title', 'B title']);
    expect(parseAiItems('{"ideas": [{"title": "A", "description": "why"}]}', 'ideas')).toEqual(['A: why']);
    expect(parseAiItems('First paragraph.\n\nSecond paragraph.', 'ideas')).toEqual([
      'First paragraph.',
      'Second paragraph.',
    ]);
  });

  it('keeps a script whole, gives nothing for an empty answer and caps a runaway list', () => {
    expect(parseAiItems('Hook\n\n1. Part one\n2. Part two', 'script')).toEqual(['Hook\n\n1. Part one\n2. Part two']);
    expect(parseAiItems('  \n ', 'ideas')).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => `${i + 1}. Item ${i}`).join('\n');
    expect(parseAiItems(many, 'title')).toHaveLength(20);
  });
});

describe('saved-list text', () => {
  it('cuts at 70 characters with ..., shows durations with spaces, flattens rich text', () => {
    expect(cutText('x'.repeat(70))).toBe('x'.repeat(70));
    expect(cutText('x'.repeat(71))).toBe(`${'x'.repeat(70)}...`);
    expect(durationText('short_duration_video')).toBe('short duration video');
    expect(durationText(null)).toBe('');
    expect(plainText('<p>One &amp; <strong>two</strong></p><ul><li>three</li></ul>')).toBe('One & two three');
  });
});
