import { describe, expect, it } from 'vitest';
import { SCREEN_PREFS_MAX_CHARS } from '@cutroom/domain';
import { storedPreferences } from './first-screen.js';

describe("the board's mirrored preferences", () => {
  it('reads an object of strings, encoded or not, and nothing else', () => {
    const prefs = { viewType: 'normal', selectedListingView: 'list', searchText: 'café; "x"' };
    expect(storedPreferences(JSON.stringify(prefs))).toEqual(prefs);
    expect(storedPreferences(encodeURIComponent(JSON.stringify(prefs)))).toEqual(prefs);
    for (const bad of [undefined, '', 'nope', '[1,2]', 'null', '"text"', '{"viewType":1}', '%E0%A4%A']) {
      expect(storedPreferences(bad)).toEqual({});
    }
    expect(storedPreferences(JSON.stringify({ searchText: 'x'.repeat(SCREEN_PREFS_MAX_CHARS) }))).toEqual({});
  });
});
