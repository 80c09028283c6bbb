// The board's stored preferences, mirrored into a cookie for the server's drawing of it (issue 36; lib/storage.ts).
import { SCREEN_PREFS_COOKIE, SCREEN_PREFS_MAX_CHARS } from '@cutroom/domain';

/** Writes the board's stored values (read by storage.ts's reader, passed in) into the cookie, or clears it. */
export function mirror<K extends string>(keys: readonly K[], read: (key: K) => string | null) {
  const values: Record<string, string> = {};
  for (const key of keys) {
    const value = read(key);
    if (value !== null) values[key] = value;
  }
  const text = encodeURIComponent(JSON.stringify(values));
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // Too long (a long search) means no mirror: the server draws the default board and the browser its own.
  const keep = text.length <= SCREEN_PREFS_MAX_CHARS && Object.keys(values).length > 0;
  document.cookie = `${SCREEN_PREFS_COOKIE}=${keep ? text : ''}; Path=/; SameSite=Lax; Max-Age=${keep ? 31_536_000 : 0}${secure}`;
}
