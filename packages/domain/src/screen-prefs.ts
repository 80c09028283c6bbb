// Apart from constants.ts: the web app's first load holds that file, and these are for its board (issue 36).

/**
 * The board's stored preferences (the browser's localStorage keys it reads) mirrored for the server, which
 * draws the board as this browser would (issue 36): URI-encoded JSON, written by the web app's storage.
 */
export const SCREEN_PREFS_COOKIE = 'cutroom_screen';
/** Longer is ignored: the server draws without the mirror (and the browser draws its own board). */
export const SCREEN_PREFS_MAX_CHARS = 2_000;
