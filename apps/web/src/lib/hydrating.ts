/**
 * Whether the page on screen is the first screen the server drew (and, on the server, is being drawn). Parts
 * that a client render draws in steps (a column's tiles, first-screen.ts) draw at once instead, as the server
 * did, so hydration finds the same markup. The first navigation ends it.
 */
let firstScreen = typeof window === 'undefined';

export const isServerFirstScreen = () => firstScreen;

export const setServerFirstScreen = (on: boolean) => {
  firstScreen = on;
};

/** A page component whose drawing holds a part loaded on its own: what to load before hydrating it (hydrate.tsx). */
export interface DrawnPage {
  beforeHydration?: () => Promise<unknown>;
}
