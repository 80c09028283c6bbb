// The page around a first screen the server drew (issue 36; first-screen.ts draws it).
import { DRAWN_PAGE_MARK } from '@cutroom/domain';

/** index.html's #root with its loading mark, which a drawn first screen takes the place of (whitespace too: React hydrates every node). */
const ROOT_WITH_MARK = /<div id="root">\s*<!--boot-->[\s\S]*<!--\/boot-->\s*<\/div>/;
/** The build's entry script and its module preloads in index.html's head. */
const ENTRY = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;
/** apps/web/public/first-screen-start.js */
export const START_SCRIPT = '/first-screen-start.js';

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * index.html with a drawn first screen: the markup in #root, marked until the app has taken it over
 * (app/routes.tsx; the start script holds a tap until then and replays it), the data it was drawn from, and the
 * app's scripts started once the page has painted (public/first-screen-start.js) rather than from the head,
 * where on a slow phone they share the connection with the style sheets and run before the first paint.
 * `modules` are the route's own scripts, fetched with the entry's; `later` the files of the page a tap opens
 * next (the card from the board, the board from a card), fetched once the page is idle and run on use.
 */
export function drawnPage(
  html: string,
  drawn: { html: string; state: string },
  modules: string[],
  later: string[] = [],
): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry || !ROOT_WITH_MARK.test(html)) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const start =
    `<script defer src="${START_SCRIPT}" data-app="${attribute(entry)}"` +
    ` data-modules="${attribute(JSON.stringify([...new Set([...preloads, ...modules])]))}"` +
    ` data-later="${attribute(JSON.stringify(later))}"></script>`;
  return html
    .replace(ENTRY, '')
    .replace(MODULE_PRELOAD, '')
    .replace(ROOT_WITH_MARK, () => `<div id="root" ${DRAWN_PAGE_MARK}>${drawn.html}</div>`)
    .replace('</body>', () => `${drawn.state}${start}</body>`);
}
