import { afterEach, describe, expect, it } from 'vitest';
import { SCREEN_PREFS_COOKIE } from '@cutroom/domain';
import { clearLocalKeys, writeLocal } from './storage';

const mirrored = () => {
  const raw = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${SCREEN_PREFS_COOKIE}=`))
    ?.slice(SCREEN_PREFS_COOKIE.length + 1);
  return raw ? (JSON.parse(decodeURIComponent(raw)) as Record<string, string>) : null;
};

afterEach(() => clearLocalKeys());

describe('stored preferences', () => {
  it("mirrors the board's into a cookie for the server's first screen, and forgets them with the rest", () => {
    writeLocal('selectedListingView', 'list');
    writeLocal('showHold', 'true');
    writeLocal('skipProfileForNow', 'true');
    expect(mirrored()).toEqual({ selectedListingView: 'list', showHold: 'true' });
    clearLocalKeys();
    expect(mirrored()).toBeNull();
  });

  it('leaves the mirror out when it would be too long for a cookie', () => {
    writeLocal('searchText', 'x'.repeat(3_000));
    expect(mirrored()).toBeNull();
  });
});
