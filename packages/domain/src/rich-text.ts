/**
 * What the rich-text editor can produce, kept by the server's sanitizer and by the browser's preview
 * alike: these tags, links only (href, target, rel) to these schemes, no other attributes.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'span',
] as const;
export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

const BLOCK_END = /<\/(p|li|h\d)>|<br\s*\/?>/gi;
const TAG = /<[^>]*>/g;
/** The entities a sanitizer writes into text, read back. */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** Sanitized rich text as one line of plain text: blocks become spaces, tags go, entities are read back. */
export function richTextAsLine(html: string): string {
  return html
    .replace(BLOCK_END, ' ')
    .replace(TAG, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
}
