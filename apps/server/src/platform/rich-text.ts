import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS } from '@cutroom/domain';

/** What the rich-text editor can produce; everything else (scripts, handlers, styles) is dropped. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};

export function sanitizeRichText(html: string | undefined | null): string | null {
  if (html === undefined || html === null) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  // An editor left empty still sends <p></p>.
  return clean.replace(/<p>\s*<\/p>/g, '').trim() === '' ? null : clean;
}

const TAG = /<\/?[a-z!?][^>]*>/gi;

/** Chat notes are plain text: markup is removed (until none is left), control characters too. */
export function toPlainText(text: string): string {
  let out = text;
  for (let previous = ''; previous !== out;) {
    previous = out;
    out = out.replace(TAG, '');
  }
  // eslint-disable-next-line no-control-regex
  return out.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
}
