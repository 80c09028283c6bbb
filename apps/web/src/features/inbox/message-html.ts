/**
 * The inbox stores rich text (sanitized HTML, spec 002 §3). The composer is a plain textarea: its text
 * goes out escaped, a paragraph per blank-line block and a <br> per line; editing reads it back.
 */
const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((block) => `<p>${block.split('\n').map(escape).join('<br>')}</p>`)
    .join('');
}

/** The text of stored HTML, lines kept; parsed inertly (DOMParser runs no scripts and loads nothing). */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n\n')
    .replace(/<\/(li|h\d|blockquote|pre)>/gi, '\n');
  const doc = new DOMParser().parseFromString(marked, 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
