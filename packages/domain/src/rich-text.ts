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
