import { CLOCK_TIME_ZONE } from '@cutroom/domain';

/** 83 → '1:23', 3725 → '1:02:05': the timecode a review tool shows. */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const estFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CLOCK_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Due dates and creation times are shown in New York time, labelled EST as the spec does. */
export const formatEst = (iso: string | null | undefined): string =>
  iso ? `${estFormat.format(new Date(iso))} EST` : '—';

const parts = (date: Date) => {
  const out: Record<string, number> = {};
  for (const p of new Intl.DateTimeFormat('en-US', {
    timeZone: CLOCK_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
};

/** New York's offset from UTC at an instant, in ms (negative: behind UTC). */
function nyOffset(ms: number): number {
  const p = parts(new Date(ms));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the picker's 'YYYY-MM-DD HH:mm:ss' wall time in New York. */
export function isoToNyWall(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const p = parts(new Date(iso));
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** The picker's New York wall time back to an ISO instant (DST-aware), or null when it isn't a date. */
export function nyWallToIso(wall: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(wall ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  let ms = asUtc - nyOffset(asUtc);
  // The offset at the guess may differ from the offset at the answer across a DST change.
  ms = asUtc - nyOffset(ms);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** A chat time in the viewer's own zone, e.g. '3:04 PM'. */
export const formatChatTime = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** The day heading of a chat group in the viewer's zone, e.g. 'Monday, Jan 5'. */
export const formatChatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { weekday: 'long', month: 'short', day: 'numeric', year: 'numeric' });

export const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ').trim();

/** The text inside sanitized rich text, for length checks and previews. */
export function plainTextOf(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
