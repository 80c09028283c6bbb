import { RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS } from '@cutroom/domain';

/**
 * Rich text the way the server's sanitizer keeps it (the domain's RICH_TEXT_TAGS): only the
 * editor's tags, links only to http(s) and mailto, no other attributes. Stored HTML is already clean;
 * this also covers what hasn't been saved yet (a live preview), so nothing unsafe ever reaches the page.
 */
const KEPT = new Set<string>(RICH_TEXT_TAGS);
/** Elements whose content is not text to show. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'svg',
  'math',
  'head',
]);
const SAFE_HREF = new RegExp(`^(${RICH_TEXT_LINK_SCHEMES.join('|')}):`, 'i');

function copyInto(from: Node, to: Node, doc: Document) {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const tag = (child as Element).tagName.toLowerCase();
    if (DROPPED.has(tag)) continue;
    if (!KEPT.has(tag)) {
      // An unknown wrapper goes, its text stays.
      copyInto(child, to, doc);
      continue;
    }
    const made = doc.createElement(tag);
    const href = tag === 'a' ? ((child as Element).getAttribute('href') ?? '').trim() : '';
    if (SAFE_HREF.test(href)) {
      made.setAttribute('href', href);
      made.setAttribute('target', '_blank');
      made.setAttribute('rel', 'noopener noreferrer');
    }
    copyInto(child, made, doc);
    to.appendChild(made);
  }
}

/** On the server, which has no DOM, its own sanitizer with the same allow-list (first-screen/render.tsx). */
let serverSanitizer: ((html: string) => string) | null = null;
export const setServerSanitizer = (sanitize: (html: string) => string) => {
  serverSanitizer = sanitize;
};

/** `html` rebuilt from the allow-list; parsed inertly (DOMParser runs no scripts and loads nothing). */
export function safeHtml(html: string): string {
  if (typeof DOMParser === 'undefined') {
    if (!serverSanitizer) throw new Error('rich text drawn on the server without its sanitizer');
    return serverSanitizer(html);
  }
  const source = new DOMParser().parseFromString(html, 'text/html');
  const doc = document.implementation.createHTMLDocument('');
  const box = doc.createElement('div');
  copyInto(source.body, box, doc);
  return box.innerHTML;
}
