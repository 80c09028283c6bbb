import { MENTION_PATTERN, VIDEO_TIME_PATTERN, YT_CUSTOMER_COMMENT_PATTERN } from '@cutroom/domain';
import { formatClock } from './format';

export type CommentToken =
  | { type: 'text'; text: string }
  | { type: 'link'; href: string; text: string }
  | { type: 'time'; seconds: number; text: string }
  | { type: 'mention'; text: string }
  | { type: 'yt-customer'; text: string };

const URL_SOURCE = String.raw`https?:\/\/[^\s<>"'` + '`' + String.raw`]+`;
const TOKEN = new RegExp(
  [URL_SOURCE, VIDEO_TIME_PATTERN.source, MENTION_PATTERN.source, YT_CUSTOMER_COMMENT_PATTERN.source]
    .map((s) => `(?:${s})`)
    .join('|'),
  'g',
);
/** A sentence's full stop or a closing bracket after a link belongs to the sentence, not the link. */
const TRAILING = /[.,!?;:)\]]+$/;

/**
 * Splits a plain-text note into what the chat renders: links, @VT{seconds} jumps, role mentions and
 * the YouTube-section marker. Everything else stays text, so nothing in a note is ever read as HTML.
 */
export function tokenizeComment(note: string): CommentToken[] {
  const tokens: CommentToken[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = tokens.at(-1);
    if (last?.type === 'text') last.text += text;
    else tokens.push({ type: 'text', text });
  };
  let at = 0;
  for (const match of note.matchAll(TOKEN)) {
    const start = match.index;
    let text = match[0];
    pushText(note.slice(at, start));
    at = start + text.length;
    if (/^https?:/i.test(text)) {
      const trail = TRAILING.exec(text)?.[0] ?? '';
      text = text.slice(0, text.length - trail.length);
      tokens.push({ type: 'link', href: text, text });
      pushText(trail);
    } else if (text.startsWith('@VT{')) {
      tokens.push({ type: 'time', seconds: Number(text.slice(4, -1)), text });
    } else if (text.startsWith('@YT_CUS_CMNT')) {
      tokens.push({ type: 'yt-customer', text });
    } else {
      tokens.push({ type: 'mention', text });
    }
  }
  pushText(note.slice(at));
  return tokens;
}

/** The first timecode of a note, in seconds (fractions kept), or null. */
export function firstTimecode(note: string): number | null {
  const token = tokenizeComment(note).find((t) => t.type === 'time');
  return token?.type === 'time' ? token.seconds : null;
}

/** A note as one line of plain words for quotes and tooltips: timecodes as m:ss, markers dropped. */
export function plainQuote(note: string): string {
  return tokenizeComment(note)
    .map((t) => (t.type === 'time' ? formatClock(t.seconds) : t.type === 'yt-customer' ? '' : t.text))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}
