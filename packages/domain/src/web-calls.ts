// What the web app's first pages need to call the API and hear its events before zod has loaded (issue 17).

/** The header naming the browser tab behind a call; only used to let that tab skip its own events. */
export const TAB_HEADER = 'x-cutroom-tab';

/**
 * On replies to calls that name their tab: the event stream's position before the call read anything. A stream
 * opened later asks to replay from the oldest such position, so nothing published in between is missed.
 */
export const EVENT_CURSOR_HEADER = 'x-cutroom-event-cursor';

/** The web page a guest review link opens: /review/<token> (here, not in guest-links.ts: the router's first load needs it). */
export const GUEST_REVIEW_PATH = '/review';

/** The session route's path (the contract's API.auth.me): the login page asks it without the contract. */
export const ME_PATH = '/api/me';

/** Sent on the event stream instead of events when the ones missed are too old to replay: the listener refetches. */
export const LIVE_RESYNC_EVENT = 'resync';

/** Written by the web build, read by the server: per signed-in page, its files beyond index.html's first load. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** The pages whose own files the server names in the HTML: the board and a card, the pages people open most. */
export const PRELOADED_PAGES = ['home', 'card'] as const;
export type PreloadedPage = (typeof PRELOADED_PAGES)[number];
export type RoutePreloads = Record<PreloadedPage, { js: string[]; css: string[] }>;
