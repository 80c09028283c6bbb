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

/** The text inside sanitized rich text, for length checks and previews. */
export function plainTextOf(html: string | null | undefined): string {
  if (!html) return '';
  if (typeof DOMParser === 'undefined') return serverPlainText(html);
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
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
