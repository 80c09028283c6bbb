// The board's stored preferences, mirrored into a cookie for the server's drawing of it (issue 36; lib/storage.ts).
import { SCREEN_PREFS_COOKIE, SCREEN_PREFS_MAX_CHARS } from '@cutroom/domain';
import { readLocal, type LocalKey } from './storage';

export function mirror(keys: readonly LocalKey[]) {
  const values: Record<string, string> = {};
  for (const key of keys) {
    const value = readLocal(key);
    if (value !== null) values[key] = value;
  }
  const text = encodeURIComponent(JSON.stringify(values));
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // Too long (a long search) means no mirror: the server draws the default board and the browser its own.
  const keep = text.length <= SCREEN_PREFS_MAX_CHARS && Object.keys(values).length > 0;
  document.cookie = `${SCREEN_PREFS_COOKIE}=${keep ? text : ''}; Path=/; SameSite=Lax; Max-Age=${keep ? 31_536_000 : 0}${secure}`;
}
