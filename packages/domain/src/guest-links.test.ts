import { describe, expect, it } from 'vitest';
import { guestAuthorLabel, guestLinkState, maySendGuestLinks } from './guest-links.js';
import { ROLES } from './roles.js';

describe('guest links', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('is active until its expiry, expired at and after it, and revoked whatever its expiry', () => {
    expect(guestLinkState({ expires_at: '2026-11-26T12:00:01Z', revoked_at: null }, now)).toBe('active');
    expect(guestLinkState({ expires_at: '2026-11-26T12:00:00Z', revoked_at: null }, now)).toBe('expired');
    expect(guestLinkState({ expires_at: '2026-11-20T00:00:00Z', revoked_at: null }, now)).toBe('expired');
    expect(guestLinkState({ expires_at: '2026-12-26T00:00:00Z', revoked_at: '2026-11-25T00:00:00Z' }, now)).toBe(
      'revoked',
    );
  });

  it('lets every role but the YouTube helpers send links', () => {
    const allowed = ROLES.filter(maySendGuestLinks);
    expect(allowed).toEqual(ROLES.filter((r) => r !== 'yt-helper' && r !== 'yt-helper-lead'));
    expect(allowed).toContain('customer');
  });

  it('marks a guest name as a guest', () => {
    expect(guestAuthorLabel('Ana')).toBe('Ana (guest)');
  });
});
