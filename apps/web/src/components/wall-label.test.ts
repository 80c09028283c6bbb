import { describe, expect, it } from 'vitest';
import { wallLabel } from './assignment-rows';

// The closed field shows what the picker would (valueFormat 'MMM D, YYYY h:mm A [EST]'), so nothing changes when it loads.
describe('wallLabel', () => {
  it('writes New York wall time as the due-date picker does', () => {
    expect(wallLabel('2026-11-27 09:56:00')).toBe('Nov 27, 2026 9:56 AM EST');
    expect(wallLabel('2026-01-05 00:05:00')).toBe('Jan 5, 2026 12:05 AM EST');
    expect(wallLabel('2026-07-31 12:00:00')).toBe('Jul 31, 2026 12:00 PM EST');
    expect(wallLabel('2026-12-01 23:59:59')).toBe('Dec 1, 2026 11:59 PM EST');
  });
});
