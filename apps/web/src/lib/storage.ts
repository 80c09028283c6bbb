import { defaultViewType, type Role } from '@cutroom/domain';

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

/**
 * The server draws a first screen from the mirror (first-screen/render.tsx): it answers the page's reads and
 * notes what it answered, so the browser can tell whether its own storage draws the same page.
 */
let serverRead: ((key: LocalKey) => string | null) | undefined;
export const onLocalRead = (read: (key: LocalKey) => string | null) => {
  serverRead = read;
};

/** The mirror's code loads on its first write, off the first load (first-load-budget.ts). */
const mirror = () =>
  void import('./screen-prefs').then(
    (m) => m.mirror(BOARD_KEYS, readLocal),
    () => {},
  );

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
  // The mirror keeps the board's keys only; any write refreshes it.
  mirror();
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
