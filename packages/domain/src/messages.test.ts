import { describe, expect, it } from 'vitest';
import { MSG, fill } from './messages.js';

/** Keys that deliberately share a text: the second names the same message where its callers read better. */
const ALIASES: readonly (readonly [string, string])[] = [['informationUpdated', 'linkUpdated']];

describe('the message catalogue', () => {
  it('holds each text once, apart from the listed aliases', () => {
    const keysByText = new Map<string, string[]>();
    for (const [key, text] of Object.entries(MSG)) keysByText.set(text, [...(keysByText.get(text) ?? []), key]);
    const shared = [...keysByText.values()].filter((keys) => keys.length > 1);
    expect(shared).toEqual(ALIASES.map((pair) => [...pair]));
  });

  it('fills named slots and leaves unknown ones visible', () => {
    expect(fill(MSG.fieldTooLong, { label: 'Title', max: '100' })).toBe('Title must be at most 100 characters');
    expect(fill(MSG.fieldRequired, {})).toBe('{label} is required');
  });
});
