import { afterEach, describe, expect, it, vi } from 'vitest';
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
  it("mirrors the board's into a cookie for the server's first screen, and forgets them with the rest", async () => {
    writeLocal('selectedListingView', 'list');
    writeLocal('showHold', 'true');
    writeLocal('skipProfileForNow', 'true');
    await vi.waitFor(() => expect(mirrored()).toEqual({ selectedListingView: 'list', showHold: 'true' }));
    clearLocalKeys();
    await vi.waitFor(() => expect(mirrored()).toBeNull());
  });

  it('leaves the mirror out when it would be too long for a cookie', async () => {
    writeLocal('showHold', 'true');
    await vi.waitFor(() => expect(mirrored()).toEqual({ showHold: 'true' }));
    writeLocal('searchText', 'x'.repeat(3_000));
    await vi.waitFor(() => expect(mirrored()).toBeNull());
  });
});
