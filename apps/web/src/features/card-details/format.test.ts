import { describe, expect, it } from 'vitest';
import { formatClock, playerClock } from './format';

describe('times and addresses', () => {
  it('formats timecodes as m:ss or h:mm:ss', () => {
    expect([formatClock(0), formatClock(9.9), formatClock(83), formatClock(3725)]).toEqual([
      '0:00',
      '0:09',
      '1:23',
      '1:02:05',
    ]);
  });

  it("rounds the player's length and reads the length at the end, not a second short (issue 18)", () => {
    expect(playerClock(0, 7.97)).toBe('0:00 / 0:08');
    expect(playerClock(7.5, 7.97)).toBe('0:07 / 0:08');
    expect(playerClock(7.97, 7.97)).toBe('0:08 / 0:08');
    expect(playerClock(3.2, 3.4)).toBe('0:03 / 0:03');
    expect(playerClock(0, 0)).toBe('0:00 / 0:00');
    expect(playerClock(0, Number.NaN)).toBe('0:00 / 0:00');
    expect(playerClock(3724.6, 3725.4)).toBe('1:02:04 / 1:02:05');
  });
});
