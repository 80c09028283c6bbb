// The page around a first screen the server drew (issue 36; first-screen.ts draws it).
import {
  DRAWN_PAGE_MARK,
  FIRST_SCREEN_STATE_ID,
  LIVE_EVENT_NAMES,
  LIVE_RESYNC_EVENT,
  OWN_LINK_CONTROLS,
  PHONE_SCREEN_QUERY,
  SESSION_ENDED_EVENT,
} from '@cutroom/domain';

/** index.html's #root with its loading mark, which a drawn first screen takes the place of (whitespace too: React hydrates every node). */
const ROOT_WITH_MARK = /<div id="root">\s*<!--boot-->[\s\S]*<!--\/boot-->\s*<\/div>/;
/** The build's entry script and its module preloads in index.html's head. */
const ENTRY = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;
/** apps/web/public/first-screen-start.js */
export const START_SCRIPT = '/first-screen-start.js';

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * What the start script needs to wait for a phone's first touch: the page's data, its screen, the stream's
 * events that change what it shows, and a tile's controls (a tap off them follows the tile's link). A job's
 * progress shows on its own card's page only, not on the board.
 */
function onTouch(cardId: number | null): string {
  const events = [...LIVE_EVENT_NAMES, LIVE_RESYNC_EVENT, SESSION_ENDED_EVENT].filter(
    (type) => cardId !== null || type !== 'media.updated',
  );
  return (
    ` data-start="touch" data-state="${FIRST_SCREEN_STATE_ID}"` +
    ` data-phone-screen="${attribute(PHONE_SCREEN_QUERY)}"` +
    ` data-events="${attribute(JSON.stringify(events))}"` +
    ` data-controls="${attribute(OWN_LINK_CONTROLS)}"` +
    (cardId === null ? '' : ` data-card="${cardId}"`)
  );
}

/**
 * index.html with a drawn first screen: the markup in #root, marked until the app has taken it over
 * (app/routes.tsx; the start script holds a tap until then and replays it), the data it was drawn from, and the
 * app's scripts started once the page has painted (public/first-screen-start.js) rather than from the head,
 * where on a slow phone they share the connection with the style sheets and run before the first paint.
 * `modules` are the route's own scripts, fetched with the entry's; `later` the files of the page a tap opens
 * next (the card from the board, the board from a card), fetched once the page is idle and run on use.
 * A page drawn for a phone starts its app on the first touch, key or focus, or on a change the event stream
 * tells (issue 55): until then it is the server's HTML, its links plain links. `cardId` is a card page's.
 */
export function drawnPage(
  html: string,
  drawn: { html: string; state: string; phone?: boolean },
  modules: string[],
  later: string[] = [],
  cardId: number | null = null,
): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry || !ROOT_WITH_MARK.test(html)) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const start =
    `<script defer src="${START_SCRIPT}" data-app="${attribute(entry)}"` +
    ` data-modules="${attribute(JSON.stringify([...new Set([...preloads, ...modules])]))}"` +
    ` data-later="${attribute(JSON.stringify(later))}"` +
    (drawn.phone ? onTouch(cardId) : '') +
    '></script>';
  return html
    .replace(ENTRY, '')
    .replace(MODULE_PRELOAD, '')
    .replace(ROOT_WITH_MARK, () => `<div id="root" ${DRAWN_PAGE_MARK}>${drawn.html}</div>`)
    .replace('</body>', () => `${drawn.state}${start}</body>`);
}
