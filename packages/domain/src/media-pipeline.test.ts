import { describe, expect, it } from 'vitest';
import { spokenDuration } from './media-pipeline.js';

describe('spokenDuration', () => {
  it('says a limit in whole units, singular for one', () => {
    expect(spokenDuration(60_000)).toBe('1 minute');
    expect(spokenDuration(120 * 60_000)).toBe('2 hours');
    expect(spokenDuration(90 * 60_000)).toBe('90 minutes');
    expect(spokenDuration(3_600_000)).toBe('1 hour');
    expect(spokenDuration(45_000)).toBe('45 seconds');
    // A limit under a second (tests) still reads as a time, never "0 minutes".
    expect(spokenDuration(1)).toBe('1 second');
  });
});
