import { defaultViewType, type Role } from '@cutroom/domain';

/** The keys the spec keeps in localStorage (000 §2); logout and a lost session clear them all. */
export const LOCAL_KEYS = [
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
  'skipProfileForNow',
  'timezone',
  'aiDataParams',
] as const;
/** A reviewer's own preferences, kept across logins (nothing about the account or its data). */
export const PREFERENCE_KEYS = ['timecodeMode', 'drawColor'] as const;
export type LocalKey = (typeof LOCAL_KEYS)[number] | (typeof PREFERENCE_KEYS)[number];

/**
 * The server draws a first screen with no storage (first-screen/render.tsx): it notes the keys the page read,
 * so the browser can tell whether its own storage would draw the same page.
 */
let noteRead: ((key: LocalKey) => void) | undefined;
export const onLocalRead = (note: (key: LocalKey) => void) => {
  noteRead = note;
};

// Storage can throw (private mode, quota); a preference is never worth a crash.
export function readLocal(key: LocalKey): string | null {
  if (import.meta.env.SSR) noteRead?.(key);
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
}

export function clearLocalKeys(): void {
  for (const key of LOCAL_KEYS) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* ignored: see readLocal */
    }
  }
}

/** Logging in picks the board mode for the role (spec 000 §1). */
export const rememberViewType = (role: Role) => writeLocal('viewType', defaultViewType(role));

export const isProfileSkipped = () => readLocal('skipProfileForNow') === 'true';
export const skipProfileForNow = () => writeLocal('skipProfileForNow', 'true');
