import { SCREEN_PREFS_COOKIE, SCREEN_PREFS_MAX_CHARS, defaultViewType, type Role } from '@cutroom/domain';

/** The board's keys: its first screen reads them, so they are mirrored into a cookie for the server's drawing. */
const BOARD_KEYS = [
  'viewType',
  'viewAs',
  'activeTab',
  'listSearchText',
  'listViewAs',
  'searchText',
  'showCanceled',
  'showHold',
  'showRepurposed',
  'selectedListingView',
] as const;
/** The keys the spec keeps in localStorage (000 §2); logout and a lost session clear them all. */
export const LOCAL_KEYS = [...BOARD_KEYS, 'skipProfileForNow', 'timezone', 'aiDataParams'] as const;
/** A reviewer's own preferences, kept across logins (nothing about the account or its data). */
export const PREFERENCE_KEYS = ['timecodeMode', 'drawColor'] as const;
export type LocalKey = (typeof LOCAL_KEYS)[number] | (typeof PREFERENCE_KEYS)[number];

const MIRRORED = new Set<LocalKey>(BOARD_KEYS);

/**
 * The server draws a first screen from the mirror (first-screen/render.tsx): it answers the page's reads and
 * notes what it answered, so the browser can tell whether its own storage draws the same page.
 */
let serverRead: ((key: LocalKey) => string | null) | undefined;
export const onLocalRead = (read: (key: LocalKey) => string | null) => {
  serverRead = read;
};

function mirror() {
  const values: Record<string, string> = {};
  for (const key of MIRRORED) {
    const value = readLocal(key);
    if (value !== null) values[key] = value;
  }
  const text = encodeURIComponent(JSON.stringify(values));
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // Too long (a long search) means no mirror: the server draws the default board and the browser its own.
  const keep = text.length <= SCREEN_PREFS_MAX_CHARS && Object.keys(values).length > 0;
  document.cookie = `${SCREEN_PREFS_COOKIE}=${keep ? text : ''}; Path=/; SameSite=Lax; Max-Age=${keep ? 31_536_000 : 0}${secure}`;
}

// Storage can throw (private mode, quota); a preference is never worth a crash.
export function readLocal(key: LocalKey): string | null {
  if (import.meta.env.SSR) return serverRead?.(key) ?? null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: LocalKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* ignored: see readLocal */
  }
  if (MIRRORED.has(key)) mirror();
}

export function clearLocalKeys(): void {
  for (const key of LOCAL_KEYS) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* ignored: see readLocal */
    }
  }
  mirror();
}

/** Logging in picks the board mode for the role (spec 000 §1). */
export const rememberViewType = (role: Role) => writeLocal('viewType', defaultViewType(role));

export const isProfileSkipped = () => readLocal('skipProfileForNow') === 'true';
export const skipProfileForNow = () => writeLocal('skipProfileForNow', 'true');
