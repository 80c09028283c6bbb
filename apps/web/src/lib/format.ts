/** 83 → '1:23', 3725 → '1:02:05': the timecode a review tool shows. */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return clockOf(total);
}

/**
 * A clip's length and the playhead beside it: the length rounds (a 7.97 s clip is 0:08, not 0:07), the
 * playhead shows whole seconds gone until the end, where it reads the length (issue 18).
 */
export function playerClock(time: number, duration: number): string {
  const length = Math.round(Number.isFinite(duration) ? Math.max(0, duration) : 0);
  const atEnd = duration > 0 && time >= duration - 0.05;
  return `${atEnd ? clockOf(length) : formatClock(Math.min(time, length))} / ${clockOf(length)}`;
}

function clockOf(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The last texts read, by their markup: a card's page draws the same notes again and again. */
const plainTexts = new Map<string, string>();
const PLAIN_TEXTS_KEPT = 200;
let parser: HTMLTemplateElement | undefined;

/** The text inside sanitized rich text, for length checks and previews. */
export function plainTextOf(html: string | null | undefined): string {
  if (!html) return '';
  if (typeof document === 'undefined') return serverPlainText(html);
  const known = plainTexts.get(html);
  if (known !== undefined) return known;
  // A template's content is parsed inertly (nothing runs or loads), and one element serves every call: a new
  // document per call (DOMParser) cost a phone milliseconds each while a card's page hydrated.
  parser ??= document.createElement('template');
  parser.innerHTML = html;
  const text = (parser.content.textContent ?? '').replace(/\s+/g, ' ').trim();
  parser.innerHTML = '';
  if (plainTexts.size >= PLAIN_TEXTS_KEPT) plainTexts.delete(plainTexts.keys().next().value!);
  plainTexts.set(html, text);
  return text;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The same text without a DOM, for the server's drawing of a card (issue 36): stored rich text is the
 * sanitizer's output (tags of the allow-list, these entities), whose text is what is between the tags.
 */
export function serverPlainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
