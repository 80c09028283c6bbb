import { describe, expect, it } from 'vitest';
import { ROLES, defaultViewType, mayUseYtMode } from './roles.js';

describe('the board mode switch', () => {
  it('is offered to every staff role, who may all see helper cards, and to customers with the helper plan', () => {
    for (const role of ROLES.filter((r) => r !== 'customer')) {
      expect(mayUseYtMode(role, false), role).toBe(true);
    }
    expect(mayUseYtMode('customer', true)).toBe(true);
    expect(mayUseYtMode('customer', false)).toBe(false);
  });

  it('opens the helper board for helper roles only', () => {
    expect(ROLES.filter((r) => defaultViewType(r) === 'yt-helper')).toEqual(['yt-helper', 'yt-helper-lead']);
  });
});
