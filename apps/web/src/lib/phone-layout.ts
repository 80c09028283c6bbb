import { useSyncExternalStore } from 'react';
import { PHONE_SCREEN_QUERY as QUERY, SIDEBAR_COLLAPSE_PX } from '@cutroom/domain';

let list: MediaQueryList | undefined;
const media = () => (list ??= window.matchMedia(QUERY));

/** What a server-drawn page assumed (first-screen/render.tsx from the request, hydrate.tsx from the page). */
let serverGuess = () => false;
export const setServerPhoneGuess = (get: () => boolean) => {
  serverGuess = get;
};

const following = (read: () => MediaQueryList) => (onChange: () => void) => {
  const mql = read();
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
};
const subscribe = following(media);

/**
 * Whether the screen is a phone's (≤ MOBILE_PX wide), for the parts laid out differently there. A page the
 * server drew was drawn with its guess from the request and hydrates with it; only when the screen says
 * otherwise is the part drawn again (issue 36: a phone's list was always drawn twice).
 */
export const usePhoneLayout = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => media().matches,
    () => serverGuess(),
  );

// Mantine's AppShell folds the sidebar into a drawer below its breakpoint (app-layout.tsx).
// Asked afresh each time (microseconds): always the current window's answer, a test's too.
const drawerMedia = () => window.matchMedia(`(max-width: ${SIDEBAR_COLLAPSE_PX - 0.02}px)`);
const subscribeDrawer = following(drawerMedia);

/** Whether the sidebar is a drawer on this screen (a phone's or a narrow window's); the server guesses from a phone. */
export const useSidebarIsDrawer = (): boolean =>
  useSyncExternalStore(
    subscribeDrawer,
    () => drawerMedia().matches,
    () => serverGuess(),
  );

const unchanging = () => () => {};

// Reading innerWidth makes the browser lay the page out first if anything changed: React reads a snapshot again
// after every commit, and each read was a layout of the whole page while the card's page hydrated. So it is read
// once per window (a test's each has its own) and again on a resize.
let measured: { of: Window; width: number } | undefined;
function windowWidth(): number {
  if (measured?.of !== window) {
    const of = window;
    measured = { of, width: of.innerWidth };
    of.addEventListener('resize', () => {
      if (measured?.of === of) measured.width = of.innerWidth;
    });
  }
  return measured.width;
}
/** What the server assumes of a phone's and another screen's width, for a part drawn by width. */
const GUESSED_WIDTH = { phone: 412, other: 1280 } as const;

/**
 * The window's width as the part is drawn (not followed after: a player keeps its source); on a page the
 * server drew, the width it assumed until hydrated, then the browser's.
 */
export const useDrawnWidth = (): number =>
  useSyncExternalStore(unchanging, windowWidth, () => (serverGuess() ? GUESSED_WIDTH.phone : GUESSED_WIDTH.other));

/** Something only the browser can tell (a format it plays): the server's stand-in while a drawn page hydrates. */
export const useBrowserValue = <T extends string | number | boolean | null>(read: () => T, onServer: T): T =>
  useSyncExternalStore(unchanging, read, () => onServer);
