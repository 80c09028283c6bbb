// The server render's interface (issue 36), once for both sides: the web build's `renderFirstScreen`
// (apps/web/src/first-screen/render.tsx) implements it, the server (platform/first-screen.ts) calls it.

export interface FirstScreenInput {
  /** The page's address (path and query) as the browser asked for it. */
  url: string;
  /** The origin the browser asked (scheme, host and port). */
  origin: string;
  /** Answers the page's API calls as the visitor (the server's own routes, with the visitor's cookies). */
  call: typeof fetch;
  /** How long the page's data may take before the render gives up (the plain page is sent instead). */
  timeoutMs: number;
  /** Whether the visitor's screen is likely a phone's (lib/phone-layout.ts): the parts laid out for it are drawn so. */
  phone: boolean;
  /** The server's rich-text sanitizer (the allow-list lib/safe-html.ts keeps in the browser). */
  sanitize: (html: string) => string;
  /** The visitor's mirrored preferences (lib/storage.ts), as its cookie says. */
  stored: Record<string, string>;
}

export interface FirstScreen {
  /** The page's markup, for index.html's #root. */
  html: string;
  /** The script that hands the data the markup was made from to the client. */
  state: string;
}

/** The element of a drawn page holding the data its markup was made from (the web's first-screen/state.ts). */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';

/** The server render module: the first screen of a signed-in page, or null when the plain page should go. */
export interface FirstScreenRenderer {
  renderFirstScreen(input: FirstScreenInput): Promise<FirstScreen | null>;
}

/**
 * The attribute on #root of a page the server drew, until the app has taken it over: the start script
 * (apps/web/public/first-screen-start.js, which spells it too) holds taps while it is there. No style reads it,
 * so taking it off restyles nothing (`inert` restyled the whole page).
 */
export const DRAWN_PAGE_MARK = 'data-drawn';

/**
 * A tile's or a row's own controls: a tap on one is theirs, a tap elsewhere on the tile follows its title link
 * (the web's lib/follow-own-link.ts, and the start script of a phone's drawn page, which the server hands it to).
 */
export const OWN_LINK_CONTROLS = 'a, button, input, textarea, select, label, [role="menuitem"]';
